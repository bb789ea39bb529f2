import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { usd } from '@/shared/ui/format';
import { fetchCloseState } from '../api';

/**
 * The monthly close as the statements' reader needs it: the last month closed (when, how many
 * statements, how many still wait, what was paid) and the month the job closes next. The close is
 * the daily job's (after midnight on a Beijing month's 1st, once across the nodes), never a button's.
 */
export function CloseState() {
  const query = useQuery({ queryKey: ['agent-statements', 'close'], queryFn: fetchCloseState });
  if (query.isError)
    return <Alert type="error" showIcon title={`月结状态加载失败：${query.error.message}`} />;
  if (!query.data) return null;
  const { next_month: next, months } = query.data;
  const last = months[0];
  const waiting = `下次月结：${next}（每月1日零点后由每日任务自动结算上月）`;
  return (
    <Alert
      type={last ? 'info' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="close-state"
      title={
        last
          ? `上次月结：${last.month} 已于 ${last.finished_at} 结算，${last.statements} 份账单（待处理 ${
              last.waiting
            } 份，已发放 ${usd(last.paid)}）。${waiting}`
          : `尚无已结算的月份。${waiting}`
      }
    />
  );
}
