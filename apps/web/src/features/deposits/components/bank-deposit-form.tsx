import { PAYMENT_MSG, PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import { useState } from 'react';
import { Form } from '@/shared/forms/contract-form';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { toast } from '@/shared/ui/feedback';
import { HolderAndBankRows } from '@/shared/wallet/bank-field';
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
      <HolderAndBankRows
        names={['depositorName', 'depositorBank']}
        ids={['depositor-name', 'depositor-bank']}
        labels={[TP.fieldDepositorName, TP.fieldDepositorBank]}
        placeholders={[TP.placeholderDepositorName, TP.placeholderDepositorBank]}
        holderMaxLength={TEXT_MAX}
        sheetTitle={TP.chooseDepositorBank}
      />
    </DepositForm>
  );
}
