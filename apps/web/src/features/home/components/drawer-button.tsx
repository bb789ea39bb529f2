import { lazy, Suspense } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { useMessageNum } from '@/shared/session/get-message-num';
import { useLazyPopup } from '../hooks/use-lazy-popup';
import styles from './drawer-button.module.css';
import { IconMenu } from './home-icons';

const HomeDrawer = lazy(() => import('./home-drawer').then((m) => ({ default: m.HomeDrawer })));
const preload = () => void import('./home-drawer');

/**
 * The button that opens home's left drawer (spec 2), in the header on home; a red count shows how many
 * in-site messages are unread. The drawer's code loads at the first touch of the button.
 */
export function DrawerButton() {
  const drawer = useLazyPopup();
  const unread = useMessageNum();
  return (
    <>
      <button
        type="button"
        className={styles.button}
        onClick={drawer.open}
        onPointerDown={preload}
        aria-label={unread > 0 ? `${T.menu}（${T.unread(unread)}）` : T.menu}
        aria-haspopup="dialog"
        data-testid="drawer-button"
      >
        <IconMenu />
        {unread > 0 ? (
          <span className={styles.badge} data-testid="unread-badge">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {drawer.mounted ? (
        <Suspense fallback={null}>
          <HomeDrawer visible={drawer.visible} onClose={drawer.close} unread={unread} />
        </Suspense>
      ) : null}
    </>
  );
}
