import type { ReactNode } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { useLocation } from '@/shared/routes/router/react';
import { useIsLoggedIn } from '@/shared/session/session-store';
import { IconCash, IconGift, IconHome, IconUser, IconWallet } from '@/shared/ui/icons';
import styles from './app-tab-bar.module.css';

interface Tab {
  path: string;
  title: string;
  icon: ReactNode;
  /** Where a logged-out player goes instead (spec 2: deposit asks to log in, withdraw to register). */
  loggedOutTarget?: string;
}

const TABS: Tab[] = [
  { path: PATH.home, title: T.tabHome, icon: <IconHome /> },
  { path: PATH.activity, title: T.tabPromotions, icon: <IconGift /> },
  {
    path: PATH.recharge,
    title: T.tabDeposit,
    icon: (
      <span className={styles.deposit}>
        <IconWallet />
      </span>
    ),
  },
  {
    path: PATH.withdrawal,
    title: T.tabWithdraw,
    icon: <IconCash />,
    loggedOutTarget: href.login({ type: '1' }),
  },
  { path: PATH.mine, title: T.tabMine, icon: <IconUser /> },
];

/**
 * The bottom tab bar of the main shell: 首页, 优惠, 充值, 取款, 我的. Plain buttons rather than
 * antd-mobile's TabBar: it is on every first screen, and five links need none of that component's code.
 */
export function AppTabBar() {
  const { pathname } = useLocation();
  const go = useAppNavigate();
  const loggedIn = useIsLoggedIn();
  return (
    <nav className={styles.bar} aria-label={T.tabBarLabel}>
      <div className={styles.items}>
        {TABS.map((tab) => (
          <button
            type="button"
            key={tab.path}
            className={tab.path === pathname ? `${styles.item} ${styles.active}` : styles.item}
            aria-current={tab.path === pathname ? 'page' : undefined}
            onClick={() => go(!loggedIn && tab.loggedOutTarget ? tab.loggedOutTarget : tab.path)}
          >
            <span className={styles.icon}>{tab.icon}</span>
            <span className={styles.title}>{tab.title}</span>
          </button>
        ))}
      </div>
    </nav>
  );
}
