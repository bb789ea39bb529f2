import { POLL } from '@app/contract/constants';
import {
  CENTRAL_WALLET,
  CENTRAL_WALLET_NAME,
  transferError,
  WALLET_MSG,
  WALLET_SERVER_MSG,
} from '@app/contract/wallet-rules';
import Switch from 'antd-mobile/es/components/switch';
import { type FormEvent, useState } from 'react';
import { NoteAndSubmit } from '@/shared/forms/note-and-submit';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { amountToInput, parseAmountInput, sanitizeAmountInput } from '@/shared/lib/amount-input';
import { formatCurrency } from '@/shared/lib/money';
import { useUserInfo } from '@/shared/session/get-user';
import { toast } from '@/shared/ui/feedback';
import { FieldAction, FieldInput, FormField } from '@/shared/ui/form-field';
import { IconChevronDown, IconInfo, IconSwapHoriz } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import type { VenueBalance } from '@/shared/wallet/get-venue-balances';
import { useWalletBalances, type WalletBalances } from '@/shared/wallet/use-wallet-balances';
import { VenueGrid } from '@/shared/wallet/venue-grid';
import { WalletSummary } from '@/shared/wallet/wallet-summary';
import { useTransfer } from '../api/transfer';
import { useUpdateTransferStatus } from '../api/update-transfer-status';
import { WalletSelectSheet } from '../components/wallet-select-sheet';
import styles from './transfer-page.module.css';

/**
 * /transfer, 转账 (spec 2, 4, 5): balances with 一键回收, the 自动免转 switch and, while it is off,
 * the manual transfer: source and target wallets (platform wallet and first venue to start with),
 * amount with 最大金额, 立即转账. Venue balances are polled every 1.5 s while the page is visible.
 */
export function TransferPage() {
  const balances = useWalletBalances(POLL.transferMs);
  const user = useUserInfo();
  const automatic = user?.transferstatus === 1;
  const switchStatus = useUpdateTransferStatus();

  const onSwitch = async (on: boolean) => {
    try {
      await switchStatus.mutateAsync(on ? 1 : 0);
      toast.success(WALLET_MSG.switched);
    } catch {
      // The client showed the server's message; the switch stays as the server has it.
    }
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.transfer} />
      <WalletSummary balances={balances} centralLabel={CENTRAL_WALLET_NAME} />
      <section className={styles.auto}>
        <div className={styles.autoText}>
          <h2 className={styles.autoTitle}>{TW.autoTransfer}</h2>
          <p className={styles.autoHint}>{TW.autoTransferHint}</p>
        </div>
        <Switch
          className={styles.switch}
          checked={automatic}
          onChange={onSwitch}
          loading={switchStatus.isPending}
          aria-label={TW.autoTransfer}
          tabIndex={0}
        />
      </section>
      {automatic ? (
        <>
          <p className={styles.autoNote}>
            <IconInfo />
            {TW.autoTransferOn}
          </p>
          <VenueGrid venues={balances.venues} loading={balances.venuesLoading} />
        </>
      ) : (
        <ManualTransfer balances={balances} />
      )}
    </div>
  );
}

/** The manual transfer form and the venues, a tap on one making it the target. */
function ManualTransfer({ balances }: { balances: WalletBalances }) {
  const wallets: VenueBalance[] = [
    { platname: CENTRAL_WALLET, name: CENTRAL_WALLET_NAME, balance: balances.central },
    ...balances.venues,
  ];
  const [source, setSource] = useState(CENTRAL_WALLET);
  const [chosenTarget, setTarget] = useState<string | null>(null);
  const target = chosenTarget ?? balances.venues[0]?.platname ?? '';
  const [amount, setAmount] = useState('');
  const [picking, setPicking] = useState<'source' | 'target' | null>(null);
  const transfer = useTransfer();

  const walletOf = (platname: string) => wallets.find((w) => w.platname === platname);
  const sourceWallet = walletOf(source);
  const targetWallet = walletOf(target);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (transfer.isPending) return;
    const value = parseAmountInput(amount);
    const problem = transferError({ amount: value, source, target });
    if (problem || value === null) {
      if (problem) toast.info(problem);
      return;
    }
    transfer.mutate(
      { amount: value, sourcetype: source, targettype: target },
      {
        onSuccess: (message) => {
          if (message === WALLET_SERVER_MSG.transferDone) toast.success(message);
          else toast.info(message);
          setAmount('');
        },
      },
    );
  };

  const swap = () => {
    setSource(target);
    setTarget(source);
  };

  const tags: Record<string, string> = {};
  if (target) tags[target] = TW.transferIn;
  if (source !== CENTRAL_WALLET) tags[source] = TW.transferOut;

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={TITLE.transfer}>
        <div className={styles.card}>
          <div className={styles.route}>
            <WalletBox
              id="transfer-source"
              label={TW.transferSource}
              wallet={sourceWallet}
              onClick={() => setPicking('source')}
            />
            <button type="button" className={styles.swap} onClick={swap} aria-label={TW.swapWallets}>
              <IconSwapHoriz />
            </button>
            <WalletBox
              id="transfer-target"
              label={TW.transferTarget}
              wallet={targetWallet}
              onClick={() => setPicking('target')}
            />
          </div>
          <FormField
            htmlFor="transfer-amount"
            label={TW.fieldTransferAmount}
            extra={
              <FieldAction onClick={() => setAmount(amountToInput(sourceWallet?.balance ?? 0))}>
                {TW.maxAmount}
              </FieldAction>
            }
          >
            <FieldInput
              id="transfer-amount"
              value={amount}
              onChange={(text) => setAmount(sanitizeAmountInput(text))}
              placeholder={TW.placeholderTransferAmount}
              inputMode="decimal"
              autoComplete="off"
            />
          </FormField>
        </div>
        <NoteAndSubmit
          note={WALLET_MSG.venueToVenue}
          submitText={TW.submitTransfer}
          loading={transfer.isPending}
          classes={{ note: styles.note, submit: styles.submit }}
        />
      </form>
      <VenueGrid
        venues={balances.venues}
        loading={balances.venuesLoading}
        hint={TW.venueTapHint}
        tags={tags}
        onSelect={(venue) => {
          setTarget(venue.platname);
          setSource(CENTRAL_WALLET);
        }}
      />
      <WalletSelectSheet
        title={picking === 'source' ? TW.pickSourceTitle : TW.pickTargetTitle}
        visible={picking !== null}
        onClose={() => setPicking(null)}
        wallets={wallets}
        selected={picking === 'source' ? source : target}
        onSelect={(platname) => (picking === 'source' ? setSource(platname) : setTarget(platname))}
      />
    </>
  );
}

interface WalletBoxProps {
  id: string;
  label: string;
  wallet: VenueBalance | undefined;
  onClick: () => void;
}

function WalletBox({ id, label, wallet, onClick }: WalletBoxProps) {
  return (
    <div className={styles.box}>
      <label htmlFor={id} className={styles.boxLabel}>
        {label}
      </label>
      <button type="button" id={id} className={styles.boxButton} onClick={onClick}>
        <span className={styles.boxName}>
          {wallet?.name ?? '—'}
          <IconChevronDown />
        </span>
        <span className={styles.boxBalance}>{formatCurrency(wallet?.balance ?? 0)}</span>
      </button>
    </div>
  );
}
