import { MSG } from '@app/contract/messages';
import { REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import type { RedPacketInfo } from '@app/contract/rewards';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, ok, type Route, refuse, stubApi } from '@/test/fake-api';
import { currentPath, logIn, renderApp } from '@/test/render-app';

const RULES = [
  { start_time: '10:00', end_time: '12:00', recharge: 100, day_flow: 0, min_money: 1, flow_money: 8 },
  { start_time: '10:00', end_time: '12:00', recharge: 1000, day_flow: 1000, min_money: 5, flow_money: 38 },
  {
    start_time: '10:00',
    end_time: '12:00',
    recharge: 5000,
    day_flow: 10000,
    min_money: 18,
    flow_money: 188,
  },
];

const info = (over: Partial<RedPacketInfo> = {}): RedPacketInfo => ({
  sendnums: 1,
  acquirednum: 0,
  max_times: 3,
  rules: RULES,
  recharge: 200,
  flow: 50,
  window: 'open',
  ...over,
});

const GRAB = '/api/douserredpacket';
const INFO = '/api/userredpacket';

function openHongbao(routes: Record<string, Route>) {
  logIn();
  const calls = stubApi(routes);
  const view = renderApp('/hongbao');
  return { ...view, calls };
}

const tapGrab = (user: UserEvent) => user.click(screen.getByRole('button', { name: '抢红包' }));
/** The result popup, by its title. */
const popup = (title: string) => screen.findByRole('dialog', { name: title });
/** Taps a button of a popup, once its opening animation lets taps through. */
const tapIn = (user: UserEvent, dialog: HTMLElement, name: string) =>
  waitFor(() => user.click(within(dialog).getByRole('button', { name })));

