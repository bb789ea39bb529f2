import { T } from '@/shared/i18n/zh-cn';
import { useSession } from '@/shared/session/session-store';
import { IconRecycle } from '@/shared/ui/icons';
import { BalanceAmount } from '@/shared/wallet/balance-amount';
import { useRecoverAll } from '@/shared/wallet/recover-all';
import styles from './app-header.module.css';

/** The header's right side for a logged-in player: the balance with its refresh icon, and 一键回收. */
export function AccountActions() {
  const recover = useRecoverAll();
  const storedBalance = useSession((s) => s.userInfo?.balance);
  return (
    <div className={styles.actions}>
      <BalanceAmount className={styles.balance} fallback={storedBalance} />
      <button
        type="button"
        className={styles.recover}
        onClick={() => recover.mutate()}
        disabled={recover.isPending}
      >
        <IconRecycle />
        {T.recoverAll}
      </button>
    </div>
  );
}
