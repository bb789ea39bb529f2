import { WALLET_MSG, WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '确认绑定' }));
const address = () => screen.getByRole('textbox', { name: 'USDT地址' });

async function openBind() {
  logIn();
  const calls = stubApi({ '/api/bindcard': ok(undefined, WALLET_MSG.bound), '/api/getcard': ok([]) });
  const view = renderApp('/addUsdtCard');
  await screen.findByRole('radiogroup', { name: '钱包协议' });
  return { ...view, calls };
}

describe('/addUsdtCard', () => {
  it('defaults to TRC20 and checks address, pay password, its length, then the address format', async () => {
    const { user } = await openBind();
    expect((screen.getByRole('radio', { name: /TRC20/ }) as HTMLInputElement).checked).toBe(true);

    await submit(user);
    await expectToast(WALLET_MSG.usdtAddress);

    await user.type(address(), ERC20);
    await submit(user);
    await expectToast(WALLET_MSG.usdtPayPassword);

    await user.type(screen.getByLabelText('支付密码'), '12345');
    await submit(user);
    await expectToast(WALLET_MSG.usdtPayPasswordLength);

    await user.type(screen.getByLabelText('支付密码'), '6');
    await submit(user);
    // An ERC20 address under TRC20.
    await expectToast(WALLET_SERVER_MSG.usdtAddressFormat);
  });

  it('binds with bank USDT and the protocol as owner, says 绑定成功 and shows the addresses', async () => {
    const { user, calls, router } = await openBind();
    await user.click(screen.getByRole('radio', { name: /ERC20/ }));
    await user.type(address(), ERC20);
    await user.type(screen.getByLabelText('支付密码'), 'secret1');
    await submit(user);

    await expectToast(WALLET_MSG.bound);
    expect(callsTo(calls, '/api/bindcard')[0]?.body).toEqual({
      bank: 'USDT',
      bank_owner: 'ERC20',
      bank_no: ERC20,
      bank_address: '',
      pay_pass: 'secret1',
    });
    await waitFor(() => expect(currentPath(router)).toBe('/wallet?type=1'));
  });

  it('shows the server refusal and clears the pay password', async () => {
    logIn();
    stubApi({ '/api/bindcard': refuse('支付密码错误，还可尝试4次') });
    const { user } = renderApp('/addUsdtCard');
    await user.type(await screen.findByRole('textbox', { name: 'USDT地址' }), TRC20);
    await user.type(screen.getByLabelText('支付密码'), 'wrong12');
    await submit(user);

    await expectToast('支付密码错误，还可尝试4次');
    await waitFor(() => expect((screen.getByLabelText('支付密码') as HTMLInputElement).value).toBe(''));
  });
});
