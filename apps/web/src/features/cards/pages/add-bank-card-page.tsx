import { type BindBankFields, bindBankError } from '@app/contract/wallet-rules';
import { ContractForm, Form, FormValue } from '@/shared/forms/contract-form';
import { T, TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useUserInfo } from '@/shared/session/get-user';
import { FieldInput, FormField } from '@/shared/ui/form-field';
import { GoldButton } from '@/shared/ui/gold-button';
import { IconInfo } from '@/shared/ui/page-icons';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { PayPasswordField } from '@/shared/ui/pay-password-field';
import { TotpCodeField } from '@/shared/ui/totp-code-field';
import { BankField } from '@/shared/wallet/bank-field';
import { CardIcon } from '@/shared/wallet/card-icon';
import { useBindSubmit } from '../hooks/use-bind-submit';
import styles from './bind-page.module.css';

/** Spec 5: the card number input takes at most 19 digits. */
const CARD_NUMBER_MAX = 19;
const TEXT_MAX = 64;
const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, CARD_NUMBER_MAX);

type BankCardValues = BindBankFields & { code: string };

/**
 * /addBankCard (spec 2, 5): owner (the player's real name to start with), bank from the bank list,
 * card number, branch address and pay password, checked in the spec's order; then 绑定成功.
 */
export function AddBankCardPage() {
  const user = useUserInfo();
  const [form] = Form.useForm();
  const bind = useBindSubmit(2, form);
  const initialValues: BankCardValues = {
    owner: user?.realname ?? '',
    bank: '',
    number: '',
    branch: '',
    payPassword: '',
    code: '',
  };

  const onValid = ({ owner, bank, number, branch, payPassword, code }: BankCardValues) =>
    bind.submit(
      { bank_owner: owner.trim(), bank, bank_no: number, bank_address: branch.trim(), pay_pass: payPassword },
      code,
    );

  return (
    <div className={styles.page}>
      <PageNavBar title={TITLE.addBankCard} />
      <ContractForm
        form={form}
        initialValues={initialValues}
        check={bindBankError}
        onValid={onValid}
        busy={bind.pending}
      >
        <div className={styles.intro}>
          <CardIcon ico="bank" className={styles.introIcon} />
          <div>
            <p className={styles.introTitle}>{TW.addBankCard}</p>
            <p className={styles.introText}>{TW.bindHint}</p>
          </div>
        </div>
        <div className={styles.card}>
          <FormField htmlFor="bank-owner" label={TW.fieldBankOwner}>
            <FormValue name="owner">
              <FieldInput
                id="bank-owner"
                placeholder={TW.placeholderBankOwner}
                maxLength={TEXT_MAX}
                autoComplete="name"
                clearable
              />
            </FormValue>
          </FormField>
          <FormValue name="bank">
            <BankField
              id="bank-name"
              label={TW.fieldBank}
              placeholder={TW.placeholderBank}
              sheetTitle={TW.chooseBank}
            />
          </FormValue>
          <FormField htmlFor="bank-number" label={TW.fieldCardNumber}>
            <FormValue name="number" normalize={digitsOnly}>
              <FieldInput
                id="bank-number"
                placeholder={TW.placeholderCardNumber}
                maxLength={CARD_NUMBER_MAX}
                inputMode="numeric"
                autoComplete="off"
                clearable
              />
            </FormValue>
          </FormField>
          <FormField htmlFor="bank-branch" label={TW.fieldBranch}>
            <FormValue name="branch">
              <FieldInput
                id="bank-branch"
                placeholder={TW.placeholderBranch}
                maxLength={TEXT_MAX}
                clearable
              />
            </FormValue>
          </FormField>
          <FormValue name="payPassword">
            <PayPasswordField
              id="bank-pay-password"
              label={T.fieldPayPassword}
              placeholder={TW.placeholderBindPayPassword}
            />
          </FormValue>
          <FormValue name="code">
            <TotpCodeField id="bank-totp-code" />
          </FormValue>
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
      </ContractForm>
    </div>
  );
}
