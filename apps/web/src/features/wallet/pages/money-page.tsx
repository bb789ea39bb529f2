import { POLL } from '@app/contract/constants';
import type { ReactNode } from 'react';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { PATH } from '@/shared/routes/paths';
import { IconCash, IconChevronRight, IconWallet } from '@/shared/ui/icons';
import { IconCreditCard, IconReceipt, IconSwapHoriz } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { useWalletBalances } from '@/shared/wallet/use-wallet-balances';
import { VenueGrid } from '@/shared/wallet/venue-grid';
import { WalletSummary } from '@/shared/wallet/wallet-summary';
import styles from './money-page.module.css';

interface Shortcut {
  to: string;
  title: string;
  icon: ReactNode;
}

const SHORTCUTS: Shortcut[] = [
  { to: PATH.recharge, title: TW.shortcutRecharge, icon: <IconWallet /> },
  { to: PATH.transfer, title: TW.shortcutTransfer, icon: <IconSwapHoriz /> },
  { to: PATH.withdrawal, title: TW.shortcutWithdraw, icon: <IconCash /> },
  { to: PATH.wallet, title: TW.shortcutCards, icon: <IconCreditCard /> },
];

/**
 * /money, 我的钱包 (spec 2): the central and game wallets with refresh and 一键回收, shortcuts to
 * deposit, transfer, withdraw and card management, and the venue balances (polled every 3.5 s).
 */
export function MoneyPage() {
  const balances = useWalletBalances(POLL.walletMs);
  const go = useAppNavigate();
  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.money} />
      <WalletSummary balances={balances} />
      <nav className={styles.shortcuts} aria-label={TITLE.money}>
        {SHORTCUTS.map((item) => (
          <button key={item.to} type="button" className={styles.shortcut} onClick={() => go(item.to)}>
            <span className={styles.shortcutIcon}>{item.icon}</span>
            {item.title}
          </button>
        ))}
      </nav>
      <VenueGrid venues={balances.venues} loading={balances.venuesLoading} />
      <button type="button" className={styles.records} onClick={() => go(PATH.transRecord)}>
        <IconReceipt className={styles.recordsIcon} />
        <span>{TW.fundRecords}</span>
        <IconChevronRight className={styles.recordsArrow} />
      </button>
    </div>
  );
}
