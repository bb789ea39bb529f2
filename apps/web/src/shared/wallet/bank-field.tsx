import { useState } from 'react';
import { FormValue } from '@/shared/forms/contract-form';
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
