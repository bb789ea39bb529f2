import type { UsdtProtocol } from '@app/contract/wallet-rules';
import { Form, FormValue } from '@/shared/forms/contract-form';
import { TP } from '@/shared/i18n/zh-cn/payments';
import { useAppNavigate } from '@/shared/navigation/use-app-navigate';
import { href } from '@/shared/routes/paths';
import { FormField } from '@/shared/ui/form-field';
import { ProtocolChoice } from '@/shared/wallet/protocol-choice';
import type { PayChannel } from '../api/get-pay-way';
import { useRecharge } from '../api/recharge';
import { type AmountValues, DepositForm, EMPTY_AMOUNT } from './deposit-form';

type UsdtValues = AmountValues & { protocol: UsdtProtocol };
const empty: UsdtValues = { ...EMPTY_AMOUNT, protocol: 'TRC20' };

/** A USDT deposit (spec 2, 4): the protocol (TRC20 by default) and an amount in getPayRange's range, then the order's page. */
export function UsdtDepositForm({ channel }: { channel: PayChannel }) {
  const [form] = Form.useForm();
  const recharge = useRecharge();
  const go = useAppNavigate();

  const onValid = ({ protocol }: UsdtValues, amount: number) =>
    recharge.mutate(
      {
        paytype: channel.type,
        amount,
        bank: '',
        bank_address: '',
        bank_no: '',
        bank_owner: '',
        catepay: protocol,
      },
      { onSuccess: (result) => go(href.payInfo(result.deposit_no, result.order_token)) },
    );

  return (
    <DepositForm
      form={form}
      channel={channel}
      initialValues={empty}
      busy={recharge.isPending}
      onValid={onValid}
    >
      <FormField labelId="usdt-protocol-label" label={TP.fieldProtocol}>
        <FormValue name="protocol">
          <ProtocolChoice labelId="usdt-protocol-label" />
        </FormValue>
      </FormField>
    </DepositForm>
  );
}
