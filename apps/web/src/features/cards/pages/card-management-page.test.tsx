import { WALLET_MSG } from '@app/contract/wallet-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, expectToast, ok, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const usdt = (id: number) => ({
  id,
  bank: 'USDT',
  bank_owner: 'TRC20',
  bank_no: `TLa2f6VPqDgRE67v1736s7bJ8Ray5wYj${id}`,
  bank_address: '',
  ico: 'usdt-trc20',
});
const bankCard = {
  id: 7,
  bank: '招商银行',
  bank_owner: '张三',
  bank_no: '6225880212345678',
  bank_address: '深圳分行',
  ico: 'bank',
};

describe('/wallet', () => {
  it('opens on the USDT tab for type=0 and lists the addresses, masked to their last 4', async () => {
    logIn();
    const calls = stubApi({ '/api/getcard': (body) => ok(body.type === 2 ? [usdt(1)] : [bankCard]) });
    const { router } = renderApp('/wallet?type=0');
    const tile = await screen.findByTestId('card-tile');
    expect(within(tile).getByText('USDT-TRC20')).toBeTruthy();
    expect(within(tile).getByText('**** wYj1')).toBeTruthy();
    expect(tile.textContent).not.toContain(usdt(1).bank_no);
    expect(callsTo(calls, '/api/getcard')[0]?.body).toEqual({ type: 2 });
    await waitFor(() => expect(currentPath(router)).toBe('/wallet?type=1'));
    expect(screen.getByRole('tab', { name: '虚拟币' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows the bank cards on type=2 with holder and the number masked as /withdrawal masks it', async () => {
    logIn();
    stubApi({ '/api/getcard': (body) => ok(body.type === 1 ? [bankCard] : []) });
    renderApp('/wallet?type=2');
    const tile = await screen.findByTestId('card-tile');
    expect(tile.textContent).toContain('招商银行');
    expect(tile.textContent).toContain('张三');
    expect(within(tile).getByText('**** 5678')).toBeTruthy();
    expect(tile.textContent?.replace(/\s/g, '')).not.toContain('62258802');
  });

  it('unbinds after 确定要解除绑定该卡片吗？, says 解绑成功 and reloads the list', async () => {
    logIn();
    let cards = [usdt(1), usdt(2)];
    const calls = stubApi({
      '/api/getcard': () => ok(cards),
      '/api/delcard': (body) => {
        cards = cards.filter((c) => c.id !== body.id);
        return ok(undefined, WALLET_MSG.unbound);
      },
    });
    const { user } = renderApp('/wallet?type=1');
    await waitFor(() => expect(screen.getAllByTestId('card-tile')).toHaveLength(2));

    await user.click(screen.getAllByRole('button', { name: '解除绑定' })[0] as HTMLElement);
    expect(await screen.findByText(WALLET_MSG.unbindConfirm)).toBeTruthy();
    await waitFor(() => user.click(screen.getByRole('button', { name: '确定' })));

    await expectToast(WALLET_MSG.unbound);
    expect(callsTo(calls, '/api/delcard')[0]?.body).toEqual({ id: 1 });
    await waitFor(() => expect(screen.getAllByTestId('card-tile')).toHaveLength(1));
  });

  it('offers binding below five', async () => {
    logIn();
    stubApi({ '/api/getcard': ok([1, 2, 3, 4].map(usdt)) });
    renderApp('/wallet?type=1');
    expect(await screen.findByRole('button', { name: '添加USDT地址' })).toBeTruthy();
  });

  it('hides binding at five', async () => {
    logIn();
    stubApi({ '/api/getcard': ok([1, 2, 3, 4, 5].map(usdt)) });
    renderApp('/wallet?type=1');
    await waitFor(() => expect(screen.getAllByTestId('card-tile')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: '添加USDT地址' })).toBeNull();
  });

  it('goes back to the list after binding from it', async () => {
    logIn();
    let cards: ReturnType<typeof usdt>[] = [];
    stubApi({
      '/api/getcard': () => ok(cards),
      '/api/bindcard': (body) => {
        cards = [{ ...usdt(9), bank_no: String(body.bank_no) }];
        return ok(undefined, WALLET_MSG.bound);
      },
    });
    const { user, router } = renderApp('/wallet?type=1');
    await user.click(await screen.findByRole('button', { name: '添加USDT地址' }));
    await user.type(
      await screen.findByRole('textbox', { name: 'USDT地址' }),
      'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    );
    await user.type(screen.getByLabelText('支付密码'), 'secret1');
    await user.click(screen.getByRole('button', { name: '确认绑定' }));

    await waitFor(() => expect(currentPath(router)).toBe('/wallet?type=1'));
    expect(await screen.findByText('**** YjU7')).toBeTruthy();
    // Back from the list leaves it: the bind page is not left behind in the history.
    expect(router.state.historyAction).toBe('POP');
  });
});
