import { MSG } from '@app/contract/messages';
import { lazy, Suspense } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { copyText } from '@/shared/lib/clipboard';
import { useUserInfo, useVipLevel } from '@/shared/session/get-user';
import { toast } from '@/shared/ui/feedback';
import { IconCopy } from '@/shared/ui/icons';
import { VipBadge } from '@/shared/ui/vip-badge';
import styles from './account-panel.module.css';

// The balance's code (its refresh is a mutation) loads with the box, not with a visitor's first screen.
const BalanceAmount = lazy(() =>
  import('@/shared/wallet/balance-amount').then((m) => ({ default: m.BalanceAmount })),
);

/** Home's user box (spec 2): VIP icon, username with a copy button, balance with refresh. */
export function UserBox() {
  const user = useUserInfo();
  const vipLevel = useVipLevel();
  const copyUsername = async () => {
    if (user && (await copyText(user.username))) toast.success(MSG.copied);
  };
  return (
    <section className={styles.panel} data-testid="user-box">
      <div className={styles.row}>
        <div className={styles.identity}>
          {user ? <VipBadge level={vipLevel} /> : null}
          <span className={styles.username} data-testid="username">
            {user?.username}
          </span>
          <button type="button" className={styles.copy} onClick={copyUsername} aria-label={T.copyUsername}>
            <IconCopy />
          </button>
        </div>
      </div>
      <div className={`${styles.row} ${styles.wallet}`}>
        <span className={styles.walletLabel}>{T.centralWallet}</span>
        <Suspense fallback={<span className={styles.balance}>&nbsp;</span>}>
          <BalanceAmount className={styles.balance} fallback={user?.balance} />
        </Suspense>
      </div>
    </section>
  );
}
