import { useState } from 'react';
import { T } from '@/shared/i18n/zh-cn';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { BottomSheet, SheetOption } from '@/shared/ui/bottom-sheet';
import { CardIcon } from '@/shared/wallet/card-icon';
import type { ReceivingAccount } from '../api/get-pay-bank';
import { CopyButton } from './copy-button';
import styles from './receiving-account.module.css';

interface ReceivingAccountBoxProps {
  accounts: readonly ReceivingAccount[];
  loading: boolean;
  selected: ReceivingAccount | null;
  onSelect: (account: ReceivingAccount) => void;
}

/**
 * The platform account a bank deposit is paid into (spec 3 "Platform receiving account"): bank,
 * holder, number with a copy button, and the deposit quota (bank_address). With several accounts
 * the player may switch.
 */
export function ReceivingAccountBox({ accounts, loading, selected, onSelect }: ReceivingAccountBoxProps) {
  const [picking, setPicking] = useState(false);
  return (
    <section className={styles.box} aria-label={TP.receivingTitle}>
      <header className={styles.header}>
        <h2 className={styles.title}>{TP.receivingTitle}</h2>
        {accounts.length > 1 ? (
          <button type="button" className={styles.switch} onClick={() => setPicking(true)}>
            {TP.chooseReceiving}
          </button>
        ) : null}
      </header>
      {selected ? (
        <dl className={styles.rows}>
          <div className={styles.row}>
            <dt>{TP.receivingBank}</dt>
            <dd>{selected.bank_data.bank_name}</dd>
          </div>
          <div className={styles.row}>
            <dt>{TP.receivingOwner}</dt>
            <dd>{selected.bank_owner}</dd>
          </div>
          <div className={styles.row}>
            <dt>{TP.receivingNumber}</dt>
            <dd className={styles.number} data-testid="receiving-number">
              {selected.bank_no}
            </dd>
            <CopyButton text={selected.bank_no} what={TP.receivingNumber} />
          </div>
          <div className={styles.row}>
            <dt>{TP.depositQuota}</dt>
            <dd className={styles.quota}>{selected.bank_address}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.empty}>{loading ? T.loading : TP.receivingEmpty}</p>
      )}
      <p className={styles.hint}>{TP.receivingHint}</p>
      <BottomSheet title={TP.chooseReceiving} visible={picking} onClose={() => setPicking(false)}>
        {accounts.map((account) => (
          <SheetOption
            key={account.id}
            selected={account.id === selected?.id}
            icon={<CardIcon ico="bank" />}
            title={account.bank_data.bank_name}
            description={`${account.bank_owner}  ${account.bank_no}`}
            onClick={() => {
              onSelect(account);
              setPicking(false);
            }}
          />
        ))}
      </BottomSheet>
    </section>
  );
}
