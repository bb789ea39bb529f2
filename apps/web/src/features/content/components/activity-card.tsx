import { apiAssetUrl } from '@/shared/api/asset-url';
import { LazyImage } from '@/shared/ui/lazy-image';
import type { Activity } from '../api/get-activities';
import styles from './activity-card.module.css';

/** An activity of /activity: its banner in a fixed 5:2 box (nothing moves as it loads) over its title. */
export function ActivityCard({
  activity,
  onOpen,
  eager = false,
}: {
  activity: Activity;
  onOpen: () => void;
  /** One of the first screen's cards (the ones the entry preloads). */
  eager?: boolean;
}) {
  return (
    <button type="button" className={styles.card} onClick={onOpen} data-testid="activity-card">
      <LazyImage src={apiAssetUrl(activity.banner)} className={styles.banner} eager={eager} />
      <span className={styles.title}>{activity.title}</span>
    </button>
  );
}
