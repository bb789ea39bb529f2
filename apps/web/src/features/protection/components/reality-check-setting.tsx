import { REALITY_CHECK_MINUTES } from '@app/contract/protection';
import { toast } from '@/shared/ui/feedback';
import styles from '@/shared/ui/settings-page.module.css';
import { useSetRealityCheck } from '../api/protection';
import { TP } from '../texts';

/** The reminder interval, chosen from the allowed minutes (关闭 turns it off). */
export function RealityCheckSetting({ minutes }: { minutes: number }) {
  const set = useSetRealityCheck();
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{TP.realityTitle}</h2>
      <p className={styles.sectionHint}>{TP.realityHint}</p>
      <div className={styles.chips}>
        {REALITY_CHECK_MINUTES.map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={m === minutes}
            className={[styles.chip, m === minutes ? styles.chipOn : ''].join(' ')}
            onClick={() => set.mutate(m, { onSuccess: (message) => toast.success(message) })}
          >
            {m === 0 ? TP.realityOff : TP.minutes(m)}
          </button>
        ))}
      </div>
    </section>
  );
}
