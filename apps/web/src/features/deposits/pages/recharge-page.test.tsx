import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveApp } from '@/shared/navigation/leave-app';
import { callsTo, expectToast, ok, type Route, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';
import { PENDING_DEPOSIT_KEY } from '../hooks/use-pending-deposit';

vi.mock('@/shared/navigation/leave-app', () => ({ leaveApp: vi.fn() }));

const ALIPAY_AMOUNTS = [100, 200, 300, 500, 800, 1000, 2000, 3000];
const channels = [
  { type: 'usdt', name: 'USDT', kind: 'usdt', rule: { type: 'range', min: 100, max: 10000 } },
  { type: 'card', name: '银行卡', kind: 'bank', rule: { type: 'range', min: 100, max: 10000 } },
  { type: 'wechat', name: '微信', kind: 'online', rule: { type: 'range', min: 200, max: 2000 } },
  { type: 'pipay', name: '支付宝', kind: 'online', rule: { type: 'fixed', values: ALIPAY_AMOUNTS } },
];
const account = {
  id: 7,
  bank_no: '6222020200112233445',
  bank_owner: '星运科技有限公司',
  bank_data: { bank_name: '中国工商银行' },
  bank_address: '单笔100-50000',
};
const usdtCard = {
  id: 11,
  bank: 'USDT',
  bank_owner: 'TRC20',
  bank_no: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  bank_address: '',
  ico: 'usdt-trc20',
};

function rechargeServer(extra: Record<string, Route> = {}) {
  return stubApi({
    '/api/get_pay_way': ok({
      usdt: 1,
      card: 1,
      wechat: 1,
      pipay: 1,
      dcep: 0,
      qqpay: 0,
      unionpay: 0,
      list: channels,
    }),
    '/api/getPayRange': (body) =>
      ok(body.type === 'usdt' ? { min_price: 50, max_price: 5000 } : { min_price: 100, max_price: 50000 }),
    '/api/getpaybank': ok([account]),
    '/api/banklist': ok([{ bank_name: '中国工商银行' }, { bank_name: '招商银行' }]),
    '/api/getcard': (body) => ok(body.type === 2 ? [usdtCard] : []),
    '/api/recharge': (body) =>
      body.paytype === 'usdt'
        ? ok({ deposit_no: 'D20260101000001', url: '', order_token: 'tok-0001' }, 'D20260101000001')
        : ok({ deposit_no: 'D20260101000002', url: '', order_token: 'tok-0002' }, PAYMENT_MSG.submitted),
    '/pay/api/recharge': ok({ orderNo: 'P20260101000003', url: '/pay/checkout/P20260101000003' }),
    ...extra,
  });
}

async function openRecharge(extra?: Record<string, Route>) {
  logIn();
  const calls = rechargeServer(extra);
  const view = renderApp('/recharge');
  await screen.findByRole('radiogroup', { name: '充值方式' });
  return { ...view, calls };
}

const submit = (user: UserEvent, name = '立即充值') => user.click(screen.getByRole('button', { name }));
const amountField = () => screen.getByLabelText('充值金额') as HTMLInputElement;
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

beforeEach(() => {
  vi.mocked(leaveApp).mockClear();
});

describe('/recharge', () => {
  it('offers the channels in the server order and starts on the first, USDT with TRC20', async () => {
    await openRecharge();
    const group = screen.getByRole('radiogroup', { name: '充值方式' });
    const order = within(group)
      .getAllByRole('radio')
      .map((r) => (r as HTMLInputElement).value);
    expect(order).toEqual(['usdt', 'card', 'wechat', 'pipay']);
    for (const name of ['USDT', '银行卡', '微信', '支付宝']) expect(radio(name)).toBeTruthy();
    expect(radio('USDT').checked).toBe(true);
    expect(radio('TRC20').checked).toBe(true);
    expect(radio('ERC20').checked).toBe(false);
    // The range getPayRange answers for usdt.
    await waitFor(() => expect(amountField().placeholder).toBe('请输入50-5000之间的金额'));
  });

  it('checks a USDT amount against 100-10000 until the server gives the range', async () => {
    // getPayRange never answers (a dropped connection): spec 9's default holds.
    const { user } = await openRecharge({
      '/api/getPayRange': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await submit(user);
    await expectToast(PAYMENT_MSG.amountRange(100, 10000));
    expect(amountField().placeholder).toBe('请输入100-10000之间的金额');
  });

  it('checks a USDT amount against the server range, then opens the order with its protocol', async () => {
    const { user, calls, router } = await openRecharge();
    await waitFor(() => expect(amountField().placeholder).toBe('请输入50-5000之间的金额'));

    await submit(user);
    await expectToast(PAYMENT_MSG.amountRange(50, 5000));
    await user.type(amountField(), '5000.01');
    await submit(user);
    await expectToast(PAYMENT_MSG.amountRange(50, 5000));
    expect(callsTo(calls, '/api/recharge')).toHaveLength(0);

    await user.clear(amountField());
    await user.type(amountField(), '120');
    await user.click(radio('ERC20'));
    await submit(user);

    // The order's link carries its token: it opens the order again without a login.
    await waitFor(() =>
      expect(currentPath(router)).toBe('/payInfo?deposit_no=D20260101000001&order_token=tok-0001'),
    );
    const [request] = callsTo(calls, '/api/recharge');
    expect(request?.body).toEqual({
      paytype: 'usdt',
      amount: 120,
      bank: '',
      bank_address: '',
      bank_no: '',
      bank_owner: '',
      catepay: 'ERC20',
    });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the receiving account for a bank deposit and checks amount, name, bank in order', async () => {
    const { user, calls } = await openRecharge();
    await user.click(radio('银行卡'));

    const box = await screen.findByRole('region', { name: '收款账户' });
    await within(box).findByText('中国工商银行');
    expect(within(box).getByText('星运科技有限公司')).toBeTruthy();
    expect(within(box).getByTestId('receiving-number').textContent).toBe(account.bank_no);
    expect(within(box).getByText('单笔100-50000')).toBeTruthy();
    expect(within(box).getByRole('button', { name: '复制收款账号' })).toBeTruthy();

    await waitFor(() => expect(amountField().placeholder).toBe('请输入100-50000之间的金额'));
    await submit(user);
    await expectToast(PAYMENT_MSG.amountRange(100, 50000));

    await user.type(amountField(), '500');
    await submit(user);
    await expectToast(PAYMENT_MSG.depositorName);

    await user.type(screen.getByLabelText('存款人姓名'), '张三');
    await submit(user);
    await expectToast(PAYMENT_MSG.depositorBank);
    expect(screen.getByRole('button', { name: '存款银行' }).textContent).toContain('请输入银行类型');
    expect(callsTo(calls, '/api/recharge')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '存款银行' }));
    const sheet = await screen.findByRole('dialog', { name: '选择存款银行' });
    const choice = await within(sheet).findByRole('button', { name: '招商银行' });
    await waitFor(() => user.click(choice));
    await submit(user);

    await expectToast(PAYMENT_MSG.submitted);
    const [request] = callsTo(calls, '/api/recharge');
    expect(request?.body).toEqual({
      paytype: 'card',
      amount: 500,
      bank: '招商银行',
      bank_address: '',
      bank_no: account.bank_no,
      bank_owner: '张三',
      catepay: '',
    });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // A fresh form for the next deposit.
    expect(amountField().value).toBe('');
    expect((screen.getByLabelText('存款人姓名') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: '存款银行' }).textContent).toContain('请输入银行类型');
  });

  it('offers fixed amounts as choices and leaves for the checkout with the order stored', async () => {
    const { user, calls } = await openRecharge();
    await user.click(radio('支付宝'));

    const amounts = screen.getByRole('radiogroup', { name: '选择金额' });
    expect(
      within(amounts)
        .getAllByRole('radio')
        .map((r) => Number((r as HTMLInputElement).value)),
    ).toEqual(ALIPAY_AMOUNTS);
    expect(screen.queryByLabelText('充值金额')).toBeNull();

    await submit(user, '前往支付');
    await expectToast(PAYMENT_MSG.fixedAmount(ALIPAY_AMOUNTS));

    await user.click(within(amounts).getByRole('radio', { name: '200' }));
    await submit(user, '前往支付');

    await waitFor(() => expect(leaveApp).toHaveBeenCalledWith('/pay/checkout/P20260101000003'));
    expect(callsTo(calls, '/pay/api/recharge')[0]?.body).toEqual({
      payAmount: 200,
      username: 'player01',
      payType: 'pipay',
    });
    expect(localStorage.getItem(PENDING_DEPOSIT_KEY)).toBe('P20260101000003');
  });

  it('names the range of an online channel that takes any amount in it', async () => {
    const { user, calls } = await openRecharge();
    await user.click(radio('微信'));
    expect(amountField().placeholder).toBe('请输入200-2000之间的金额');

    await submit(user, '前往支付');
    await expectToast(PAYMENT_MSG.rangeAmount(200, 2000));
    await user.type(amountField(), '199');
    await submit(user, '前往支付');
    await expectToast(PAYMENT_MSG.rangeAmount(200, 2000));
    expect(callsTo(calls, '/pay/api/recharge')).toHaveLength(0);

    await user.clear(amountField());
    await user.type(amountField(), '2000');
    await submit(user, '前往支付');
    await waitFor(() => expect(leaveApp).toHaveBeenCalledTimes(1));
    expect(callsTo(calls, '/pay/api/recharge')[0]?.body).toMatchObject({
      payAmount: 2000,
      payType: 'wechat',
    });
  });

  it('warns a player without any card and leads to card management', async () => {
    logIn();
    rechargeServer({ '/api/getcard': ok([]) });
    const { user, router } = renderApp('/recharge');
    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain(PAYMENT_MSG.noCard);
    await user.click(within(warning).getByRole('button', { name: '前往绑定' }));
    await waitFor(() => expect(currentPath(router)).toBe('/wallet?type=1'));
  });

  it('does not warn a player with a USDT address', async () => {
    const { calls } = await openRecharge();
    await waitFor(() => expect(callsTo(calls, '/api/getcard')).toHaveLength(2));
    await screen.findByRole('radio', { name: 'TRC20' });
    expect(screen.queryByText(PAYMENT_MSG.noCard)).toBeNull();
  });

  it('says 充值成功 for a stored order the gateway was paid for, and forgets it', async () => {
    localStorage.setItem(PENDING_DEPOSIT_KEY, 'P20260101000009');
    const { calls } = await openRecharge({ '/pay/api/queryOrderNo': ok(true, '支付成功') });
    await expectToast(PAYMENT_MSG.paid);
    const [query] = callsTo(calls, '/pay/api/queryOrderNo');
    expect(query?.query.get('orderNo')).toBe('P20260101000009');
    expect(localStorage.getItem(PENDING_DEPOSIT_KEY)).toBeNull();
  });

  it('says 充值失败 for a stored order that was not paid, and forgets it', async () => {
    localStorage.setItem(PENDING_DEPOSIT_KEY, 'P20260101000010');
    await openRecharge({ '/pay/api/queryOrderNo': ok(false, '未支付') });
    await expectToast(PAYMENT_MSG.failed);
    expect(localStorage.getItem(PENDING_DEPOSIT_KEY)).toBeNull();
  });

  it('asks about no order when none is stored', async () => {
    const { calls } = await openRecharge();
    await screen.findByRole('radio', { name: 'TRC20' });
    expect(callsTo(calls, '/pay/api/queryOrderNo')).toHaveLength(0);
  });
});
