import { toBeijingString } from '@app/contract/time';
import { WALLET_MSG } from '@app/contract/wallet-rules';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp, testUser } from '@/test/render-app';

// The waiting period of a newly bound address ends an hour from now (the note shows only until then).
const inAnHour = toBeijingString(new Date(Date.now() + 3_600_000));
const venues = [
  { name: 'OB电子', platname: 'obgdy', balance: 0 },
  { name: 'FG电子', platname: 'fgdz', balance: 12.5 },
  { name: 'PP电子', platname: 'pp', balance: 0 },
  { name: 'AE电子', platname: 'ae', balance: 0 },
];
const usdtCards = [
  {
    id: 11,
    bank: 'USDT',
    bank_owner: 'TRC20',
    bank_no: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    bank_address: '',
    ico: 'usdt-trc20',
  },
  {
    id: 12,
    bank: 'USDT',
    bank_owner: 'ERC20',
    bank_no: '0x52908400098527886E0F7030069857D2E4169EE7',
    bank_address: '',
    ico: 'usdt-erc20',
  },
];
const bankCards = [
  {
    id: 21,
    bank: '招商银行',
    bank_owner: '张三',
    bank_no: '6225880212345678',
    bank_address: '深圳分行',
    ico: 'bank',
  },
];

function withdrawalServer() {
  return stubApi({
    '/api/balancelist': ok(venues),
    '/api/getcard': (body) => ok(body.type === 2 ? usdtCards : bankCards),
    '/api/getBetAmount': ok({ bet_amount: 0 }),
    '/api/withdraw': ok(undefined, WALLET_MSG.submitted),
    '/api/refreshusermoney': ok({ ...testUser, balance: 9800 }),
  });
}

async function openWithdrawal() {
  logIn({ ...testUser, withdrawcashfee: 5, withdrawfeeusdttrc: 1 });
  const calls = withdrawalServer();
  const view = renderApp('/withdrawal');
  await screen.findByRole('form', { name: 'USDT取款' });
  return { ...view, calls };
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '立即取款' }));

async function chooseCard(user: UserEvent, field: string, option: RegExp) {
  await user.click(screen.getByRole('button', { name: field }));
  const sheet = await screen.findByRole('dialog');
  const choice = await within(sheet).findByRole('button', { name: option });
  // The sheet takes taps once its opening animation is over.
  await waitFor(() => user.click(choice));
}

