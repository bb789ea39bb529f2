import { lazy, Suspense } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { useSearchParams } from '@/shared/routes/router/react';
import { IconCrown, IconHeadset } from '@/shared/ui/icons';
import { useVisitUrl, visitUrlWithPid } from '../api/get-visit-url';
import { useLazyPopup } from '../hooks/use-lazy-popup';
import { IconApps, IconYuan } from './home-icons';
import styles from './shortcuts.module.css';

const MoreMenu = lazy(() => import('./home-popups').then((m) => ({ default: m.MoreMenu })));

/** Opens an address outside the app in a new window (the page stays), or here when that is refused. */
function openOutside(url: string) {
  const opened = window.open(url, '_blank', 'noopener');
  if (!opened) window.location.assign(url);
}

/**
 * Home's shortcut buttons (spec 2): customer service (/kefu), VIP (/vip), the RMB platform (the
 * permanent address of /api/getVisitUrl, with register?pid when the page came with a referral pid),
 * and 更多, a menu of ten pages.
 */
export function Shortcuts() {
  const go = useAppNavigate();
  const [params] = useSearchParams();
  const visitUrl = useVisitUrl();
  const more = useLazyPopup();

  const openPlatform = () => {
    // Asked when home shows, so the window opens within the tap (mobile browsers block it later).
    if (visitUrl.data) openOutside(visitUrlWithPid(visitUrl.data, params.get('pid')));
    else void visitUrl.refetch();
  };

  return (
    <nav className={styles.shortcuts} aria-label={T.shortcuts}>
      <button type="button" className={styles.item} onClick={() => go(PATH.kefu)}>
        <span className={styles.icon}>
          <IconHeadset />
        </span>
        {T.shortcutService}
      </button>
      <button type="button" className={styles.item} onClick={() => go(PATH.vip)}>
        <span className={styles.icon}>
          <IconCrown />
        </span>
        {T.shortcutVip}
      </button>
      <button type="button" className={styles.item} onClick={openPlatform}>
        <span className={styles.icon}>
          <IconYuan />
        </span>
        {T.shortcutRmb}
      </button>
      <button type="button" className={styles.item} onClick={more.open} aria-haspopup="dialog">
        <span className={styles.icon}>
          <IconApps />
        </span>
        {T.shortcutMore}
      </button>
      {more.mounted ? (
        <Suspense fallback={null}>
          <MoreMenu visible={more.visible} onClose={more.close} />
        </Suspense>
      ) : null}
    </nav>
  );
}
