import { lazy, Suspense } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { useHomeNotices } from '../api/get-home-notices';
import { useLazyPopup } from '../hooks/use-lazy-popup';
import { IconVolume } from './home-icons';
import styles from './notice-bar.module.css';

const NoticePopup = lazy(() => import('./home-popups').then((m) => ({ default: m.NoticePopup })));

/** Seconds per character of the scrolling text: long notices take longer to pass. */
const SECONDS_PER_CHAR = 0.28;

/**
 * Home's notice bar (spec 2): the notices scroll by; a tap shows them all in a popup with a button
 * to the message centre (/message).
 */
export function NoticeBar() {
  const { data: notices } = useHomeNotices();
  const popup = useLazyPopup();
  const list = notices ?? [];
  const text = list.join('\u3000\u3000');
  return (
    <>
      <button
        type="button"
        className={styles.bar}
        onClick={popup.open}
        aria-label={T.notices}
        data-testid="notice-bar"
      >
        <IconVolume className={styles.icon} />
        <span className={styles.track}>
          {text ? (
            <span
              className={styles.text}
              style={{ animationDuration: `${Math.max(8, text.length * SECONDS_PER_CHAR)}s` }}
            >
              {text}
            </span>
          ) : null}
        </span>
      </button>
      {popup.mounted ? (
        <Suspense fallback={null}>
          <NoticePopup notices={list} visible={popup.visible} onClose={popup.close} />
        </Suspense>
      ) : null}
    </>
  );
}
