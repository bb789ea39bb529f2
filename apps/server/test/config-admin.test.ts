import { OPERATOR_MSG } from '@app/contract/admin/auth';
import { CONFIG_MSG } from '@app/contract/admin/config';
import { PAYMENT_MSG } from '@app/contract/payment-rules';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/operators';
import {
  body,
  createTestApp,
  type Envelope,
  fundedPlayer,
  type Instance,
  operatorWithKey,
  otherProcess,
  playerWithBoundCard,
  post,
  TEST_TRC20_ADDRESS,
  type TestApp,
  targets,
  violations,
} from './harness';

const reason = '配置调整';
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/**
 * The platform's configuration in the back office (issue 18): payment channels, receiving
 * accounts, the USDT rate, withdrawal fees and minimum, red packets, VIP levels and the site, each
 * validated, owned by its role, audited, and in force on another server process at its next request.
 */
describe.each(targets)('configuration in the back office on %s', (target) => {
  let t: TestApp;
  let other: Instance;
  const key = { superadmin: '', finance: '', operations: '', support: '', auditor: '' };

  beforeAll(async () => {
    t = await createTestApp(target);
    other = await otherProcess(t);
    for (const role of Object.keys(key) as (keyof typeof key)[])
      key[role] = (await operatorWithKey(t.ctx, role)).key;
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const get = async (k: string, url: string): Promise<Envelope> =>
    body(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${k}` } }));
  const save = async (k: string, path: string, payload: object) =>
    body(await post(t.app, `/admin/api/config/${path}`, payload, k));
  const forbidden = { code: 403, message: OPERATOR_MSG.forbidden };
  const audits = (targetId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, '%.%'), eq(auditLog.targetId, targetId)));
  /** What a player sees, asked of the other server process. */
  const elsewhere = (url: string, payload: object = {}, token?: string) =>
    post(other.app, url, payload, token);

  it('lets every role but support read the configuration', async () => {
    for (const role of ['superadmin', 'finance', 'operations', 'auditor'] as const) {
      expect((await get(key[role], '/admin/api/config/payments')).code, role).toBe(200);
      expect((await get(key[role], '/admin/api/config/vip')).code, role).toBe(200);
    }
    expect(await get(key.support, '/admin/api/config/site')).toEqual(forbidden);
    const payments = (await get(key.finance, '/admin/api/config/payments')).data as {
      channels: { code: string; amount_rule: unknown }[];
      settings: object;
    };
    expect(payments.channels.find((c) => c.code === 'usdt')?.amount_rule).toEqual({
      type: 'range',
      min: 100,
      max: 10000,
    });
    expect(payments.settings).toEqual({
      usdt_rate: 0.1389,
      withdraw_fees: { erc20: 5, trc20: 1 },
      withdraw_min: 100,
    });
  });

  describe('payment channels', () => {
    const usdt = (payload: object) => save(key.finance, 'channels/usdt', payload);
    const rule = { type: 'range', min: 100, max: 10000 };

    it('changes a range, and deposits on another process follow at once', async () => {
      const p = await fundedPlayer(t, 0n);
      expect(
        await usdt({ enabled: true, sort: 1, amount_rule: { type: 'range', min: 50, max: 500 }, reason }),
      ).toMatchObject({
        code: 200,
        message: CONFIG_MSG.saved,
      });
      try {
        expect(body(await elsewhere('/api/getPayRange', { type: 'usdt' })).data).toEqual({
          min_price: 50,
          max_price: 500,
        });
        expect(
          body(await elsewhere('/api/recharge', { paytype: 'usdt', amount: 501 }, p.token)).message,
        ).toBe(PAYMENT_MSG.amountRange(50, 500));
        const [audit] = await audits('pay_channel:usdt');
        expect(audit).toMatchObject({ action: 'payments.configure', reason, before: { amount_rule: rule } });
        expect(audit?.after).toMatchObject({ amount_rule: { type: 'range', min: 50, max: 500 } });
        // The log names the channel as the console does.
        const logged = (await get(key.auditor, '/admin/api/audit?target_id=pay_channel:usdt')).data as {
          data: { target_label: string }[];
        };
        expect(logged.data[0]?.target_label).toBe('支付通道 USDT');
      } finally {
        await usdt({ enabled: true, sort: 1, amount_rule: rule, reason });
      }
    });

    it('closes a channel and sets fixed amounts', async () => {
      const original = (
        (await get(key.finance, '/admin/api/config/payments')).data as {
          channels: { code: string; enabled: boolean; sort: number; amount_rule: object }[];
        }
      ).channels.find((c) => c.code === 'qqpay');
      if (!original) throw new Error('no qqpay');
      const qq = (payload: object) => save(key.superadmin, 'channels/qqpay', payload);
      expect(
        (await qq({ enabled: false, sort: 9, amount_rule: { type: 'fixed', values: [10, 20] }, reason }))
          .code,
      ).toBe(200);
      try {
        const ways = body(await t.app.inject({ method: 'GET', url: '/api/get_pay_way' })).data as Record<
          string,
          unknown
        >;
        expect(ways.qqpay).toBe(0);
      } finally {
        await qq({ ...original, reason });
      }
    });

    it('refuses a bad rule with a clear message, and a role that is not finance', async () => {
      for (const amount_rule of [
        { type: 'range', min: 500, max: 100 },
        { type: 'range', min: -1, max: 100 },
        { type: 'fixed', values: [] },
        { type: 'fixed', values: [0] },
        { type: 'steps' },
      ]) {
        const answer = await usdt({ enabled: true, sort: 1, amount_rule, reason });
        expect(answer.code, JSON.stringify(amount_rule)).toBe(400);
        expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect(
        (await usdt({ enabled: true, sort: 1, amount_rule: { type: 'range', min: 500, max: 100 }, reason }))
          .message,
      ).toContain(CONFIG_MSG.rangeOrder);
      expect(
        await save(key.finance, 'channels/nope', { enabled: true, sort: 1, amount_rule: rule, reason }),
      ).toEqual({
        code: 404,
        message: CONFIG_MSG.channelNotFound,
      });
      for (const role of ['operations', 'support', 'auditor'] as const) {
        expect(
          await save(key[role], 'channels/usdt', { enabled: false, sort: 1, amount_rule: rule, reason }),
        ).toEqual(forbidden);
      }
      expect(body(await post(t.app, '/api/getPayRange', { type: 'usdt' })).data).toEqual({
        min_price: 100,
        max_price: 10000,
      });
    });
  });

  describe('receiving accounts', () => {
    it('adds a USDT address per protocol and a bank account, edits and disables them', async () => {
      const bank = {
        kind: 'bank',
        bank_name: '中国银行',
        owner: '星云网络科技有限公司',
        number: '6216610200016587011',
        note: '上海分行',
        enabled: true,
        sort: 5,
        reason,
      };
      const added = await save(key.finance, 'accounts', bank);
      expect(added).toMatchObject({ code: 200, data: { kind: 'bank', number: bank.number } });
      const id = (added.data as { id: number }).id;
      const p = await fundedPlayer(t, 0n);
      const banks = async () =>
        (body(await elsewhere('/api/getpaybank', {}, p.token)).data as { bank_no: string }[]).map(
          (a) => a.bank_no,
        );
      expect(await banks()).toContain(bank.number);
      expect(await save(key.finance, 'accounts', bank)).toEqual({
        code: 409,
        message: CONFIG_MSG.accountDuplicate,
      });
      expect((await save(key.finance, `accounts/${id}`, { ...bank, enabled: false })).code).toBe(200);
      expect(await banks()).not.toContain(bank.number);

      for (const [owner, number] of [
        ['TRC20', TEST_TRC20_ADDRESS],
        ['ERC20', ERC20_ADDRESS],
      ]) {
        const usdt = {
          kind: 'usdt',
          bank_name: 'USDT',
          owner,
          number,
          note: '',
          enabled: true,
          sort: 9,
          reason,
        };
        expect((await save(key.finance, 'accounts', usdt)).code).toBe(200);
      }
      expect(await audits(`receiving_account:${id}`)).toHaveLength(1);
    });

    it('refuses an address that does not fit its protocol, a bad bank number, and other roles', async () => {
      const usdt = {
        kind: 'usdt',
        bank_name: 'USDT',
        owner: 'TRC20',
        number: ERC20_ADDRESS,
        note: '',
        enabled: true,
        sort: 1,
        reason,
      };
      expect(await save(key.finance, 'accounts', usdt)).toEqual({
        code: 400,
        message: CONFIG_MSG.usdtAddress,
      });
      expect(await save(key.finance, 'accounts', { ...usdt, owner: 'BEP20' })).toEqual({
        code: 400,
        message: CONFIG_MSG.usdtProtocol,
      });
      expect(
        await save(key.finance, 'accounts', {
          ...usdt,
          kind: 'bank',
          bank_name: '中国银行',
          owner: '某某',
          number: '12ab',
        }),
      ).toEqual({
        code: 400,
        message: CONFIG_MSG.bankNumber,
      });
      expect(await save(key.finance, 'accounts/999999', { ...usdt, number: TEST_TRC20_ADDRESS })).toEqual({
        code: 404,
        message: CONFIG_MSG.accountNotFound,
      });
      expect(await save(key.operations, 'accounts', { ...usdt, number: TEST_TRC20_ADDRESS })).toEqual(
        forbidden,
      );
    });
  });

  describe('rate, fees and the withdrawal minimum', () => {
    const settings = { usdt_rate: 0.1389, withdraw_fees: { trc20: 1, erc20: 5 }, withdraw_min: 100 };

    it('changes them, and the player on another process sees the new fees and minimum', async () => {
      const p = await playerWithBoundCard(t, 100_000n, 'usdt');
      const next = { usdt_rate: 0.15, withdraw_fees: { trc20: 2, erc20: 8 }, withdraw_min: 200, reason };
      expect(await save(key.finance, 'payment-settings', next)).toMatchObject({
        code: 200,
        data: { usdt_rate: 0.15, withdraw_fees: { trc20: 2, erc20: 8 }, withdraw_min: 200 },
      });
      try {
        expect(body(await elsewhere('/api/user', {}, p.token)).data).toMatchObject({
          withdrawcashfee: 8,
          withdrawfeeusdttrc: 2,
        });
        const withdraw = await elsewhere(
          '/api/withdraw',
          { amount: 150, bank: p.cardId, password: 'paypass123' },
          p.token,
        );
        expect(body(withdraw)).toEqual({ code: 400, message: WALLET_SERVER_MSG.withdrawBelowMin('200') });
        expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(100_000n);
        const [audit] = await audits('payments');
        expect(audit).toMatchObject({
          before: settings,
          after: { usdt_rate: 0.15, withdraw_fees: { trc20: 2, erc20: 8 }, withdraw_min: 200 },
          reason,
        });
      } finally {
        await save(key.finance, 'payment-settings', { ...settings, reason });
      }
    });

    it('refuses a rate of zero, negative fees, a minimum below 100', async () => {
      for (const payload of [
        { ...settings, usdt_rate: 0 },
        { ...settings, withdraw_fees: { trc20: -1, erc20: 5 } },
        { ...settings, withdraw_min: 50 },
        { ...settings, withdraw_fees: { trc20: 1.001, erc20: 5 } },
      ]) {
        const answer = await save(key.finance, 'payment-settings', { ...payload, reason });
        expect(answer.code, JSON.stringify(payload)).toBe(400);
        expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect(await save(key.operations, 'payment-settings', { ...settings, reason })).toEqual(forbidden);
    });
  });

  describe('red packets', () => {
    const rule = {
      start_time: '10:00',
      end_time: '12:00',
      recharge: 100,
      day_flow: 0,
      min_money: 1,
      flow_money: 8,
    };

    it('switches red packets off and changes the rules, for operations', async () => {
      const before = (await get(key.operations, '/admin/api/config/red-packets')).data as {
        enabled: boolean;
        rules: object[];
      };
      expect(before.enabled).toBe(true);
      expect(
        await save(key.operations, 'red-packets', { enabled: false, rules: [rule], reason }),
      ).toMatchObject({
        code: 200,
        data: { enabled: false, rules: [rule] },
      });
      try {
        expect(body(await elsewhere('/api/app')).data).toMatchObject({ redpacket_switch: 0 });
        const p = await fundedPlayer(t, 0n);
        const info = body(
          await other.app.inject({
            method: 'GET',
            url: '/api/userredpacket',
            headers: { authorization: `Bearer ${p.token}` },
          }),
        );
        expect(info.data).toMatchObject({ max_times: 1 });
      } finally {
        await save(key.operations, 'red-packets', { ...before, reason });
      }
      expect(body(await post(t.app, '/api/app')).data).toMatchObject({ redpacket_switch: 1 });
    });

    it('refuses a rule that ends before it starts, a packet whose bounds are reversed, and finance', async () => {
      expect(
        (
          await save(key.operations, 'red-packets', {
            enabled: true,
            rules: [{ ...rule, end_time: '09:00' }],
            reason,
          })
        ).message,
      ).toBe(CONFIG_MSG.timeOrder);
      expect(
        (
          await save(key.operations, 'red-packets', {
            enabled: true,
            rules: [{ ...rule, min_money: 9 }],
            reason,
          })
        ).message,
      ).toBe(CONFIG_MSG.packetBounds);
      expect(
        (
          await save(key.operations, 'red-packets', {
            enabled: true,
            rules: [{ ...rule, start_time: '25:00' }],
            reason,
          })
        ).code,
      ).toBe(400);
      expect(await save(key.finance, 'red-packets', { enabled: true, rules: [rule], reason })).toEqual(
        forbidden,
      );
    });
  });

  describe('VIP levels', () => {
    type Level = {
      level: number;
      name: string;
      recharge: number;
      flow: number;
      retention_flow: number;
      rebates: Record<string, number>;
    };
    const levels = async () => (await get(key.auditor, '/admin/api/config/vip')).data as Level[];

    it('changes a level’s requirements, retention and rebate rates, shown to players at once', async () => {
      const [, two] = await levels();
      if (!two) throw new Error('no level 2');
      const { level: _level, ...original } = two;
      const next = {
        ...original,
        retention_flow: two.retention_flow + 1,
        rebates: { ...two.rebates, electron: 1.25 },
        reason,
      };
      expect(await save(key.superadmin, 'vip/2', next)).toMatchObject({
        code: 200,
        data: { rebates: { electron: 1.25 } },
      });
      try {
        const ladder = body(await elsewhere('/api/uservip')).data as {
          level: number;
          electron: number;
          retention: number;
        }[];
        expect(ladder.find((l) => l.level === 2)).toMatchObject({
          electron: 1.25,
          retention: two.retention_flow + 1,
        });
      } finally {
        await save(key.superadmin, 'vip/2', { ...original, reason });
      }
    });

    it('keeps the ladder climbing, rates within 0-5 %, and the level to the superadmin', async () => {
      const [, two, three] = await levels();
      if (!two || !three) throw new Error('no levels');
      const { level: _level, ...base } = two;
      expect(await save(key.superadmin, 'vip/2', { ...base, recharge: three.recharge + 1, reason })).toEqual({
        code: 400,
        message: CONFIG_MSG.vipAscending,
      });
      expect(
        (await save(key.superadmin, 'vip/2', { ...base, rebates: { ...base.rebates, sport: 6 }, reason }))
          .code,
      ).toBe(400);
      expect(
        (await save(key.superadmin, 'vip/2', { ...base, rebates: { ...base.rebates, sport: 0.125 }, reason }))
          .code,
      ).toBe(400);
      expect(await save(key.superadmin, 'vip/42', { ...base, reason })).toEqual({
        code: 404,
        message: CONFIG_MSG.vipNotFound,
      });
      for (const role of ['operations', 'finance'] as const) {
        expect(await save(key[role], 'vip/2', { ...base, reason })).toEqual(forbidden);
      }
      expect((await levels())[1]).toEqual(two);
    });
  });

  describe('the site', () => {
    it('puts the site into maintenance with its text, and every process says so', async () => {
      const before = (await get(key.auditor, '/admin/api/config/site')).data as Record<string, unknown>;
      const next = {
        ...before,
        site_state: 0,
        repair_tips: '系统升级中，预计1小时后恢复',
        service_url: 'https://kf.example.com/chat',
        reason,
      };
      expect(await save(key.superadmin, 'site', next)).toMatchObject({ code: 200, data: { site_state: 0 } });
      try {
        expect(body(await elsewhere('/api/app')).data).toMatchObject({
          site_state: 0,
          repair_tips: '系统升级中，预计1小时后恢复',
        });
        expect(body(await elsewhere('/api/getservicerurl')).data).toMatchObject({
          url: 'https://kf.example.com/chat',
        });
        expect(await audits('site')).not.toHaveLength(0);
      } finally {
        await save(key.superadmin, 'site', { ...before, reason });
      }
    });

    it('refuses an address that is not http(s) and a missing text, and roles other than the superadmin', async () => {
      const before = (await get(key.auditor, '/admin/api/config/site')).data as Record<string, unknown>;
      expect(
        await save(key.superadmin, 'site', { ...before, service_url: 'javascript:alert(1)', reason }),
      ).toEqual({
        code: 400,
        message: CONFIG_MSG.address('客服地址'),
      });
      expect((await save(key.superadmin, 'site', { ...before, repair_tips: ' ', reason })).code).toBe(400);
      for (const role of ['operations', 'finance', 'auditor'] as const) {
        expect(await save(key[role], 'site', { ...before, reason })).toEqual(forbidden);
      }
    });
  });
});
