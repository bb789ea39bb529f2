import { REWARD_MSG } from '@app/contract/reward-rules';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TRW } from '@/shared/i18n/zh-cn/rewards';
import { formatCurrency, formatMoney } from '@/shared/lib/money';
import { toast } from '@/shared/ui/feedback';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { RecordsList, type RecordsPageQuery } from '@/shared/ui/records-list';
import { useClaimRebates } from '../api/claim-rebates';
import { getRebatePage, type RebateRecord, rebateListKey, useRebateTotals } from '../api/get-rebates';
import styles from './fanshui-page.module.css';

/** A rate in percent as the ladder shows it: 0.5%, 1.2%. */
const percent = (rate: number) => `${rate.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

/**
 * /fanshui, 返水中心 (spec 2, 4, 5): the claimable amount and the total claimed, the claim button
 * (暂无领取额度！ before any call when nothing is claimable), and the rebates by date filter through
 * the shared records list: category, betting day, valid bets, rate, amount, 未领取 or the claim time.
 */
export function FanshuiPage() {
  const queryClient = useQueryClient();
  const totals = useRebateTotals();
  const claim = useClaimRebates();
  const fetchPage = useCallback(
    (query: RecordsPageQuery) => getRebatePage(queryClient, query),
    [queryClient],
  );

  const onClaim = () => {
    if (claim.isPending) return;
    if ((totals.data?.nojisuan ?? 0) <= 0) {
      toast.info(REWARD_MSG.nothingToClaim);
      return;
    }
    claim.mutate(undefined, { onSuccess: (message) => toast.success(message) });
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.fanshui} />
      <RecordsList<RebateRecord>
        label={TRW.listTitle}
        queryKey={rebateListKey}
        fetchPage={fetchPage}
        header={
          <section className={styles.summary} aria-label={TITLE.fanshui}>
            <div className={styles.totals}>
              <div className={styles.claimable}>
                <span className={styles.totalLabel}>{TRW.claimable}</span>
                <strong className={styles.claimableValue} data-testid="rebate-claimable">
                  {totals.data ? formatCurrency(totals.data.nojisuan) : '—'}
                </strong>
              </div>
              <div className={styles.claimed}>
                <span className={styles.totalLabel}>{TRW.claimed}</span>
                <strong className={styles.claimedValue} data-testid="rebate-claimed">
                  {totals.data ? formatCurrency(totals.data.jisuan) : '—'}
                </strong>
              </div>
            </div>
            <GoldButton onClick={onClaim} loading={claim.isPending}>
              {TRW.claimAll}
            </GoldButton>
            <p className={styles.tips}>
              <IconInfo className={styles.tipsIcon} />
              {TRW.rebateTips}
            </p>
          </section>
        }
        itemKey={(record) => record.id}
        renderItem={(record) => (
          <article className={styles.record} data-testid="rebate-record">
            <div className={styles.line}>
              <span className={styles.game}>{record.gamename}</span>
              <strong className={styles.money}>+{formatMoney(record.money)}</strong>
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{TRW.rebateDay}</dt>
                <dd>{record.day}</dd>
              </div>
              <div>
                <dt>{TRW.validAmount}</dt>
                <dd>{formatMoney(record.valid_amount)}</dd>
              </div>
              <div>
                <dt>{TRW.rate}</dt>
                <dd>{percent(record.rate)}</dd>
              </div>
            </dl>
            <div className={styles.line}>
              {record.state === 0 ? (
                <span className={[styles.state, styles.unclaimed].join(' ')} data-testid="rebate-state">
                  {TRW.unclaimed}
                </span>
              ) : (
                <span className={styles.state} data-testid="rebate-state">
                  {TRW.claimedAt} {record.updated_at}
                </span>
              )}
            </div>
          </article>
        )}
      />
    </div>
  );
}
