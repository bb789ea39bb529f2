import { RESTRICTION_LABEL, type Restriction } from '@app/contract/protection';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { toast } from '@/shared/ui/feedback';
import styles from '@/shared/ui/settings-page.module.css';
import { useRequestReturn } from '../api/protection';
import { TP } from '../texts';

/** The restriction binding the player: its remaining term, the way to withdraw, the return request. */
export function RestrictionBanner({ restriction }: { restriction: Restriction }) {
  const go = useAppNavigate();
  const requestReturn = useRequestReturn();
  const title =
    restriction.phase === 'active'
      ? TP.restrictedBanner(RESTRICTION_LABEL[restriction.kind], restriction.ends_at)
      : restriction.phase === 'ended'
        ? TP.restrictedEnded
        : TP.restrictedReturning(restriction.opens_at ?? '');
  return (
    <section className={styles.banner} data-testid="restriction-banner">
      <p className={styles.bannerTitle}>{title}</p>
      <p className={styles.bannerText}>{TP.restrictedOnly}</p>
      <div className={styles.bannerActions}>
        <button type="button" className={styles.smallButton} onClick={() => go(PATH.withdrawal)}>
          {TP.toWithdraw}
        </button>
        {restriction.phase === 'ended' ? (
          <button
            type="button"
            className={styles.smallButton}
            onClick={() =>
              requestReturn.mutate(undefined, { onSuccess: (message) => toast.success(message) })
            }
          >
            {TP.requestReturn}
          </button>
        ) : null}
      </div>
    </section>
  );
}
