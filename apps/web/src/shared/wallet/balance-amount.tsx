import { T } from '@/shared/i18n/zh-cn';
import { formatCurrency } from '@/shared/lib/money';
import { IconRefresh } from '@/shared/ui/icons';
import styles from './balance-amount.module.css';
import { useBalance } from './get-balance';
import { useRefreshUserMoney } from './refresh-user-money';

interface BalanceAmountProps {
  className?: string;
  /** Shown until the first balance arrives: the stored user's balance. */
  fallback?: number;
}

/** The polled central-wallet balance ("$ 10,000.00") with its refresh icon (spec 2, header and home). */
export function BalanceAmount({ className, fallback }: BalanceAmountProps) {
  const balance = useBalance();
  const refresh = useRefreshUserMoney();
  const refreshing = refresh.isPending || balance.isFetching;
  return (
    <span className={[styles.root, className].filter(Boolean).join(' ')}>
      <span data-testid="balance">{formatCurrency(balance.data ?? fallback ?? 0)}</span>
      <button
        type="button"
        className={[styles.refresh, refresh.isPending ? styles.spinning : ''].join(' ')}
        aria-label={T.refreshBalance}
        aria-busy={refreshing}
        onClick={() => refresh.mutate()}
      >
        <IconRefresh />
      </button>
    </span>
  );
}
