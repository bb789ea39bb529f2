import { type BindBankFields, bindBankError } from '@app/contract/wallet-rules';
import { ContractForm, Form } from '@/shared/forms/contract-form';
import { NoteAndSubmit } from '@/shared/forms/note-and-submit';
import { TextRow } from '@/shared/forms/text-row';
import { TITLE } from '@/shared/i18n/zh-cn';
import { TW } from '@/shared/i18n/zh-cn/wallet';
import { useUserInfo } from '@/shared/session/get-user';
import { PageNavBar } from '@/shared/ui/page-nav-bar';
import { HolderAndBankRows } from '@/shared/wallet/bank-field';
import { BindIntro } from '../components/bind-intro';
import { BindSecretRows } from '../components/bind-secret-rows';
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
        <BindIntro ico="bank" title={TW.addBankCard} text={TW.bindHint} />
        <div className={styles.card}>
          <HolderAndBankRows
            names={['owner', 'bank']}
            ids={['bank-owner', 'bank-name']}
            labels={[TW.fieldBankOwner, TW.fieldBank]}
            placeholders={[TW.placeholderBankOwner, TW.placeholderBank]}
            holderMaxLength={TEXT_MAX}
            sheetTitle={TW.chooseBank}
          />
          <TextRow
            name="number"
            id="bank-number"
            label={TW.fieldCardNumber}
            normalize={digitsOnly}
            placeholder={TW.placeholderCardNumber}
            maxLength={CARD_NUMBER_MAX}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextRow
            name="branch"
            id="bank-branch"
            label={TW.fieldBranch}
            placeholder={TW.placeholderBranch}
            maxLength={TEXT_MAX}
          />
          <BindSecretRows idPrefix="bank" />
        </div>
        <NoteAndSubmit
          note={TW.bankBindWarning}
          submitText={TW.confirmBind}
          loading={bind.pending}
          classes={{ note: styles.warning, submit: styles.submit }}
        />
      </ContractForm>
    </div>
  );
}
