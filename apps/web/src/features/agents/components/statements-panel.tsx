import { useState } from 'react';
import { TA } from '@/shared/i18n/zh-cn/agents';
import { formatMoney } from '@/shared/lib/money';
import { RecordsList } from '@/shared/ui/records-list';
import { getStatements, type StatementSummary, statementsKey } from '../api/get-statements';
import styles from './agent-centre.module.css';
import { StatementSheet } from './statement-sheet';
import { StatementState } from './statement-state';

/** 佣金账单: each closed month's statement, newest first; a tap opens its lines. */
export function StatementsPanel() {
  const [open, setOpen] = useState<StatementSummary | null>(null);
  return (
    <>
      <RecordsList<StatementSummary>
        label={TA.tabs.statements}
        queryKey={statementsKey}
        fetchPage={getStatements}
        dateFilter={false}
        itemKey={(s) => s.id}
        renderItem={(s) => (
          <button type="button" className={[styles.link, styles.card].join(' ')} onClick={() => setOpen(s)}>
            <div className={styles.row} data-testid="statement">
              <span className={styles.lineName}>{TA.statementMonth(s.month)}</span>
              <StatementState state={s.state} label={s.state_label} />
            </div>
            <div className={styles.row}>
              <span>{TA.net}</span>
              <span>{formatMoney(s.net_loss)}</span>
            </div>
            <div className={styles.row}>
              <span>{TA.total}</span>
              <span>{formatMoney(s.total)}</span>
            </div>
            <div className={styles.row}>
              <span>{TA.paid}</span>
              <span>{formatMoney(s.paid)}</span>
            </div>
          </button>
        )}
      />
      <StatementSheet id={open?.id ?? null} month={open?.month ?? ''} onClose={() => setOpen(null)} />
    </>
  );
}
