import { bindBankError } from '@app/contract/wallet-rules';
import { type FormEvent, useState } from 'react';
import { T, TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useUserInfo } from '@/shared/session/get-user';
import { BottomSheet, SheetOption } from '@/shared/ui/bottom-sheet';
import { FieldInput, FieldSelect, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PayPasswordField } from '@/shared/ui/pay-password-field';
import { TotpCodeField } from '@/shared/ui/totp-code-field';
import { CardIcon } from '@/shared/wallet/card-icon';
import { useBankList } from '@/shared/wallet/get-bank-list';
import { useBindSubmit } from '../hooks/use-bind-submit';
import styles from './bind-page.module.css';

/** Spec 5: the card number input takes at most 19 digits. */
const CARD_NUMBER_MAX = 19;
const TEXT_MAX = 64;

/**
 * /addBankCard (spec 2, 5): owner (the player's real name to start with), bank from the bank list,
 * card number, branch address and pay password, checked in the spec's order; then 绑定成功.
 */
export function AddBankCardPage() {
  const user = useUserInfo();
  const [owner, setOwner] = useState(() => user?.realname ?? '');
  const [bank, setBank] = useState('');
  const [number, setNumber] = useState('');
  const [branch, setBranch] = useState('');
  const [payPassword, setPayPassword] = useState('');
  const [picking, setPicking] = useState(false);
  const banks = useBankList();
  const bind = useBindSubmit(2, () => setPayPassword(''));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    bind.submit(bindBankError({ owner, bank, number, branch, payPassword }), {
      bank_owner: owner.trim(),
      bank,
      bank_no: number,
      bank_address: branch.trim(),
      pay_pass: payPassword,
    });
  };

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.addBankCard} />
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.intro}>
          <CardIcon ico="bank" className={styles.introIcon} />
          <div>
            <p className={styles.introTitle}>{TW.addBankCard}</p>
            <p className={styles.introText}>{TW.bindHint}</p>
          </div>
        </div>
        <div className={styles.card}>
          <FormField htmlFor="bank-owner" label={TW.fieldBankOwner}>
            <FieldInput
              id="bank-owner"
              value={owner}
              onChange={setOwner}
              placeholder={TW.placeholderBankOwner}
              maxLength={TEXT_MAX}
              autoComplete="name"
              clearable
            />
          </FormField>
          <FormField htmlFor="bank-name" label={TW.fieldBank}>
            <FieldSelect
              id="bank-name"
              value={bank || undefined}
              placeholder={TW.placeholderBank}
              onClick={() => setPicking(true)}
            />
          </FormField>
          <FormField htmlFor="bank-number" label={TW.fieldCardNumber}>
            <FieldInput
              id="bank-number"
              value={number}
              onChange={(text) => setNumber(text.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX))}
              placeholder={TW.placeholderCardNumber}
              maxLength={CARD_NUMBER_MAX}
              inputMode="numeric"
              autoComplete="off"
              clearable
            />
          </FormField>
          <FormField htmlFor="bank-branch" label={TW.fieldBranch}>
            <FieldInput
              id="bank-branch"
              value={branch}
              onChange={setBranch}
              placeholder={TW.placeholderBranch}
              maxLength={TEXT_MAX}
              clearable
            />
          </FormField>
          <PayPasswordField
            id="bank-pay-password"
            label={T.fieldPayPassword}
            placeholder={TW.placeholderBindPayPassword}
            value={payPassword}
            onChange={setPayPassword}
          />
          <TotpCodeField id="bank-totp-code" value={bind.code} onChange={bind.setCode} />
        </div>
        <p className={styles.warning}>
          <IconInfo />
          {TW.bankBindWarning}
        </p>
        <div className={styles.submit}>
          <GoldButton type="submit" loading={bind.pending}>
            {TW.confirmBind}
          </GoldButton>
        </div>
      </form>
      <BottomSheet title={TW.chooseBank} visible={picking} onClose={() => setPicking(false)}>
        {banks.isPending ? <p className={styles.hint}>{T.loading}</p> : null}
        {(banks.data ?? []).map((name) => (
          <SheetOption
            key={name}
            selected={name === bank}
            icon={<CardIcon ico="bank" className={styles.bankOption} />}
            title={name}
            onClick={() => {
              setBank(name);
              setPicking(false);
            }}
          />
        ))}
      </BottomSheet>
    </div>
  );
}