describe('/withdrawal', () => {
  it('shows the central and game wallets, and three venues until 展开', async () => {
    const { user } = await openWithdrawal();
    expect(screen.getByTestId('central-balance').textContent).toBe('$ 10,000.00');
    await waitFor(() => expect(screen.getByTestId('game-balance').textContent).toBe('$ 12.50'));
    const grid = screen.getByTestId('venue-grid');
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: '展开' }));
    expect(within(grid).getAllByRole('listitem')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: '收起' }));
    expect(within(grid).getAllByRole('listitem')).toHaveLength(3);
  });

  it('checks the USDT tab in the spec order: address, amount of at least 100, pay password', async () => {
    const { user } = await openWithdrawal();

    await submit(user);
    await expectToast(WALLET_MSG.withdrawUsdt);

    await chooseCard(user, 'USDT地址', /USDT-TRC20/);
    await submit(user);
    await expectToast(WALLET_MSG.withdrawMin);

    await user.type(screen.getByLabelText('取款金额'), '99.99');
    await submit(user);
    await expectToast(WALLET_MSG.withdrawMin);

    await user.clear(screen.getByLabelText('取款金额'));
    await user.type(screen.getByLabelText('取款金额'), '100');
    await submit(user);
    await expectToast(WALLET_MSG.withdrawPassword);
  });

  it('asks for a bank card first on the bank tab', async () => {
    const { user } = await openWithdrawal();
    await user.click(screen.getByRole('tab', { name: '银行卡取款' }));
    await screen.findByRole('form', { name: '银行卡取款' });

    await submit(user);
    await expectToast(WALLET_MSG.withdrawCard);

    await chooseCard(user, '银行卡', /招商银行/);
    expect(screen.getByRole('button', { name: '银行卡' }).textContent).toContain('招商银行 **** 5678');
    await submit(user);
    await expectToast(WALLET_MSG.withdrawMin);
  });

  it('shows the fee once an address is chosen: the ERC20 fee for ERC20, else the TRC fee', async () => {
    const { user } = await openWithdrawal();
    expect(screen.queryByTestId('withdraw-fee')).toBeNull();

    await chooseCard(user, 'USDT地址', /USDT-ERC20/);
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('每笔手续费5.00 USDT');

    await chooseCard(user, 'USDT地址', /USDT-TRC20/);
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('每笔手续费1.00 USDT');
    expect(screen.getByRole('button', { name: 'USDT地址' }).textContent).toContain('USDT-TRC20 **** YjU7');

    await user.click(screen.getByRole('tab', { name: '银行卡取款' }));
    await chooseCard(user, '银行卡', /招商银行/);
    expect(screen.queryByTestId('withdraw-fee')).toBeNull();
  });

  it('starts the form afresh when the tab changes', async () => {
    const { user } = await openWithdrawal();
    await chooseCard(user, 'USDT地址', /USDT-TRC20/);
    await user.click(screen.getByRole('button', { name: '最大金额' }));
    expect((screen.getByLabelText('取款金额') as HTMLInputElement).value).toBe('10000');
    await user.type(screen.getByLabelText('支付密码'), 'secret1');

    await user.click(screen.getByRole('tab', { name: '银行卡取款' }));
    await user.click(screen.getByRole('tab', { name: 'USDT取款' }));

    expect(screen.getByRole('button', { name: 'USDT地址' }).textContent).toContain('请选择USDT地址');
    expect((screen.getByLabelText('取款金额') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('支付密码') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('withdraw-fee')).toBeNull();
  });

  it('submits with an Idempotency-Key, says 提交成功，等待后台审核, resets and goes to the records', async () => {
    const { user, calls, router } = await openWithdrawal();
    await chooseCard(user, 'USDT地址', /USDT-ERC20/);
    await user.type(screen.getByLabelText('取款金额'), '150.5');
    await user.type(screen.getByLabelText('支付密码'), 'secret1');
    await submit(user);

    await expectToast(WALLET_MSG.submitted);
    const [request] = callsTo(calls, '/api/withdraw');
    expect(request?.body).toEqual({ amount: 150.5, bank: 12, password: 'secret1' });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect((screen.getByLabelText('取款金额') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(currentPath(router)).toBe('/transRecord'), { timeout: 3000 });
  });

  it('with two-factor on, asks for the authenticator code and sends it; a new address shows when it becomes usable', async () => {
    logIn({ ...testUser, withdrawcashfee: 5, withdrawfeeusdttrc: 1 });
    const calls = stubApi({
      '/api/balancelist': ok(venues),
      '/api/getcard': ok([{ ...usdtCards[0], usable_from: inAnHour }, usdtCards[1]]),
      '/api/getBetAmount': ok({ bet_amount: 0 }),
      '/api/withdraw': ok(undefined, WALLET_MSG.submitted),
      '/api/refreshusermoney': ok({ ...testUser, balance: 9800 }),
      '/api/security/two-factor': ok({ enabled: true, recovery_left: 10 }),
    });
    const { user } = renderApp('/withdrawal');
    await screen.findByRole('form', { name: 'USDT取款' });
    await user.click(screen.getByRole('button', { name: 'USDT地址' }));
    const sheet = await screen.findByRole('dialog');
    expect((await within(sheet).findByTestId('card-waiting')).textContent).toBe(
      `新绑定，${inAnHour}后可用于取款`,
    );
    await waitFor(() => user.click(within(sheet).getByRole('button', { name: /USDT-ERC20/ })));
    await user.type(screen.getByLabelText('取款金额'), '150');
    await user.type(screen.getByLabelText('支付密码'), 'secret1');
    await user.type(await screen.findByLabelText('谷歌验证码'), '123456');
    await submit(user);
    await expectToast(WALLET_MSG.submitted);
    const [request] = callsTo(calls, '/api/withdraw');
    expect(request?.body).toEqual({ amount: 150, bank: 12, password: 'secret1', totp_code: '123456' });
  });

  it('leads to binding when no address is bound', async () => {
    logIn();
    stubApi({
      '/api/balancelist': ok(venues),
      '/api/getcard': ok([]),
      '/api/getBetAmount': ok({ bet_amount: 0 }),
    });
    const { user, router } = renderApp('/withdrawal');
    await user.click(await screen.findByRole('button', { name: 'USDT地址' }));
    const bind = await screen.findByRole('button', { name: '立即绑定USDT地址' });
    await waitFor(() => user.click(bind));
    await waitFor(() => expect(currentPath(router)).toBe('/addUsdtCard'));
  });
});