describe('/hongbao', () => {
  it('shows grabs left, grabbed, the most a day, the counted deposits and flow, the rules and the notice', async () => {
    const { calls } = openHongbao({ [INFO]: ok(info({ sendnums: 1, acquirednum: 1, max_times: 3 })) });
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('1'));
    expect(screen.getByTestId('acquirednum').textContent).toBe('1');
    expect(screen.getByTestId('max-times').textContent).toBe('3');
    expect(screen.getByTestId('counted-recharge').textContent).toBe('$ 200.00');
    expect(screen.getByTestId('counted-flow').textContent).toBe('$ 50.00');
    expect(screen.getByTestId('grab-window').textContent).toBe('进行中');
    expect(screen.getByTestId('red-packet-notice').textContent).toBe(REWARD_MSG.redPacketNotice);

    const rows = screen.getAllByTestId('red-packet-rule');
    expect(rows.map((r) => Array.from((r as HTMLTableRowElement).cells, (c) => c.textContent))).toEqual([
      ['10:00-12:00已达标', '100', '0', '1-8'],
      ['10:00-12:00', '1,000', '1,000', '5-38'],
      ['10:00-12:00', '5,000', '10,000', '18-188'],
    ]);
    const head = within(screen.getByTestId('red-packet-rules')).getAllByRole('columnheader');
    expect(head.map((h) => h.textContent)).toEqual(['时间', '存款金额', '当日流水', '红包金额']);
    expect(callsTo(calls, INFO)[0]?.query.get('page')).toBe('1');
  });

  it('blocks a grab with no grabs left before any call, and 立即充值 goes to /recharge', async () => {
    const { user, calls, router } = openHongbao({ [INFO]: ok(info({ sendnums: 0 })), [GRAB]: ok({}) });
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('0'));
    await tapGrab(user);

    const dialog = await popup('暂未达标');
    expect(within(dialog).getByTestId('grab-message').textContent).toBe(REWARD_MSG.notEligible);
    expect(callsTo(calls, GRAB)).toHaveLength(0);
    await tapIn(user, dialog, REWARD_MSG.rechargeNow);
    await waitFor(() => expect(currentPath(router)).toBe('/recharge'));
  });

  it('says every packet of the day is grabbed when it is, without a call and without 立即充值', async () => {
    const { user, calls } = openHongbao({
      [INFO]: ok(info({ sendnums: 0, acquirednum: 3, max_times: 3 })),
      [GRAB]: ok({}),
    });
    await waitFor(() => expect(screen.getByTestId('acquirednum').textContent).toBe('3'));
    await tapGrab(user);
    const dialog = await popup('今日已抢完');
    expect(within(dialog).getByTestId('grab-message').textContent).toBe(REWARD_SERVER_MSG.allGrabbed);
    expect(within(dialog).queryByRole('button', { name: REWARD_MSG.rechargeNow })).toBeNull();
    expect(callsTo(calls, GRAB)).toHaveLength(0);
  });

  it('says the packets reached are grabbed and higher rules need more, with 立即充值', async () => {
    const { user, router } = openHongbao({ [INFO]: ok(info({ sendnums: 0, acquirednum: 1 })) });
    await waitFor(() => expect(screen.getByTestId('acquirednum').textContent).toBe('1'));
    await tapGrab(user);
    const dialog = await popup('今日已抢完');
    expect(within(dialog).getByTestId('grab-message').textContent).toBe(REWARD_SERVER_MSG.reachedGrabbed);
    await tapIn(user, dialog, REWARD_MSG.rechargeNow);
    await waitFor(() => expect(currentPath(router)).toBe('/recharge'));
  });

  it('says the grab has not started before 10:00, without a call', async () => {
    const { user, calls } = openHongbao({ [INFO]: ok(info({ window: 'not_started' })), [GRAB]: ok({}) });
    await waitFor(() => expect(screen.getByTestId('grab-window').textContent).toBe('未开始'));
    await tapGrab(user);
    const dialog = await popup('活动未开始');
    expect(within(dialog).getByTestId('grab-message').textContent).toBe(REWARD_SERVER_MSG.notStarted);
    expect(callsTo(calls, GRAB)).toHaveLength(0);
  });

  it("says the day's window is over after 12:00 to a player who never grabbed, without a call", async () => {
    const { user, calls } = openHongbao({
      [INFO]: ok(info({ window: 'ended', sendnums: 0, acquirednum: 0 })),
      [GRAB]: ok({}),
    });
    await waitFor(() => expect(screen.getByTestId('grab-window').textContent).toBe('已结束'));
    await tapGrab(user);
    const dialog = await popup('活动已结束');
    const message = within(dialog).getByTestId('grab-message').textContent;
    expect(message).toBe(REWARD_SERVER_MSG.ended);
    // The window closed; nothing was grabbed, so nothing is "抢完".
    expect(message).not.toContain('抢完');
    expect(callsTo(calls, GRAB)).toHaveLength(0);
  });

  it('grabs with an Idempotency-Key, shows the amount won and reloads the info', async () => {
    let grabbed = false;
    const { user, calls } = openHongbao({
      [INFO]: () => ok(grabbed ? info({ sendnums: 0, acquirednum: 1 }) : info()),
      [GRAB]: () => {
        grabbed = true;
        return ok({ redpacketmoney: 5.2 });
      },
    });
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('1'));
    await tapGrab(user);

    const dialog = await popup('恭喜发财');
    expect(within(dialog).getByTestId('grab-amount').textContent).toBe('$ 5.20');
    const [call] = callsTo(calls, GRAB);
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('0'));
    expect(screen.getByTestId('acquirednum').textContent).toBe('1');
    expect(document.querySelector('.adm-toast-main')).toBeNull();

    await tapIn(user, dialog, '我知道了');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '恭喜发财' })).toBeNull());
  });

  it.each([
    ['活动未开始', REWARD_SERVER_MSG.notStarted],
    ['活动已结束', REWARD_SERVER_MSG.ended],
    ['暂未达标', REWARD_MSG.notEligible],
    ['今日已抢完', REWARD_SERVER_MSG.allGrabbed],
    ['今日已抢完', REWARD_SERVER_MSG.reachedGrabbed],
    ['温馨提示', MSG.redPacketClosed],
  ])('shows a refusal of the server in a popup (%s), not a toast', async (title, message) => {
    const { user, calls } = openHongbao({ [INFO]: ok(info()), [GRAB]: refuse(message) });
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('1'));
    await tapGrab(user);
    const dialog = await popup(title);
    expect(within(dialog).getByTestId('grab-message').textContent).toBe(message);
    expect(callsTo(calls, GRAB)).toHaveLength(1);
    expect(document.querySelector('.adm-toast-main')?.textContent ?? '').not.toContain(message);
    // The info was out of date: it is asked again.
    await waitFor(() => expect(callsTo(calls, INFO)).toHaveLength(2));
  });

  it('offers 立即充值 when the server finds the player not eligible', async () => {
    const { user, router } = openHongbao({ [INFO]: ok(info()), [GRAB]: refuse(REWARD_MSG.notEligible) });
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('1'));
    await tapGrab(user);
    const dialog = await popup('暂未达标');
    await tapIn(user, dialog, '立即充值');
    await waitFor(() => expect(currentPath(router)).toBe('/recharge'));
  });

  it('says 服务器错误，请稍后重试 when the grab gets no answer, and sends the same key again on the next tap', async () => {
    let online = false;
    const { user, calls } = openHongbao({
      [INFO]: ok(info()),
      [GRAB]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return ok({ redpacketmoney: 3 });
      },
    });
    await waitFor(() => expect(screen.getByTestId('sendnums').textContent).toBe('1'));
    await tapGrab(user);
    const dialog = await popup('温馨提示');
    expect(within(dialog).getByTestId('grab-message').textContent).toBe(MSG.serverError);
    await tapIn(user, dialog, '我知道了');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '温馨提示' })).toBeNull());

    online = true;
    await tapGrab(user);
    expect(within(await popup('恭喜发财')).getByTestId('grab-amount').textContent).toBe('$ 3.00');
    const [first, second] = callsTo(calls, GRAB);
    expect(second?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('leads to the records (/welfare)', async () => {
    const { user, router } = openHongbao({ [INFO]: ok(info()) });
    await user.click(await screen.findByRole('button', { name: '红包记录' }));
    await waitFor(() => expect(currentPath(router)).toBe('/welfare'));
  });
});
