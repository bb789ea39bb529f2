import { T } from '@/shared/i18n/zh-cn';
import { useNavigation } from '@/shared/routes/router/react';
import { Spinner } from '@/shared/ui/spinner';
import styles from './route-status.module.css';

/** A thin bar at the top while the next page's code loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'loading' ? (
    <div className={styles.progress} role="progressbar" aria-label={T.loading} />
  ) : null;
}

/** Shown while the first page's code loads. */
export function RouteFallback() {
  return (
    <div className={styles.fallback} role="status" aria-label={T.loading}>
      <Spinner size={32} />
    </div>
  );
}

/** A page failed to load (typically a new deployment replaced its chunk): offer a reload. */
export function RouteError() {
  return (
    <div className={styles.error} role="alert">
      <p>{T.loadFailed}</p>
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {T.reload}
      </button>
    </div>
  );
}
