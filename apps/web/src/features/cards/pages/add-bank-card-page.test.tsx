import { WALLET_MSG } from '@app/contract/wallet-rules';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp, testUser } from '@/test/render-app';

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '确认绑定' }));
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function openBind() {
  logIn();
  const calls = stubApi({
    '/api/banklist': ok([{ bank_name: '中国工商银行' }, { bank_name: '招商银行' }]),
    '/api/bindcard': ok(undefined, WALLET_MSG.bound),
    '/api/getcard': ok([]),
  });
  const view = renderApp('/addBankCard');
  await screen.findByLabelText('持卡人');
  return { ...view, calls };
}

async function chooseBank(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name: '开户银行' }));
  const sheet = await screen.findByRole('dialog', { name: '选择开户银行' });
  const choice = await within(sheet).findByRole('button', { name });
  await waitFor(() => user.click(choice));
}

describe('/addBankCard', () => {
  it('starts with the real name and checks owner, bank, number, branch, pay password in order', async () => {
    const { user } = await openBind();
    expect(field('持卡人').value).toBe(testUser.realname);

    await user.clear(field('持卡人'));
    await submit(user);
    await expectToast(WALLET_MSG.bankOwner);

    await user.type(field('持卡人'), '张三');
    await submit(user);
    await expectToast(WALLET_MSG.bankType);

    await chooseBank(user, '招商银行');
    expect(screen.getByRole('button', { name: '开户银行' }).textContent).toContain('招商银行');
    await user.type(field('银行卡号'), '1234567');
    await submit(user);
    await expectToast(WALLET_MSG.bankNumber);

    await user.type(field('银行卡号'), '8');
    await submit(user);
    await expectToast(WALLET_MSG.bankBranch);

    await user.type(field('开户行地址'), '深圳分行');
    await submit(user);
    await expectToast(WALLET_MSG.bankPayPasswordLength);

    await user.type(field('支付密码'), '12345');
    await submit(user);
    await expectToast(WALLET_MSG.bankPayPasswordLength);
  });

  it('takes digits only, at most 19', async () => {
    const { user } = await openBind();
    await user.type(field('银行卡号'), '6225-8802 1234abc567890123456');
    expect(field('银行卡号').value).toBe('6225880212345678901');
    expect(field('银行卡号').getAttribute('maxlength')).toBe('19');
  });

  it('binds, says 绑定成功 and shows the bank cards', async () => {
    const { user, calls, router } = await openBind();
    await chooseBank(user, '中国工商银行');
    await user.type(field('银行卡号'), '6222020200112233');
    await user.type(field('开户行地址'), '北京朝阳支行');
    await user.type(field('支付密码'), 'secret1');
    await submit(user);

    await expectToast(WALLET_MSG.bound);
    expect(callsTo(calls, '/api/bindcard')[0]?.body).toEqual({
      bank_owner: testUser.realname,
      bank: '中国工商银行',
      bank_no: '6222020200112233',
      bank_address: '北京朝阳支行',
      pay_pass: 'secret1',
    });
    await waitFor(() => expect(currentPath(router)).toBe('/wallet?type=2'));
  });
});
