import { REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import type { RebateRecord } from '@app/contract/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/shared/session/session-store';
import { callsTo, expectToast, ok, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp, testUser } from '@/test/render-app';

const rebate = (id: number, over: Partial<RebateRecord> = {}): RebateRecord => ({
  id,
  gamename: '电子游戏',
  day: '2026-01-05',
  valid_amount: 200,
  rate: 0.5,
  money: 1,
  created_at: '2026-01-06 00:10:00',
  updated_at: '',
  state: 0,
  ...over,
});

const summary = (list: RebateRecord[], jisuan: number, nojisuan: number, lastPage = 1, page = 1) =>
  ok({
    list: { data: list, current_page: page, last_page: lastPage, total: list.length * lastPage },
    jisuan,
    nojisuan,
  });

const rows = () => screen.queryAllByTestId('rebate-record');
const claimable = () => screen.getByTestId('rebate-claimable').textContent;

describe('/fanshui', () => {
  it('shows the claimable amount, the total claimed and the rebates of the last 30 days', async () => {
    logIn();
    const calls = stubApi({
      '/api/getfanshui': summary(
        [
          rebate(2),
          rebate(1, {
            gamename: '真人视讯',
            day: '2026-01-04',
            valid_amount: 1234.5,
            rate: 0.4,
            money: 4.93,
            state: 1,
            updated_at: '2026-01-05 09:00:00',
          }),
        ],
        4.93,
        1,
      ),
    });
    renderApp('/fanshui');

    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callsTo(calls, '/api/getfanshui')).toHaveLength(1);
    expect(callsTo(calls, '/api/getfanshui')[0]?.body).toEqual({ date: 4, page: 1, api_type: '', type: '' });
    expect(claimable()).toBe('$ 1.00');
    expect(screen.getByTestId('rebate-claimed').textContent).toBe('$ 4.93');

    const [unclaimed, claimed] = rows().map((r) => within(r));
    expect(unclaimed?.getByText('电子游戏')).toBeTruthy();
    expect(unclaimed?.getByText('2026-01-05')).toBeTruthy();
    expect(unclaimed?.getByText('200.00')).toBeTruthy();
    expect(unclaimed?.getByText('0.5%')).toBeTruthy();
    expect(unclaimed?.getByText('+1.00')).toBeTruthy();
    expect(unclaimed?.getByTestId('rebate-state').textContent).toBe('未领取');
    expect(claimed?.getByText('1,234.50')).toBeTruthy();
    expect(claimed?.getByText('0.4%')).toBeTruthy();
    expect(claimed?.getByTestId('rebate-state').textContent).toBe('领取时间 2026-01-05 09:00:00');
  });

  it('claims: toasts the message, then reloads the totals and the balance', async () => {
    logIn();
    let claimed = false;
    const calls = stubApi({
      '/api/getfanshui': () =>
        claimed
          ? summary([rebate(1, { state: 1, updated_at: '2026-01-06 10:00:00' })], 1, 0)
          : summary([rebate(1)], 0, 1),
      '/api/dofanshui': () => {
        claimed = true;
        return ok(undefined, REWARD_SERVER_MSG.claimed('1.00'));
      },
      '/api/refreshusermoney': ok({ ...testUser, balance: 10001 }),
      '/api/balance': ok({ balance: 10001 }),
    });
    const { user } = renderApp('/fanshui');
    await waitFor(() => expect(claimable()).toBe('$ 1.00'));

    await user.click(screen.getByRole('button', { name: '一键领取' }));
    await expectToast('领取成功，共 1.00');
    const [claim] = callsTo(calls, '/api/dofanshui');
    expect(claim?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(claimable()).toBe('$ 0.00'));
    expect(screen.getByTestId('rebate-claimed').textContent).toBe('$ 1.00');
    expect(screen.getByTestId('rebate-state').textContent).toBe('领取时间 2026-01-06 10:00:00');
    // The player's money is asked again (the balance shown everywhere comes from it).
    expect(callsTo(calls, '/api/refreshusermoney')).toHaveLength(1);
    await waitFor(() => expect(useSession.getState().userInfo?.balance).toBe(10001));
  });

  it('says 暂无领取额度！ before any call when nothing is claimable', async () => {
    logIn();
    const calls = stubApi({
      '/api/getfanshui': summary([rebate(1, { state: 1, updated_at: '2026-01-06 10:00:00' })], 1, 0),
      '/api/dofanshui': ok(undefined, REWARD_SERVER_MSG.claimed('1.00')),
    });
    const { user } = renderApp('/fanshui');
    await waitFor(() => expect(claimable()).toBe('$ 0.00'));
    await user.click(screen.getByRole('button', { name: '一键领取' }));
    await expectToast(REWARD_MSG.nothingToClaim);
    expect(callsTo(calls, '/api/dofanshui')).toHaveLength(0);
  });

  it('shows the refusal of the server and reloads the totals', async () => {
    logIn();
    let asked = 0;
    stubApi({
      '/api/getfanshui': () => {
        asked += 1;
        return asked === 1 ? summary([rebate(1)], 0, 1) : summary([], 1, 0);
      },
      '/api/dofanshui': refuse(REWARD_MSG.nothingToClaim),
    });
    const { user } = renderApp('/fanshui');
    await waitFor(() => expect(claimable()).toBe('$ 1.00'));
    await user.click(screen.getByRole('button', { name: '一键领取' }));
    await expectToast(REWARD_MSG.nothingToClaim);
    await waitFor(() => expect(claimable()).toBe('$ 0.00'));
  });

  it('asks again with the chosen date filter', async () => {
    logIn();
    const calls = stubApi({ '/api/getfanshui': summary([rebate(1)], 0, 1) });
    const { user } = renderApp('/fanshui');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const filter = screen.getByRole('group', { name: '时间筛选' });
    await user.click(within(filter).getByRole('button', { name: '近7日' }));
    await waitFor(() =>
      expect(callsTo(calls, '/api/getfanshui').at(-1)?.body).toEqual({
        date: 2,
        page: 1,
        api_type: '',
        type: '',
      }),
    );
  });

  it('asks a logged-out player to log in first', async () => {
    const { router } = renderApp('/fanshui');
    await screen.findByRole('form', { name: '登录' });
    expect(currentPath(router)).toBe('/login?redirect=%2Ffanshui');
  });
});
