import type { ReactNode } from 'react';
import { TC } from '@/shared/i18n/zh-cn/content';
import styles from './content-state.module.css';

/** A content page's loading spinner. */
export function Loading() {
  return (
    <div className={styles.state} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      {TC.loadingMore}
    </div>
  );
}

/** Nothing to show, or the call failed (then a retry). */
export function EmptyState({ children, onRetry }: { children: ReactNode; onRetry?: () => void }) {
  return (
    <div className={styles.state} role={onRetry ? 'alert' : undefined}>
      <p>{children}</p>
      {onRetry ? (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {TC.retry}
        </button>
      ) : null}
    </div>
  );
}
