import { useState } from 'react';
import { FormValue } from '@/shared/forms/contract-form';
import { TextRow } from '@/shared/forms/text-row';
import { T } from '@/shared/i18n/zh-cn';
import { BottomSheet, SheetOption } from '@/shared/ui/bottom-sheet';
import { FieldSelect, FormField } from '@/shared/ui/form-field';
import styles from './bank-field.module.css';
import { CardIcon } from './card-icon';
import { useBankList } from './get-bank-list';

interface BankPickerProps {
  id: string;
  label: string;
  placeholder: string;
  /** The title of the sheet the banks are chosen in. */
  sheetTitle: string;
  /** Given by the form (a FormValue): the chosen bank's name, or ''. */
  value?: string;
  onChange?: (bank: string) => void;
}

/** A bank row: a tap opens the bank list in a sheet. */
function BankPicker({ id, label, placeholder, sheetTitle, value = '', onChange }: BankPickerProps) {
  const [picking, setPicking] = useState(false);
  const banks = useBankList();
  return (
    <FormField htmlFor={id} label={label}>
      <FieldSelect id={id} value={value} placeholder={placeholder} onClick={() => setPicking(true)} />
      <BottomSheet title={sheetTitle} visible={picking} onClose={() => setPicking(false)}>
        {banks.isPending ? <p className={styles.loading}>{T.loading}</p> : null}
        {(banks.data ?? []).map((name) => (
          <SheetOption
            key={name}
            selected={name === value}
            icon={<CardIcon ico="bank" className={styles.bankIcon} />}
            title={name}
            onClick={() => {
              onChange?.(name);
              setPicking(false);
            }}
          />
        ))}
      </BottomSheet>
    </FormField>
  );
}

/**
 * A bank row of a form (binding a card, a bank deposit's bank), its value (the bank's name, or '')
 * held by the ContractForm around it under `name`.
 */
export function BankField({
  name,
  ...picker
}: { name: string } & Omit<BankPickerProps, 'value' | 'onChange'>) {
  return (
    <FormValue name={name}>
      <BankPicker {...picker} />
    </FormValue>
  );
}

type Pair = readonly [holder: string, bank: string];

interface HolderAndBankProps {
  /** The fields' names in the form, the inputs' ids, labels and placeholders: the holder's, then the bank's. */
  names: Pair;
  ids: Pair;
  labels: Pair;
  placeholders: Pair;
  holderMaxLength: number;
  sheetTitle: string;
}

/** A bank account's holder (a name) and bank, two rows of a form: binding a bank card, a bank deposit's depositor. */
export function HolderAndBankRows({
  names,
  ids,
  labels,
  placeholders,
  holderMaxLength,
  sheetTitle,
}: HolderAndBankProps) {
  return (
    <>
      <TextRow
        name={names[0]}
        id={ids[0]}
        label={labels[0]}
        placeholder={placeholders[0]}
        maxLength={holderMaxLength}
        autoComplete="name"
      />
      <BankField
        name={names[1]}
        id={ids[1]}
        label={labels[1]}
        placeholder={placeholders[1]}
        sheetTitle={sheetTitle}
      />
    </>
  );
}
