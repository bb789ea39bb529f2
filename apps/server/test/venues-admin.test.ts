import { OPERATOR_MSG } from '@app/contract/admin/auth';
import { VENUE_MSG } from '@app/contract/admin/venues';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../src/db/schema/games';
import { auditLog } from '../src/db/schema/operators';
import {
  body,
  createTestApp,
  type Envelope,
  fundedPlayer,
  operatorWithKey,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

type GameEntry = { platform_name: string; game_code: string; is_hot: number; category_id: string };

/**
 * Venues and games in the back office (issue 18): a venue in maintenance stays listed but takes no
 * transfer and opens no game, with a clear message; a game's settings (shown, hot, new, order,
 * category) reach the player app's game list at once, its ETag changing; every change audited.
 */
describe.each(targets)('venues and games in the back office on %s', (target) => {
  let t: TestApp;
  const key = { superadmin: '', operations: '', auditor: '', finance: '', support: '' };

  beforeAll(async () => {
    t = await createTestApp(target);
    for (const role of Object.keys(key) as (keyof typeof key)[])
      key[role] = (await operatorWithKey(t.ctx, role)).key;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const get = async (k: string, url: string): Promise<Envelope> =>
    body(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${k}` } }));
  const admin = async (k: string, url: string, payload: object) => body(await post(t.app, url, payload, k));
  const setStatus = (change: object) =>
    admin(key.superadmin, '/admin/api/venues/pp/status', { ...change, reason: '场馆维护' });
  const gameList = () => t.app.inject({ method: 'GET', url: '/api/game/list' });
  const ppGame = async (code: string) => {
    const [row] = await t.ctx.db
      .select()
      .from(games)
      .where(and(eq(games.venue, 'pp'), eq(games.gameCode, code)));
    if (!row) throw new Error(`no game ${code}`);
    return row;
  };

  it('lists the venues with their state and games to the roles that may read them', async () => {
    const env = await get(key.operations, '/admin/api/venues');
    expect(env.code).toBe(200);
    const pp = (env.data as { code: string; games: number }[]).find((v) => v.code === 'pp');
    expect(pp).toMatchObject({ name: 'PP电子', enabled: true, maintenance: false });
    expect(pp?.games).toBeGreaterThan(0);
    expect((await get(key.auditor, '/admin/api/games?venue=pp')).code).toBe(200);
    for (const role of ['finance', 'support'] as const) {
      expect(await get(key[role], '/admin/api/venues')).toEqual({
        code: 403,
        message: OPERATOR_MSG.forbidden,
      });
    }
  });

  it('refuses transfers in and out and game launches at a venue in maintenance, still listing it', async () => {
    const p = await fundedPlayer(t, 100_000n);
    const transfer = (source: string, target: string) =>
      post(t.app, '/api/transfer', { amount: 10, sourcetype: source, targettype: target }, p.token);
    expect(body(await transfer('userbalance', 'pp')).code).toBe(200);
    expect(await setStatus({ maintenance: true })).toMatchObject({ code: 200 });
    try {
      const refusal = { code: 422, message: WALLET_SERVER_MSG.venueMaintenance('PP电子') };
      const before = await t.ctx.ledger.balance({ central: p.userId });
      expect(body(await transfer('userbalance', 'pp'))).toEqual(refusal);
      expect(body(await transfer('pp', 'userbalance'))).toEqual(refusal);
      const launch = await post(
        t.app,
        '/api/getGameUrl',
        { plat_name: 'pp', game_code: 'pp001', game_type: 0, is_mobile_url: 1 },
        p.token,
      );
      expect(body(launch)).toEqual(refusal);
      expect(await t.ctx.ledger.balance({ central: p.userId })).toBe(before);
      // Still listed: the balance list and the game list show it.
      const balances = body(await post(t.app, '/api/balancelist', {}, p.token)).data as {
        platname: string;
      }[];
      expect(balances.map((b) => b.platname)).toContain('pp');
      const list = body(await gameList()).data as GameEntry[];
      expect(list.some((g) => g.platform_name === 'pp')).toBe(true);
      // Recovering every venue leaves the one in maintenance, and says so.
      expect(body(await post(t.app, '/api/transall', {}, p.token)).message).toContain('PP电子(维护中)');
      const venues = (await get(key.auditor, '/admin/api/venues')).data as {
        code: string;
        maintenance: boolean;
      }[];
      expect(venues.find((v) => v.code === 'pp')?.maintenance).toBe(true);
    } finally {
      await setStatus({ maintenance: false });
    }
    expect(body(await transfer('pp', 'userbalance')).code).toBe(200);
  });

  it('hides a disabled venue from the lists and refuses it as unknown', async () => {
    const p = await fundedPlayer(t, 100_000n);
    expect(await setStatus({ enabled: false })).toMatchObject({ code: 200 });
    try {
      const refused = post(
        t.app,
        '/api/transfer',
        { amount: 10, sourcetype: 'userbalance', targettype: 'pp' },
        p.token,
      );
      expect(body(await refused)).toEqual({ code: 400, message: WALLET_SERVER_MSG.venueUnknown });
      const list = body(await gameList()).data as GameEntry[];
      expect(list.some((g) => g.platform_name === 'pp')).toBe(false);
    } finally {
      await setStatus({ enabled: true });
    }
  });

  it('changes a game and the player app’s game list and its ETag follow at once, audited', async () => {
    const game = await ppGame('pp002');
    const first = await gameList();
    const etag = String(first.headers.etag);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/game/list', headers: { 'if-none-match': etag } }))
        .statusCode,
    ).toBe(304);
    const change = async (payload: object) => admin(key.superadmin, `/admin/api/games/${game.id}`, payload);
    const listed = async () =>
      (body(await gameList()).data as GameEntry[]).find(
        (g) => g.platform_name === 'pp' && g.game_code === 'pp002',
      );

    const hot = game.isHot === 1 ? 0 : 1;
    expect(await change({ is_hot: hot, reason: '首页推荐' })).toMatchObject({
      code: 200,
      data: { is_hot: hot },
    });
    const second = await gameList();
    expect(String(second.headers.etag)).not.toBe(etag);
    expect((await listed())?.is_hot).toBe(hot);

    expect(await change({ category: 'fishing', sort: 1, is_new: 1, reason: '调整分类' })).toMatchObject({
      code: 200,
    });
    expect(await listed()).toMatchObject({ category_id: 'fishing' });
    expect(await change({ app_state: 0, reason: '下架' })).toMatchObject({ code: 200 });
    expect(await listed()).toBeUndefined();
    const rows = (
      (await get(key.auditor, '/admin/api/games?venue=pp&q=pp002&app_state=0')).data as {
        data: Record<string, unknown>[];
      }
    ).data;
    expect(rows).toEqual([
      expect.objectContaining({ game_code: 'pp002', app_state: 0, category: 'fishing', sort: 1 }),
    ]);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'games.manage'), eq(auditLog.targetId, 'pp:pp002')));
    expect(audits).toHaveLength(3);
    expect(audits[2]).toMatchObject({ reason: '下架', before: expect.objectContaining({ app_state: 1 }) });
    const logged = (await get(key.auditor, '/admin/api/audit?target_id=pp:pp002')).data as {
      data: { target_label: string }[];
    };
    expect(logged.data[0]?.target_label).toBe(game.name);
    await change({
      app_state: 1,
      category: game.category,
      sort: game.sort,
      is_hot: game.isHot,
      is_new: game.isNew,
      reason: '恢复',
    });
    expect((await listed())?.category_id).toBe(game.category);
  });

  it('refuses bad changes with a clear message and changes nothing', async () => {
    const game = await ppGame('pp003');
    const change = (payload: object) => admin(key.superadmin, `/admin/api/games/${game.id}`, payload);
    for (const payload of [
      { reason: '无修改' },
      { is_hot: 2, reason: '错误' },
      { sort: -1, reason: '错误' },
      { sort: 1.5, reason: '错误' },
      { category: 'casino', reason: '错误' },
      { is_hot: 1 },
    ]) {
      const answer = await change(payload);
      expect(answer.code, JSON.stringify(payload)).toBe(400);
      expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await admin(key.superadmin, '/admin/api/games/999999', { is_hot: 1, reason: '不存在' })).toEqual({
      code: 404,
      message: VENUE_MSG.gameNotFound,
    });
    expect(await ppGame('pp003')).toEqual(game);
  });

  it('lets only the superadmin change games and venues', async () => {
    const game = await ppGame('pp004');
    for (const role of ['operations', 'finance', 'support', 'auditor'] as const) {
      expect(await admin(key[role], `/admin/api/games/${game.id}`, { is_hot: 1, reason: '越权' })).toEqual({
        code: 403,
        message: OPERATOR_MSG.forbidden,
      });
      expect(
        await admin(key[role], '/admin/api/venues/pp/status', { maintenance: true, reason: '越权' }),
      ).toEqual({
        code: 403,
        message: OPERATOR_MSG.forbidden,
      });
    }
    expect(await ppGame('pp004')).toEqual(game);
  });
});
