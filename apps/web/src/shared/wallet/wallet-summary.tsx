import type { ReactNode } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { formatCurrency } from '@/shared/lib/money';
import { IconRecycle, IconRefresh } from '@/shared/ui/icons';
import { useRecoverAll } from '@/shared/wallet/recover-all';
import type { WalletBalances } from '@/shared/wallet/use-wallet-balances';
import styles from './wallet-summary.module.css';

interface WalletSummaryProps {
  balances: WalletBalances;
  /** The central wallet's name on this page (中心钱包, or 平台钱包 on the transfer page). */
  centralLabel?: string;
  children?: ReactNode;
}

/**
 * The balances card of the wallet pages (spec 2): central and game wallets, the refresh icon and
 * 一键回收 (which shows the server's message, then reloads balances and money).
 */
export function WalletSummary({ balances, centralLabel = T.centralWallet, children }: WalletSummaryProps) {
  const recover = useRecoverAll();
  return (
    <section className={styles.card} aria-label={centralLabel}>
      <div className={styles.head}>
        <span className={styles.label}>
          {centralLabel}
          <span className={styles.unit}>{TW.currencyUnit}</span>
        </span>
        <button
          type="button"
          className={[styles.refresh, balances.refreshing ? styles.spinning : ''].join(' ')}
          onClick={balances.refresh}
          aria-label={T.refreshBalance}
          aria-busy={balances.refreshing}
        >
          <IconRefresh />
        </button>
      </div>
      <p className={styles.central} data-testid="central-balance">
        {formatCurrency(balances.central)}
      </p>
      <div className={styles.foot}>
        <div className={styles.game}>
          <span className={styles.label}>{TW.gameWallet}</span>
          <span className={styles.gameAmount} data-testid="game-balance">
            {formatCurrency(balances.game)}
          </span>
        </div>
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
      {children}
    </section>
  );
}
