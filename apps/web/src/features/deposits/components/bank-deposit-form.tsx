import { PAYMENT_MSG, PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { useState } from 'react';
import { Form } from '@/shared/forms/contract-form';
import { TextRow } from '@/shared/forms/text-row';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { toast } from '@/shared/ui/feedback';
import { BankField } from '@/shared/wallet/bank-field';
import { usePayBank } from '../api/get-pay-bank';
import type { PayChannel } from '../api/get-pay-way';
import { useRecharge } from '../api/recharge';
import { type AmountValues, DepositForm, EMPTY_AMOUNT } from './deposit-form';
import { ReceivingAccountBox } from './receiving-account';

const TEXT_MAX = 32;

type BankValues = AmountValues & { depositorName: string; depositorBank: string };
const empty: BankValues = { ...EMPTY_AMOUNT, depositorName: '', depositorBank: '' };

/**
 * A bank deposit (spec 2, 4): into one of the platform's receiving accounts (the first to start with),
 * with the depositor's name and bank and an amount in getPayRange's range; held for review.
 */
export function BankDepositForm({ channel }: { channel: PayChannel }) {
  const [form] = Form.useForm();
  const accounts = usePayBank(true);
  const [accountId, setAccountId] = useState<number | null>(null);
  const recharge = useRecharge();

  const accountList = accounts.data ?? [];
  const account = accountList.find((a) => a.id === accountId) ?? accountList[0] ?? null;

  const onValid = ({ depositorName, depositorBank }: BankValues, amount: number) => {
    if (!account) {
      toast.info(PAYMENT_SERVER_MSG.noReceivingAccount);
      return;
    }
    recharge.mutate(
      {
        paytype: channel.type,
        amount,
        bank: depositorBank.trim(),
        bank_address: '',
        bank_no: account.bank_no,
        bank_owner: depositorName.trim(),
        catepay: '',
      },
      {
        onSuccess: (result) => {
          toast.success(result.message || PAYMENT_MSG.submitted);
          form.setFieldsValue(empty);
        },
      },
    );
  };

  return (
    <DepositForm
      form={form}
      channel={channel}
      initialValues={empty}
      busy={recharge.isPending}
      onValid={onValid}
      above={
        <ReceivingAccountBox
          accounts={accountList}
          loading={accounts.isPending}
          selected={account}
          onSelect={(a) => setAccountId(a.id)}
        />
      }
    >
      <TextRow
        name="depositorName"
        id="depositor-name"
        label={TP.fieldDepositorName}
        placeholder={TP.placeholderDepositorName}
        maxLength={TEXT_MAX}
        autoComplete="name"
        clearable
      />
      <BankField
        name="depositorBank"
        id="depositor-bank"
        label={TP.fieldDepositorBank}
        placeholder={TP.placeholderDepositorBank}
        sheetTitle={TP.chooseDepositorBank}
      />
    </DepositForm>
  );
}
