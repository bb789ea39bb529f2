import { formatCurrency } from '@/shared/lib/money';
import { BottomSheet, SheetOption } from '@/shared/ui/bottom-sheet';
import type { VenueBalance } from '@/shared/wallet/get-venue-balances';

interface WalletSelectSheetProps {
  title: string;
  visible: boolean;
  onClose: () => void;
  /** The platform wallet first, then the venues. */
  wallets: readonly VenueBalance[];
  selected: string;
  onSelect: (platname: string) => void;
}

/** The bottom sheet to choose a transfer's source or target wallet, each with its balance. */
export function WalletSelectSheet({
  title,
  visible,
  onClose,
  wallets,
  selected,
  onSelect,
}: WalletSelectSheetProps) {
  return (
    <BottomSheet title={title} visible={visible} onClose={onClose}>
      {wallets.map((wallet) => (
        <SheetOption
          key={wallet.platname}
          selected={wallet.platname === selected}
          title={wallet.name}
          aside={formatCurrency(wallet.balance)}
          onClick={() => {
            onSelect(wallet.platname);
            onClose();
          }}
        />
      ))}
    </BottomSheet>
  );
}
