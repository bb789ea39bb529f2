import { AGENT_MSG } from '@app/contract/agents';
import { beijingDay } from '@app/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoVenueSessions } from '../src/db/schema/demo-venue';
import { bets, games } from '../src/db/schema/games';
import { rebates } from '../src/db/schema/rewards';
import { users } from '../src/db/schema/users';
import { ingestBets } from '../src/modules/bet-feed/service';
import { computeRebates } from '../src/modules/rewards/rebates';
import { changeTurnover, turnoverRequired } from '../src/modules/turnover/service';
import {
  body,
  createTestApp,
  fundedPlayer,
  ingestAllBets,
  post,
  type TestApp,
  targets,
  violations,
} from './harness';

interface Game {
  platform_name: string;
  game_code: string;
  category_id: string;
  name: string;
  mobile_img: string;
  api_logo_img: string;
}

describe.each(targets)('games on %s', (target) => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await createTestApp(target, { clock: { now: () => new Date(Date.now() + offset) } });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    offset = 0;
    expect(await violations(t.ctx)).toEqual([]);
  });

  const launch = async (token: string, plat_name: string, game_code: string) =>
    post(t.app, '/api/getGameUrl', { plat_name, game_code, game_type: 0, is_mobile_url: 1 }, token);
  const urlOf = async (token: string, venue: string, code: string) =>
    (body(await launch(token, venue, code)).data as { url: string }).url;
  /** Opens the launch link as a browser would and answers the game session's cookie. */
  async function open(url: string) {
    const res = await t.app.inject({ method: 'GET', url });
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
    return { res, cookie };
  }
  const play = (cookie: string, payload: object) =>
    t.app.inject({ method: 'POST', url: '/venue/demo/api/play', payload, headers: { cookie } });
  const transferIn = (token: string, venue: string, amount: number) =>
    post(t.app, '/api/transfer', { amount, sourcetype: 'userbalance', targettype: venue }, token);

  describe('catalogue', () => {
    it('lists every shown game with the spec fields, at least 60, in every category', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/game/list' });
      const list = body(res).data as Game[];
      expect(list.length).toBeGreaterThanOrEqual(60);
      expect(new Set(list.map((g) => g.category_id))).toEqual(
        new Set(['realbet', 'joker', 'gaming', 'sport', 'lottery', 'concise', 'fishing']),
      );
      expect(list[0]).toEqual({
        category_id: 'concise',
        app_state: 1,
        is_hot: 1,
        is_new: 0,
        platform_name: 'obgdy',
        game_code: 'obgdy001',
        name: '财神到',
        mobile_img: '/art/games/obgdy/obgdy001.svg',
        api_logo_img: '/art/platforms/obgdy.svg',
      });
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/game/list',
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    });

    it('answers each electronic platform’s games and draws their art', async () => {
      const pp = body(await post(t.app, '/api/gamelistBycode', { gamecode: 'pp' })).data as {
        catecode: string;
        gamepic: string;
      }[];
      expect(pp).toHaveLength(8);
      expect(pp.every((g) => g.catecode === 'pp')).toBe(true);
      const art = await t.app.inject({ method: 'GET', url: pp[0]?.gamepic ?? '' });
      expect(art.headers['content-type']).toBe('image/svg+xml');
      expect(art.body).toContain('甜蜜盛宴');
      expect((await t.app.inject({ method: 'GET', url: '/art/platforms/pp.svg' })).body).toContain('PP电子');
      expect((await t.app.inject({ method: 'GET', url: '/art/games/pp/nope.svg' })).statusCode).toBe(404);
    });
  });

  describe('launch', () => {
    it('needs a login, a known platform and a shown game', async () => {
      expect((await post(t.app, '/api/getGameUrl', { plat_name: 'pp', game_code: 'pp001' })).statusCode).toBe(
        401,
      );
      const p = await fundedPlayer(t, 0n);
      expect(body(await launch(p.token, 'nope', 'x')).code).toBe(422);
      expect(body(await launch(p.token, 'pp', 'pp999')).code).toBe(404);
      await t.ctx.db.update(games).set({ appState: 0 }).where(eq(games.gameCode, 'pp008'));
      try {
        expect(body(await launch(p.token, 'pp', 'pp008')).code).toBe(404);
      } finally {
        await t.ctx.db.update(games).set({ appState: 1 }).where(eq(games.gameCode, 'pp008'));
      }
      expect(body(await launch(p.token, 'obzr', '')).code).toBe(200);
    });

    it('with automatic transfer moves exactly the central balance into the venue; without, nothing', async () => {
      const manual = await fundedPlayer(t, 12_345n);
      await launch(manual.token, 'ae', 'ae001');
      expect(await t.ctx.ledger.balance({ central: manual.userId })).toBe(12_345n);

      const auto = await fundedPlayer(t, 12_345n);
      await post(t.app, '/api/uptransferstatus', { transferstatus: 1 }, auto.token);
      expect(body(await launch(auto.token, 'ae', 'ae001')).code).toBe(200);
      expect(await t.ctx.ledger.balance({ central: auto.userId })).toBe(0n);
      const venues = body(await post(t.app, '/api/balancelist', {}, auto.token)).data as {
        platname: string;
        balance: number;
      }[];
      expect(venues.find((v) => v.platname === 'ae')?.balance).toBe(123.45);
    });

    it('a launch link opens one game session once, and never after five minutes or when altered', async () => {
      const p = await fundedPlayer(t, 0n);
      const url = await urlOf(p.token, 'obgdy', 'obgdy003');
      expect(url).not.toContain(p.token);
      const first = await open(url);
      expect(first.res.statusCode).toBe(303);
      expect(first.cookie).toMatch(/^dv_session=/);
      expect(String(first.res.headers['set-cookie'])).toContain('HttpOnly');
      const page = await t.app.inject({
        method: 'GET',
        url: '/venue/demo/game',
        headers: { cookie: first.cookie },
      });
      expect(page.body).toContain('招财猫');
      expect(page.body).toContain('旋转');

      const again = await open(url);
      expect(again.res.statusCode).toBe(403);
      expect(again.res.body).toContain('链接已使用');

      const [payload = '', signature = ''] = decodeURIComponent(url.split('token=')[1] ?? '').split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, p: 'p1', j: 'other' })).toString('base64url');
      const altered = await open(`/venue/demo/launch?token=${forged}.${signature}`);
      expect(altered.res.body).toContain('链接无效');

      const late = await urlOf(p.token, 'obgdy', 'obgdy003');
      offset = 6 * 60_000;
      expect((await open(late)).res.body).toContain('链接已过期');
      expect((await t.app.inject({ method: 'GET', url: '/venue/demo/game' })).statusCode).toBe(401);
    });
  });

  describe('play, bets and turnover', () => {
    it('each round takes the stake from the venue wallet and pays the win into it, once, and is recorded', async () => {
      const p = await fundedPlayer(t, 100_000n);
      await transferIn(p.token, 'obgdy', 100);
      const { cookie } = await open(await urlOf(p.token, 'obgdy', 'obgdy001'));
      let net = 0;
      for (let i = 0; i < 20; i++) {
        const round = body(await play(cookie, { stake: 2 })).data as {
          stake: number;
          payout: number;
          balance: number;
        };
        net += round.payout - round.stake;
        expect(round.balance).toBeCloseTo(100 + net, 2);
      }
      expect(body(await play(cookie, { stake: 3 })).message).toBe('请选择有效的投注额');
      const state = body(
        await t.app.inject({ method: 'GET', url: '/venue/demo/api/state', headers: { cookie } }),
      ).data as { balance: number };
      expect(state.balance).toBeCloseTo(100 + net, 2);

      await ingestAllBets(t.ctx);
      await ingestBets(t.ctx);
      const rows = await t.ctx.db.select().from(bets).where(eq(bets.userId, p.userId));
      expect(rows).toHaveLength(20);
      const recorded = rows.reduce((sum, r) => sum + Number(r.winLoss), 0) / 100;
      expect(recorded).toBeCloseTo(net, 2);
      expect(rows.every((r) => r.status === 1 && r.validAmount === 200n && r.category === 'concise')).toBe(
        true,
      );
    });

    it('refuses a stake the venue wallet does not hold, changing nothing', async () => {
      const p = await fundedPlayer(t, 10_000n);
      await transferIn(p.token, 'obzr', 50);
      const { cookie } = await open(await urlOf(p.token, 'obzr', 'obzr001'));
      const res = await play(cookie, { player: 60 });
      expect(body(res)).toEqual({ code: 422, message: '场馆余额不足，请先转入' });
      expect(body(await play(cookie, {})).message).toBe('请先下注');
      const state = body(
        await t.app.inject({ method: 'GET', url: '/venue/demo/api/state', headers: { cookie } }),
      ).data as { balance: number };
      expect(state.balance).toBe(50);
    });

    it('ingests each venue bet once and lowers the turnover requirement by its valid stake once', async () => {
      const p = await fundedPlayer(t, 100_000n);
      await t.ctx.db.transaction((tx) =>
        changeTurnover(tx, p.userId, 10_000n, 'test', `test:${p.userId}:turnover`),
      );
      await transferIn(p.token, 'obcp', 100);
      const { cookie } = await open(await urlOf(p.token, 'obcp', 'obcp001'));
      for (let i = 0; i < 3; i++) await play(cookie, { big: 10, small: 5 });
      await Promise.all([ingestAllBets(t.ctx), ingestAllBets(t.ctx), ingestAllBets(t.ctx)]);
      expect(await t.ctx.db.select().from(bets).where(eq(bets.userId, p.userId))).toHaveLength(3);
      expect(await turnoverRequired(t.ctx.db, p.userId)).toBe(10_000n - 3n * 1_500n);
      const [user] = await t.ctx.db.select().from(users).where(eq(users.id, p.userId));
      expect(user?.turnoverRequired).toBe(5_500n);
    });

    it('records rounds, bets and game sessions at the injected clock, so the clock’s day earns its rebate', async () => {
      offset = 40 * 86_400_000;
      const clockNow = () => Date.now() + offset;
      const p = await fundedPlayer(t, 100_000n);
      await transferIn(p.token, 'obgdy', 100);
      const { cookie } = await open(await urlOf(p.token, 'obgdy', 'obgdy001'));
      for (let i = 0; i < 2; i++) expect(body(await play(cookie, { stake: 50 })).code).toBe(200);
      await ingestBets(t.ctx);

      const near = (at: Date | null, ms: number) => Math.abs((at?.getTime() ?? 0) - ms) < 60_000;
      const rows = await t.ctx.db.select().from(bets).where(eq(bets.userId, p.userId));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(near(row.placedAt, clockNow())).toBe(true);
        expect(near(row.settledAt, clockNow())).toBe(true);
      }
      const sessions = await t.ctx.db
        .select()
        .from(demoVenueSessions)
        .where(eq(demoVenueSessions.player, `p${p.userId}`));
      expect(sessions).toHaveLength(1);
      expect(near(sessions[0]?.expiresAt ?? null, clockNow() + 2 * 3_600_000)).toBe(true);

      const day = beijingDay(new Date(clockNow()));
      await computeRebates(t.ctx, day);
      const [rebate] = await t.ctx.db.select().from(rebates).where(eq(rebates.userId, p.userId));
      expect(rebate).toMatchObject({ day, validAmount: 10_000n });
    });

    it('answers the player’s own bet records by platform and date, newest first', async () => {
      const p = await fundedPlayer(t, 100_000n);
      const other = await fundedPlayer(t, 100_000n);
      for (const who of [p, other]) {
        await transferIn(who.token, 'obqp', 100);
        const { cookie } = await open(await urlOf(who.token, 'obqp', 'obqp004'));
        await play(cookie, { big: 1 });
        await play(cookie, { small: 2 });
      }
      await ingestAllBets(t.ctx);
      const page = body(await post(t.app, '/api/betrecord', { date: 1, page: 1 }, p.token)).data as {
        data: {
          bet_amount: number;
          Code: string;
          status: number;
          game_name: string;
          platform_name: string;
        }[];
        last_page: number;
        total: number;
      };
      expect(page.total).toBe(2);
      expect(page.data.map((b) => b.bet_amount)).toEqual([2, 1]);
      expect(page.data[0]).toMatchObject({
        Code: 'obqp004',
        status: 1,
        game_name: '百人骰宝',
        platform_name: 'OB棋牌',
      });
      const elsewhere = body(await post(t.app, '/api/betrecord', { api_type: 'pp' }, p.token)).data as {
        total: number;
      };
      expect(elsewhere.total).toBe(0);
    });
  });

  describe('agent centre', () => {
    it("is for agents only: getAgentLoginUrl answers the player app's agent centre", async () => {
      const p = await fundedPlayer(t, 0n);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/getAgentLoginUrl',
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(body(res)).toMatchObject({ code: 403, message: AGENT_MSG.notAgent });
      await t.ctx.db.update(users).set({ isAgent: 1 }).where(eq(users.id, p.userId));
      const ok = await t.app.inject({
        method: 'GET',
        url: '/api/getAgentLoginUrl',
        headers: { authorization: `Bearer ${p.token}` },
      });
      expect(body(ok).data).toEqual({ url: '/#/agent' });
      expect((await t.app.inject({ method: 'GET', url: '/agent/centre' })).statusCode).toBe(404);
    });
  });
});
