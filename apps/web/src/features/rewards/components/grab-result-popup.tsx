import { REWARD_MSG } from '@app/contract/reward-rules';
import { useId } from 'react';
import { TRW } from '@/shared/i18n/zh-cn/rewards';
import { formatCurrency } from '@/shared/lib/money';
import { ModalCenterPopup } from '@/shared/ui/modal-popup';
import type { GrabResult } from '../hooks/use-grab';
import styles from './grab-result-popup.module.css';

const TITLES: Record<GrabResult['kind'], string> = {
  won: TRW.resultWonTitle,
  notStarted: TRW.resultNotStartedTitle,
  ended: TRW.resultEndedTitle,
  notEligible: TRW.resultNotEligibleTitle,
  grabbedAll: TRW.resultGrabbedAllTitle,
  failed: TRW.resultFailedTitle,
};

interface GrabResultPopupProps {
  /** The result shown; null hides the popup. */
  result: GrabResult | null;
  onClose: () => void;
  /** 立即充值 of the not-eligible popup. */
  onRecharge: () => void;
}

/**
 * The result of a grab (spec 2 and 4), each saying why: the amount won, not started, ended, the
 * not-eligible message with 立即充值, every packet grabbed (with 立即充值 while higher rules are still to
 * reach), or the server's message (spec 8: a grab failure is a popup, not a toast).
 */
export function GrabResultPopup({ result, onClose, onRecharge }: GrabResultPopupProps) {
  const titleId = useId();
  const won = result?.kind === 'won';
  return (
    <ModalCenterPopup
      visible={result !== null}
      onClose={onClose}
      labelledBy={titleId}
      bodyClassName={styles.body}
    >
      {result ? (
        <div className={[styles.card, won ? styles.won : ''].join(' ')} data-testid="grab-result">
          <div className={styles.seal} aria-hidden="true">
            {won ? '福' : '!'}
          </div>
          <h2 id={titleId} className={styles.title}>
            {TITLES[result.kind]}
          </h2>
          {result.kind === 'won' ? (
            <>
              <p className={styles.message}>{TRW.resultWon}</p>
              <p className={styles.amount} data-testid="grab-amount">
                {formatCurrency(result.amount)}
              </p>
            </>
          ) : (
            <p className={styles.message} data-testid="grab-message">
              {result.message}
            </p>
          )}
          <div className={styles.actions}>
            {result.kind === 'notEligible' || (result.kind === 'grabbedAll' && result.more) ? (
              <>
                <button type="button" className={styles.secondary} onClick={onClose}>
                  {TRW.ok}
                </button>
                <button type="button" className={styles.primary} onClick={onRecharge}>
                  {REWARD_MSG.rechargeNow}
                </button>
              </>
            ) : (
              <button type="button" className={styles.primary} onClick={onClose}>
                {TRW.ok}
              </button>
            )}
          </div>
        </div>
      ) : null}
    </ModalCenterPopup>
  );
}
