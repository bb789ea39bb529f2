import List from 'antd-mobile/es/components/list';
import { T } from '@/shared/i18n/zh-cn';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href, PATH } from '@/shared/routes/paths';
import { ROUTE_META } from '@/shared/routes/route-meta';
import { useUserInfo, useVipLevel } from '@/shared/session/get-user';
import { useLogout } from '@/shared/session/use-logout';
import { IconUser } from '@/shared/ui/icons';
import { VipBadge } from '@/shared/ui/vip-badge';
import { BalanceAmount } from '@/shared/wallet/balance-amount';
import styles from './mine-page.module.css';

interface MenuEntry {
  to: string;
  title: string;
}

/** The profile hub's links (spec 2, /mine), the agent entry depending on isagent. */
function menuFor(isAgent: boolean): MenuEntry[] {
  const entry = (name: keyof typeof PATH, to: string = PATH[name]) => ({ to, title: ROUTE_META[name].title });
  return [
    entry('userCent'),
    entry('userInfo'),
    entry('vip'),
    entry('activity'),
    entry('money'),
    entry('transRecord'),
    entry('betRecord'),
    entry('message'),
    entry('fanshui'),
    entry('activityRecord'),
    entry('welfare'),
    isAgent ? { to: href.agentLogin(), title: T.agentLogin } : entry('applyagent'),
    entry('app'),
    entry('boutBallBet'),
  ];
}

/** /mine (spec 2): the player's name, VIP and balance, links to the account pages, and logout. */
export function MinePage() {
  const user = useUserInfo();
  const vipLevel = useVipLevel();
  const go = useAppNavigate();
  const logout = useLogout();
  return (
    <div className={styles.page} data-testid="mine-page">
      <section className={styles.profile}>
        <div className={styles.identity}>
          <div className={styles.avatar}>
            {user?.avatar ? <img src={user.avatar} alt="" /> : <IconUser />}
          </div>
          <div>
            <div className={styles.nameRow}>
              <span className={styles.username} data-testid="username">
                {user?.username}
              </span>
              {user ? <VipBadge level={vipLevel} /> : null}
            </div>
            {user ? <p className={styles.joined}>{T.joinedDays(user.joinday)}</p> : null}
          </div>
        </div>
        <div className={styles.wallet}>
          <span className={styles.walletLabel}>{T.centralWallet}</span>
          <BalanceAmount className={styles.balance} fallback={user?.balance} />
        </div>
      </section>
      <List className={styles.menu}>
        {menuFor(user?.isagent === 1).map((item) => (
          <List.Item key={item.to} arrowIcon onClick={() => go(item.to)}>
            {item.title}
          </List.Item>
        ))}
      </List>
      <button type="button" className={styles.logout} onClick={() => void logout()}>
        {T.logout}
      </button>
    </div>
  );
}
