import { BetStatus } from '@app/contract/status';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TG } from '@/shared/i18n/zh-cn/games';
import { formatMoney } from '@/shared/lib/money';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import card from '@/shared/ui/record-card.module.css';
import { RecordsList } from '@/shared/ui/records-list';
import { type BetRecord, betRecordsKey, getBetRecords } from '../api/get-bet-records';
import styles from './bet-record-page.module.css';

/** A bet's status in words (spec 4): 0 无效注单, 1 已结算, 2 未结算. */
export const betStatusText = (status: number): string => TG.betStatus[status] ?? TG.unknownStatus;

const STATUS_TONE: Record<number, string | undefined> = {
  [BetStatus.invalid]: styles.invalid,
  [BetStatus.settled]: styles.settled,
  [BetStatus.unsettled]: styles.unsettled,
};

/** A win reads green with a plus, a loss red with a minus, nothing won or lost muted. */
function WinLoss({ amount }: { amount: number }) {
  const tone = amount > 0 ? styles.win : amount < 0 ? styles.loss : styles.even;
  const sign = amount > 0 ? '+' : amount < 0 ? '-' : '';
  return (
    <strong className={[styles.winLoss, tone].join(' ')} data-testid="bet-win-loss">
      {sign}
      {formatMoney(Math.abs(amount))}
    </strong>
  );
}

/**
 * /betRecord, 投注记录 (spec 2, login required): the player's bets on every platform through the
 * shared records list (date filter 近30日 to start with, page by page to last_page); each bet with its
 * game and platform, stake, win or loss, bet number, time and status in words.
 */
export function BetRecordPage() {
  return (
    <div className={card.page}>
      <PageNavBar title={TITLE.betRecord} />
      <RecordsList<BetRecord>
        label={TITLE.betRecord}
        queryKey={betRecordsKey}
        fetchPage={getBetRecords}
        itemKey={(bet) => `${bet.platform_name}/${bet.bet_id}`}
        renderItem={(bet) => (
          <article className={card.record} data-testid="bet-record">
            <div className={card.line}>
              <span className={styles.game}>{bet.game_name}</span>
              <WinLoss amount={bet.win_loss} />
            </div>
            <div className={card.line}>
              <span className={styles.platform}>{bet.platform_name}</span>
              <span className={styles.stake}>
                {TG.betAmount} {formatMoney(bet.bet_amount)}
              </span>
            </div>
            <div className={card.line}>
              <span className={styles.meta}>
                {TG.betNo} {bet.bet_id}
              </span>
              <span
                className={[styles.status, STATUS_TONE[bet.status] ?? ''].join(' ')}
                data-testid="bet-status"
              >
                {betStatusText(bet.status)}
              </span>
            </div>
            <div className={styles.meta}>{bet.created_at}</div>
          </article>
        )}
      />
    </div>
  );
}
