import { lazy, Suspense } from 'react';
import { DrawerButton } from '@/features/home/components/drawer-button';
import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { useLocation } from '@/shared/routes/router/react';
import { useAppInfo } from '@/shared/session/get-app-info';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { IconCrown } from '@/shared/ui/icons';
import styles from './app-header.module.css';

// A player's balance and 一键回收 load with a session: a visitor's first screen needs none of their code.
const AccountActions = lazy(() => import('./account-actions').then((m) => ({ default: m.AccountActions })));

/**
 * The shell's header (spec 2): on home the menu button of its left drawer, the logo, then 登录 / 注册
 * when logged out, or the balance with its refresh icon and the 一键回收 (recover all) button when
 * logged in.
 */
export function AppHeader() {
  const go = useAppNavigate();
  const appInfo = useAppInfo();
  const loggedIn = useIsLoggedIn();
  const onHome = useLocation().pathname === PATH.home;
  return (
    <header className={styles.header}>
      <div className={styles.start}>
        {onHome ? <DrawerButton /> : null}
        <button
          type="button"
          className={styles.logo}
          onClick={() => go(PATH.home)}
          aria-label={appInfo?.title}
        >
          <span className={styles.logoMark}>
            <IconCrown />
          </span>
          <span className={styles.logoText}>{appInfo?.title}</span>
        </button>
      </div>
      {loggedIn ? (
        <Suspense fallback={<div className={styles.actions} />}>
          <AccountActions />
        </Suspense>
      ) : (
        <AuthButtons onGo={go} />
      )}
    </header>
  );
}

function AuthButtons({ onGo }: { onGo: (to: string) => void }) {
  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={`${styles.authButton} ${styles.login}`}
        onClick={() => onGo(href.login())}
      >
        {T.login}
      </button>
      <button
        type="button"
        className={`${styles.authButton} ${styles.register}`}
        onClick={() => onGo(href.login({ type: '1' }))}
      >
        {T.register}
      </button>
    </div>
  );
}
