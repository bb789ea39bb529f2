import type { UserInfo } from '@app/contract/user';
import { WALLET_MSG } from '@app/contract/wallet-rules';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, stubApi } from '@/test/fake-api';
import { logIn, renderApp, testUser } from '@/test/render-app';

const venues = [
  { name: 'OB电子', platname: 'obgdy', balance: 0 },
  { name: 'FG电子', platname: 'fgdz', balance: 30 },
  { name: 'PP电子', platname: 'pp', balance: 0 },
  { name: 'AE电子', platname: 'ae', balance: 0 },
];

function transferServer(initial: UserInfo = testUser) {
  let user = initial;
  const calls = stubApi({
    '/api/balancelist': ok(venues),
    '/api/user': () => ok(user),
    '/api/refreshusermoney': () => ok(user),
    '/api/uptransferstatus': (body) => {
      user = { ...user, transferstatus: body.transferstatus === 1 ? 1 : 0 };
      return ok(undefined, WALLET_MSG.switched);
    },
    '/api/transfer': ok(undefined, '转账成功'),
  });
  return calls;
}

async function openTransfer(user: UserInfo = testUser) {
  logIn(user);
  const calls = transferServer(user);
  const view = renderApp('/transfer');
  await screen.findByRole('switch', { name: '自动免转' });
  return { ...view, calls };
}

const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: '立即转账' }));

async function pickWallet(user: UserEvent, field: '转出钱包' | '转入钱包', wallet: RegExp) {
  await user.click(screen.getByRole('button', { name: field }));
  const sheet = await screen.findByRole('dialog');
  const choice = await within(sheet).findByRole('button', { name: wallet });
  await waitFor(() => user.click(choice));
}

describe('/transfer', () => {
  it('starts from the platform wallet to the first venue and lists the venues without the platform wallet', async () => {
    await openTransfer();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '转入钱包' }).textContent).toContain('OB电子'),
    );
    expect(screen.getByRole('button', { name: '转出钱包' }).textContent).toContain('平台钱包');
    const tiles = within(screen.getByTestId('venue-grid')).getAllByRole('listitem');
    expect(tiles.map((t) => t.textContent)).toEqual(['OB电子$ 0.00转入', 'FG电子$ 30.00', 'PP电子$ 0.00']);
  });

  it('asks for the amount first, then refuses venue to venue', async () => {
    const { user } = await openTransfer();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: '转入钱包' }).textContent).toContain('OB电子'),
    );

    await submit(user);
    await expectToast(WALLET_MSG.transferAmount);

    await pickWallet(user, '转出钱包', /FG电子/);
    await submit(user);
    await expectToast(WALLET_MSG.transferAmount);

    await user.type(screen.getByLabelText('转账金额'), '10');
    await submit(user);
    await expectToast(WALLET_MSG.venueToVenue);
  });

  it('fills the source wallet balance with 最大金额 and transfers with an Idempotency-Key', async () => {
    const { user, calls } = await openTransfer();
    await pickWallet(user, '转出钱包', /FG电子/);
    await pickWallet(user, '转入钱包', /平台钱包/);
    await user.click(screen.getByRole('button', { name: '最大金额' }));
    expect((screen.getByLabelText('转账金额') as HTMLInputElement).value).toBe('30');
    await submit(user);

    await expectToast('转账成功');
    const [request] = callsTo(calls, '/api/transfer');
    expect(request?.body).toEqual({ amount: 30, sourcetype: 'fgdz', targettype: 'userbalance' });
    expect(request?.headers.get('Idempotency-Key')).toBeTruthy();
    // Money and balances are refreshed after the transfer.
    await waitFor(() => expect(callsTo(calls, '/api/refreshusermoney').length).toBeGreaterThan(0));
  });

  it('makes a tapped venue the target', async () => {
    const { user } = await openTransfer();
    const grid = await screen.findByTestId('venue-grid');
    await user.click(await within(grid).findByRole('button', { name: /PP电子/ }));
    expect(screen.getByRole('button', { name: '转入钱包' }).textContent).toContain('PP电子');
    expect(screen.getByRole('button', { name: '转出钱包' }).textContent).toContain('平台钱包');
  });

  it('switching 自动免转 on says 操作成功！, hides the manual form and ignores venue taps', async () => {
    const { user, calls } = await openTransfer();
    expect(screen.getByRole('form', { name: '转账' })).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: '自动免转' }));

    await expectToast(WALLET_MSG.switched);
    expect(callsTo(calls, '/api/uptransferstatus')[0]?.body).toEqual({ transferstatus: 1 });
    await waitFor(() => expect(screen.queryByRole('form', { name: '转账' })).toBeNull());
    expect(screen.getByRole('switch', { name: '自动免转' }).getAttribute('aria-checked')).toBe('true');
    const grid = screen.getByTestId('venue-grid');
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(3));
    expect(within(grid).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows no manual form while 自动免转 is already on', async () => {
    await openTransfer({ ...testUser, transferstatus: 1 });
    expect(screen.queryByRole('form', { name: '转账' })).toBeNull();
    expect(screen.queryByRole('button', { name: '立即转账' })).toBeNull();
  });
});
