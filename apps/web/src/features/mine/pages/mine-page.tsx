import List from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { TA } from '@/shared/i18n/zh-cn/account';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH, type RouteName } from '@/shared/routes/paths';
import { ROUTE_META } from '@/shared/routes/route-meta';
import { useUserInfo, useVipLevel } from '@/shared/session/get-user';
import { useLogout } from '@/shared/session/use-logout';
import { useOpenSupport } from '@/shared/support/get-service-url';
import {
  IconCash,
  IconChevronRight,
  IconCrown,
  IconGift,
  IconHeadset,
  IconIdCard,
  IconLock,
  IconVerify,
  IconWallet,
} from '@/shared/ui/icons';
import { IconCreditCard, IconReceipt, IconSwapHoriz } from '@/shared/ui/page-icons';
import { VipBadge } from '@/shared/ui/vip-badge';
import { BalanceAmount } from '@/shared/wallet/balance-amount';
import {
  IconAssignment,
  IconCampaign,
  IconDownload,
  IconGamepad,
  IconGroup,
  IconHelp,
  IconLogout,
  IconMail,
  IconSettings,
  IconTag,
} from '../components/mine-icons';
import styles from './mine-page.module.css';

interface MenuEntry {
  to: string;
  title: string;
  icon: ReactNode;
}

const entry = (name: RouteName, icon: ReactNode, to: string = PATH[name]): MenuEntry => ({
  to,
  title: ROUTE_META[name].title,
  icon,
});

/** The wallet card's shortcuts: deposit, transfer, withdraw, card management. */
const SHORTCUTS: MenuEntry[] = [
  { to: PATH.recharge, title: TW.shortcutRecharge, icon: <IconWallet /> },
  { to: PATH.transfer, title: TW.shortcutTransfer, icon: <IconSwapHoriz /> },
  { to: PATH.withdrawal, title: TW.shortcutWithdraw, icon: <IconCash /> },
  { to: PATH.wallet, title: TW.shortcutCards, icon: <IconCreditCard /> },
];

/** The profile hub's links (spec 2, /mine) in groups; the agent entry depends on isagent. */
function menuFor(isAgent: boolean): { title: string; items: MenuEntry[] }[] {
  return [
    {
      title: TA.groupRecords,
      items: [
        entry('transRecord', <IconReceipt />),
        entry('betRecord', <IconGamepad />),
        entry('activityRecord', <IconAssignment />),
        entry('welfare', <IconGift />),
      ],
    },
    {
      title: TA.groupBenefits,
      items: [
        entry('vip', <IconCrown />),
        entry('activity', <IconCampaign />),
        entry('fanshui', <IconTag />),
        entry('message', <IconMail />),
      ],
    },
    {
      title: TA.groupMore,
      items: [
        entry('userCent', <IconSettings />),
        entry('security', <IconLock />),
        entry('protection', <IconVerify />),
        entry('userInfo', <IconIdCard />),
        isAgent
          ? { to: href.agentLogin(), title: T.agentLogin, icon: <IconGroup /> }
          : entry('applyagent', <IconGroup />),
        entry('app', <IconDownload />),
        entry('boutBallBet', <IconHelp />),
      ],
    },
  ];
}

/**
 * /mine (spec 2, cached): the avatar (tap to upload a PNG or GIF), name, VIP icon, days since joining,
 * the central wallet with refresh and shortcuts, the support link, every account page, and logout.
 * `avatar` draws the avatar from its path (the account feature's upload, composed by app/).
 */
export function MinePage({ avatar }: { avatar: (path: string | undefined) => ReactNode }) {
  const user = useUserInfo();
  const vipLevel = useVipLevel();
  const go = useAppNavigate();
  const logout = useLogout();
  const openSupport = useOpenSupport();
  return (
    <div className={styles.page} data-testid="mine-page">
      <section className={styles.profile}>
        <button type="button" className={styles.support} onClick={() => void openSupport()}>
          <IconHeadset />
          {TA.support}
        </button>
        <div className={styles.identity}>
          {avatar(user?.avatar)}
          <div className={styles.who}>
            <div className={styles.nameRow}>
              <span className={styles.username} data-testid="username">
                {user?.username}
              </span>
              {user ? <VipBadge level={vipLevel} /> : null}
            </div>
            {user ? (
              <p className={styles.joined} data-testid="joinday">
                {T.joinedDays(user.joinday)}
              </p>
            ) : null}
          </div>
        </div>
        <div className={styles.wallet}>
          <button type="button" className={styles.walletHead} onClick={() => go(PATH.money)}>
            <span className={styles.walletLabel}>{T.centralWallet}</span>
            <span className={styles.walletLink}>
              {ROUTE_META.money.title}
              <IconChevronRight />
            </span>
          </button>
          <BalanceAmount className={styles.balance} fallback={user?.balance} />
          <nav className={styles.shortcuts} aria-label={ROUTE_META.money.title}>
            {SHORTCUTS.map((item) => (
              <button key={item.to} type="button" className={styles.shortcut} onClick={() => go(item.to)}>
                <span className={styles.shortcutIcon}>{item.icon}</span>
                {item.title}
              </button>
            ))}
          </nav>
        </div>
      </section>
      {menuFor(user?.isagent === 1).map((group) => (
        <List key={group.title} className={styles.menu} header={group.title}>
          {group.items.map((item) => (
            <List.Item
              key={item.to}
              prefix={<span className={styles.menuIcon}>{item.icon}</span>}
              arrowIcon
              onClick={() => go(item.to)}
            >
              {item.title}
            </List.Item>
          ))}
        </List>
      ))}
      <button type="button" className={styles.logout} onClick={() => void logout()}>
        <IconLogout />
        {T.logout}
      </button>
    </div>
  );
}
