import { Form } from '@/shared/forms/contract-form';
import { leaveApp } from '@/shared/navigation/leave-app';
import { useUserInfo } from '@/shared/session/get-user';
import { useGatewayRecharge } from '../api/gateway-recharge';
import type { PayChannel } from '../api/get-pay-way';
import { storePendingDeposit } from '../hooks/use-pending-deposit';
import { DepositForm, EMPTY_AMOUNT } from './deposit-form';

/**
 * An online channel (spec 2, 4, 9): its fixed amounts as choices, or its range, then the gateway's
 * checkout; the order is remembered, to be looked up on the next visit.
 */
export function OnlineDepositForm({ channel }: { channel: PayChannel }) {
  const [form] = Form.useForm();
  const user = useUserInfo();
  const gateway = useGatewayRecharge();

  const onValid = (_: unknown, amount: number) =>
    gateway.mutate(
      { payAmount: amount, username: user?.username ?? '', payType: channel.type },
      {
        onSuccess: ({ orderNo, url }) => {
          storePendingDeposit(orderNo);
          leaveApp(url);
        },
      },
    );

  return (
    <DepositForm
      form={form}
      channel={channel}
      initialValues={EMPTY_AMOUNT}
      busy={gateway.isPending}
      onValid={onValid}
    />
  );
}
