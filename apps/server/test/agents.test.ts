import { AGENT_ADMIN_ROUTES, STATEMENTS_WAITING } from '@app/contract/admin/agents';
import { AGENT_ROUTES, COMMISSION_KIND, type CommissionRules, STATEMENT_STATE } from '@app/contract/agents';
import { TransactionType } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SettableClock } from '../src/lib/clock';
import { findUserByUsername } from '../src/modules/players/service';
import { reviewSetting } from '../src/modules/settings/definitions';
import { writeSetting } from '../src/modules/settings/repository';
import {
  body,
  captchaKey,
  createTestApp,
  type Envelope,
  ingestAllBets,
  logInRequest,
  operatorKey,
  post,
  registration,
  type TestApp,
  targets,
  uniqueName,
  violations,
} from './harness';

const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+08:00`);

/** The plan of these tests: two tiers, 10 % of sub-agents' commissions, a loss carried over. */
const RULES: CommissionRules = {
  fee_basis: 'net_loss',
  fee_percent: 0,
  negative: 'carry',
  active_min_deposit: 100,
  active_min_valid_stake: 50,
  tiers: [
    { min_net_loss: 50, min_active: 1, share_percent: 10 },
    { min_net_loss: 200, min_active: 2, share_percent: 20 },
  ],
  override_percents: [10],
  cpa_amount: 0,
  cpa_min_first_deposit: 0,
  turnover_multiple: 2,
};

type Player = { name: string; token: string; userId: number };

/**
 * The agent programme (issue 29) through the API: attribution through an agent's links, the month
 * closed once by its job, statements computed from the ledger and the bets, decided by 财务 once
 * (four-eyes above the threshold) and paid through the ledger, and every agent-centre route
 * answering about the caller only.
 */
describe.each(targets)('the agent programme on %s', (target) => {
  let t: TestApp;
  const clock = new SettableClock();
  const key = { admin: '', operations: '', finance: '', finance2: '', auditor: '', support: '' };

  beforeAll(async () => {
    clock.set(at('2026-03-02'));
    t = await createTestApp(target, { clock, demo: true, env: { TEST_CLOCK: '1' } });
    key.admin = await operatorKey(t.ctx);
    key.operations = await operatorKey(t.ctx, 'operations');
    key.finance = await operatorKey(t.ctx, 'finance');
    key.finance2 = await operatorKey(t.ctx, 'finance');
    key.auditor = await operatorKey(t.ctx, 'auditor');
    key.support = await operatorKey(t.ctx, 'support');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const get = async (url: string, token: string): Promise<Envelope> =>
    body(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }));
  const send = async (url: string, payload: object, token?: string) =>
    body(await post(t.app, url, payload, token));

  async function register(
    via: { pid?: number; referrer?: string; referrer_node?: string } = {},
  ): Promise<Player> {
    const name = uniqueName('ag');
    const env = await send('/api/register', {
      ...registration(name),
      captcha_key: await captchaKey(t.app),
      ...via,
    });
    expect(env.code, env.message).toBe(200);
    const user = await findUserByUsername(t.ctx.db, name);
    return { name, token: (env.data as { api_token: string }).api_token, userId: user?.id ?? 0 };
  }

  /** The partner-programme application, approved by 运营. */
  async function becomeAgent(p: Player): Promise<void> {
    expect(
      (await send('/api/applyagentdo', { mobile: '13812345678', apply_info: '有推广资源' }, p.token)).code,
    ).toBe(200);
    const queue = (await get(`/admin/api/applications/agents?player=${p.name}`, key.operations)).data as {
      data: { id: number }[];
    };
    const id = queue.data[0]?.id;
    expect(
      (
        await send(
          `/admin/api/applications/agents/${id}/decide`,
          { decision: 'approve', note: '同意' },
          key.operations,
        )
      ).code,
    ).toBe(200);
  }

  async function deposit(p: Player, amount: number): Promise<void> {
    const answer = await send(
      '/api/recharge',
      { paytype: 'card', amount, bank_owner: '王五', bank: '中国银行' },
      p.token,
    );
    const order = answer.data as { deposit_no: string } | undefined;
    if (!order) throw new Error(answer.message);
    expect(
      (await send('/admin/api/deposits/approve', { order_no: order.deposit_no }, key.finance)).code,
    ).toBe(200);
  }

  /** Money into the demo venue, then a round there (stake and payout in yuan) at the clock's time. */
  async function play(p: Player, stake: number, payout: number): Promise<void> {
    const moved = await send(
      '/api/transfer',
      { amount: stake, sourcetype: 'userbalance', targettype: 'obgdy' },
      p.token,
    );
    expect(moved.code, moved.message).toBe(200);
    await t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE demo_venue_wallets SET balance = balance - ${stake * 100} + ${payout * 100} WHERE venue = 'obgdy' AND player = ${`p${p.userId}`}`,
      );
      await tx.execute(sql`INSERT INTO demo_venue_bets (venue, player, game_code, stake, valid, payout, detail, created_at)
        VALUES ('obgdy', ${`p${p.userId}`}, 'obgdy001', ${stake * 100}, ${stake * 100}, ${payout * 100}, '{}', ${clock.now()})`);
    });
    await ingestAllBets(t.ctx);
  }

  /** A manual credit (人工加款) as the ledger records it. */
  const credit = (p: Player, cents: bigint) =>
    t.ctx.ledger.credit({
      key: `test-credit:${p.userId}:${cents}:${clock.now().getTime()}`,
      from: 'promotions_expense',
      to: { central: p.userId },
      amount: cents,
      kind: 'operator_credit',
    });

  /** Moves the clock; the players sign in again (their sessions do not outlive weeks of test time). */
  async function travel(to: Date): Promise<void> {
    clock.set(to);
    for (const p of [agentA, agentB, p1, p2, p3]) {
      const env = body(await logInRequest(t.app, p.name));
      expect(env.code, env.message).toBe(200);
      p.token = (env.data as { api_token: string }).api_token;
    }
  }

  const closeMonthAfter = async (day: string) =>
    (await send('/admin/api/jobs/run', { job: 'agent-commission', day }, key.admin)).code;

  type Summary = {
    id: number;
    month: string;
    net_loss: number;
    total: number;
    state: number;
    commission: number;
    overrides: number;
    tier: number;
    carry_out: number;
    carry_in: number;
  };
  const statementsOf = async (token: string) =>
    ((await get(AGENT_ROUTES.statements, token)).data as { data: Summary[] }).data;

  let agentA: Player;
  let agentB: Player;
  let p1: Player;
  let p2: Player;
  let p3: Player;

  it('binds players registered through an agent link to the agent for life, with the chain above', async () => {
    const plan = await send(
      AGENT_ADMIN_ROUTES.plans,
      { name: '标准方案', is_default: true, rules: RULES, note: '首个方案' },
      key.operations,
    );
    expect(plan.code, plan.message).toBe(200);
    // 财务 does not manage plans; 运营 does not decide statements.
    expect(
      (await send(AGENT_ADMIN_ROUTES.plans, { name: 'x', rules: RULES, note: '越权测试' }, key.finance)).code,
    ).toBe(403);

    agentA = await register();
    expect((await get(AGENT_ROUTES.overview, agentA.token)).code).toBe(403);
    await becomeAgent(agentA);
    const [link] = (await get(AGENT_ROUTES.links, agentA.token)).data as { code: string; url: string }[];
    expect(link?.url).toContain(`pid=${agentA.userId}&referrer=${link?.code}`);
    expect((await send(AGENT_ROUTES.visit, { referrer: link?.code ?? '' })).code).toBe(200);

    p1 = await register({ pid: agentA.userId, referrer: link?.code });
    p2 = await register({ pid: agentA.userId });
    agentB = await register({ pid: agentA.userId });
    // A pid that is no agent's binds nobody.
    const stray = await register({ pid: p1.userId });
    await becomeAgent(agentB);
    p3 = await register({ pid: agentB.userId });

    const links = (await get(AGENT_ROUTES.links, agentA.token)).data as {
      visits: number;
      registrations: number;
    }[];
    expect(links[0]).toMatchObject({ visits: 1, registrations: 3 });
    const members = (await get(AGENT_ROUTES.members, agentA.token)).data as {
      total: number;
      data: { user_id: number }[];
    };
    expect(members.total).toBe(3);
    expect(members.data.map((m) => m.user_id).sort()).toEqual([p1.userId, p2.userId, agentB.userId].sort());
    expect(members.data.map((m) => m.user_id)).not.toContain(stray.userId);
    const subs = (await get(AGENT_ROUTES.subAgents, agentA.token)).data as {
      data: { user_id: number; members: number }[];
    };
    expect(subs.data).toMatchObject([{ user_id: agentB.userId, members: 1 }]);

    // The console's tree: A at the top, B under A.
    const top = (await get(`${AGENT_ADMIN_ROUTES.agents}?parent=0`, key.auditor)).data as {
      data: { id: number; sub_agents: number }[];
    };
    expect(top.data.find((a) => a.id === agentA.userId)?.sub_agents).toBe(1);
    const under = (await get(`${AGENT_ADMIN_ROUTES.agents}?parent=${agentA.userId}`, key.auditor)).data as {
      data: { id: number; depth: number }[];
    };
    expect(under.data).toMatchObject([{ id: agentB.userId, depth: 1 }]);
  });

  it('keeps every plan version as it was: a version is never changed or removed', async () => {
    const refused = { cause: { message: expect.stringMatching(/commission_plan_versions is append-only/) } };
    await expect(
      t.ctx.db.execute(sql`UPDATE commission_plan_versions SET note = 'edited'`),
    ).rejects.toMatchObject(refused);
    await expect(t.ctx.db.execute(sql`DELETE FROM commission_plan_versions`)).rejects.toMatchObject(refused);
    const [plan] = (await get(AGENT_ADMIN_ROUTES.plans, key.auditor)).data as { versions: unknown[] }[];
    expect(plan?.versions).toHaveLength(1);
  });

  it('lets an operator move a player with a reason, never into their own downline', async () => {
    const moveA = await send(
      AGENT_ADMIN_ROUTES.move(agentA.userId),
      { agent_id: agentB.userId, reason: '调整归属' },
      key.operations,
    );
    expect(moveA.code).toBe(409);
    expect(
      (
        await send(
          AGENT_ADMIN_ROUTES.move(agentB.userId),
          { agent_id: agentB.userId, reason: '调整归属' },
          key.operations,
        )
      ).code,
    ).toBe(400);
    expect(
      (
        await send(
          AGENT_ADMIN_ROUTES.move(p1.userId),
          { agent_id: p2.userId, reason: '调整归属' },
          key.operations,
        )
      ).code,
    ).toBe(400);
    expect(
      (
        await send(
          AGENT_ADMIN_ROUTES.move(p1.userId),
          { agent_id: agentB.userId, reason: '调整归属' },
          key.support,
        )
      ).code,
    ).toBe(403);
    // Moved to B and back: both audited; attribution stays A's in the end.
    expect(
      (
        await send(
          AGENT_ADMIN_ROUTES.move(p1.userId),
          { agent_id: agentB.userId, reason: '调整归属' },
          key.operations,
        )
      ).code,
    ).toBe(200);
    expect(
      (
        await send(
          AGENT_ADMIN_ROUTES.move(p1.userId),
          { agent_id: agentA.userId, reason: '恢复归属' },
          key.operations,
        )
      ).code,
    ).toBe(200);
    const audit = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'agents.move' AND target_id = ${String(p1.userId)}`,
    );
    expect(Number((audit as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(2);
  });

  it("closes a month once into statements computed from the ledger and the bets, with the sub-agent's override", async () => {
    await travel(at('2026-03-10'));
    await deposit(p1, 300);
    await deposit(p2, 100);
    await deposit(p3, 100);
    await play(p1, 100, 0); // loses 100, valid 100
    await play(p2, 100, 0); // loses 100
    await credit(p2, 20_00n); // a manual credit lowers A's net loss to 180: tier 1, not 2
    await play(p3, 100, 0); // B's player loses 100

    const overview = (await get(AGENT_ROUTES.overview, agentA.token)).data as Record<string, unknown>;
    expect(overview).toMatchObject({
      month: '2026-03',
      net_loss: 180,
      active_members: 2,
      estimated_commission: 19,
    });
    expect(overview.next_tier).toMatchObject({ index: 1, needs_net_loss: 20, needs_active: 0 });

    await travel(at('2026-04-01', '00:30'));
    // Two closes at the same moment (two nodes): one writes the statements, the other finds the month closed.
    const [a, b] = await Promise.all([closeMonthAfter('2026-03-31'), closeMonthAfter('2026-03-31')]);
    expect([a, b]).toEqual([200, 200]);
    const [statementA] = await statementsOf(agentA.token);
    expect(statementA).toMatchObject({
      month: '2026-03',
      net_loss: 180,
      tier: 0,
      commission: 18,
      overrides: 1,
      total: 19,
      state: STATEMENT_STATE.pending,
    });
    const [statementB] = await statementsOf(agentB.token);
    expect(statementB).toMatchObject({
      month: '2026-03',
      net_loss: 100,
      commission: 10,
      overrides: 0,
      total: 10,
    });
    const count = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM commission_statements WHERE month = '2026-03'`,
    );
    expect(Number((count as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(2);

    const detail = (await get(AGENT_ROUTES.statement(statementA?.id ?? 0), agentA.token)).data as {
      lines: { user_id: number; net: number; bonuses: number; active: boolean }[];
    };
    expect(detail.lines.find((l) => l.user_id === p2.userId)).toMatchObject({
      net: 80,
      bonuses: 20,
      active: true,
    });
    const close = (await get(AGENT_ADMIN_ROUTES.close, key.auditor)).data as {
      next_month: string;
      months: { month: string; statements: number; waiting: number }[];
    };
    expect(close).toMatchObject({
      next_month: '2026-04',
      months: [{ month: '2026-03', statements: 2, waiting: 2 }],
    });
    const board = (await get('/admin/api/dashboard', key.finance)).data as {
      queues: { commission_statements: number };
    };
    expect(board.queues.commission_statements).toBe(2);
  });

  it("refuses an agent another agent's data on every route", async () => {
    const [statementA] = await statementsOf(agentA.token);
    expect((await get(AGENT_ROUTES.statement(statementA?.id ?? 0), agentB.token)).code).toBe(404);
    const membersB = (await get(AGENT_ROUTES.members, agentB.token)).data as { data: { user_id: number }[] };
    expect(membersB.data.map((m) => m.user_id)).toEqual([p3.userId]);
    expect((await statementsOf(agentB.token)).every((s) => s.id !== statementA?.id)).toBe(true);
    const linksB = (await get(AGENT_ROUTES.links, agentB.token)).data as { url: string }[];
    expect(linksB.every((l) => l.url.includes(`pid=${agentB.userId}&`))).toBe(true);
    expect(((await get(AGENT_ROUTES.subAgents, agentB.token)).data as { total: number }).total).toBe(0);
    // A plain player reaches none of it.
    for (const url of [
      AGENT_ROUTES.overview,
      AGENT_ROUTES.members,
      AGENT_ROUTES.subAgents,
      AGENT_ROUTES.statements,
      AGENT_ROUTES.links,
      AGENT_ROUTES.statement(statementA?.id ?? 0),
    ])
      expect((await get(url, p1.token)).code, url).toBe(403);
  });

  it('pays an approved statement once, with its turnover, whoever approves at the same moment', async () => {
    const [statementA] = await statementsOf(agentA.token);
    const id = statementA?.id ?? 0;
    expect(
      (await send(AGENT_ADMIN_ROUTES.decide(id), { decision: 'approve', note: '核对无误' }, key.operations))
        .code,
    ).toBe(403);
    const before = await t.ctx.ledger.balance({ central: agentA.userId });
    const answers = await Promise.all([
      send(AGENT_ADMIN_ROUTES.decide(id), { decision: 'approve', note: '核对无误' }, key.finance),
      send(AGENT_ADMIN_ROUTES.decide(id), { decision: 'approve', note: '核对无误' }, key.finance2),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([200, 409]);
    expect((await t.ctx.ledger.balance({ central: agentA.userId })) - before).toBe(19_00n);
    const paid = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n, sum(amount)::text AS amount FROM ledger_transfers WHERE kind = ${COMMISSION_KIND}`,
    );
    expect((paid as unknown as { rows: { n: number; amount: string }[] }).rows[0]).toMatchObject({
      n: 1,
      amount: '1900',
    });
    const turnover = await t.ctx.db.execute(
      sql`SELECT delta::text FROM turnover_entries WHERE kind = ${COMMISSION_KIND}`,
    );
    expect((turnover as unknown as { rows: { delta: string }[] }).rows).toEqual([{ delta: '3800' }]);
    // The agent's records show it as its own kind: the statement paid, and 交易记录's 代理佣金.
    const records = JSON.stringify((await get(AGENT_ROUTES.statements, agentA.token)).data);
    expect(records).toContain('"state":4');
    const commissions = async (token: string) =>
      (await send('/api/gettransrecord', { type: TransactionType.commission, date: 4 }, token)).data;
    expect(await commissions(agentA.token)).toMatchObject({
      total: 1,
      data: [
        { out_trade_no: `AC${id}`, amount: 19, pay_way: '2026-03 代理佣金', state: STATEMENT_STATE.paid },
      ],
    });
    expect(await commissions(agentB.token)).toMatchObject({ total: 0, data: [] });
    const report = (await get(`${AGENT_ADMIN_ROUTES.commissionReport}?from=2026-01&to=2026-12`, key.auditor))
      .data;
    expect(report).toEqual([{ month: '2026-04', payouts: 1, amount: 19 }]);
  });

  it('asks a second operator above the four-eyes threshold, and withholds once', async () => {
    const [statementB] = await statementsOf(agentB.token);
    const id = statementB?.id ?? 0;
    await writeSetting(t.ctx.db, reviewSetting, { four_eyes_threshold: 5 });
    const first = await send(
      AGENT_ADMIN_ROUTES.decide(id),
      { decision: 'adjust', amount: 8, note: '扣除异常投注' },
      key.finance,
    );
    expect(first.code, first.message).toBe(200);
    // The waiting filter (the dashboard tile's link) holds a statement with its first approval, as the dashboard counts it.
    const waiting = (await get(`${AGENT_ADMIN_ROUTES.statements}?state=${STATEMENTS_WAITING}`, key.auditor))
      .data as { total: number; data: { id: number }[] };
    expect(waiting.data.map((s) => s.id)).toContain(id);
    const dashboard = (await get('/admin/api/dashboard', key.auditor)).data as {
      queues: { commission_statements: number };
    };
    expect(waiting.total).toBe(dashboard.queues.commission_statements);
    expect(
      (await send(AGENT_ADMIN_ROUTES.decide(id), { decision: 'approve', note: '复核' }, key.finance)).code,
    ).toBe(409);
    const before = await t.ctx.ledger.balance({ central: agentB.userId });
    expect(
      (await send(AGENT_ADMIN_ROUTES.decide(id), { decision: 'approve', note: '复核' }, key.finance2)).code,
    ).toBe(200);
    expect((await t.ctx.ledger.balance({ central: agentB.userId })) - before).toBe(8_00n);
    expect(
      (await send(AGENT_ADMIN_ROUTES.decide(id), { decision: 'withhold', note: '再次处理' }, key.finance))
        .code,
    ).toBe(409);
    await writeSetting(t.ctx.db, reviewSetting, { four_eyes_threshold: 5000 });

    const queue = (await get(`${AGENT_ADMIN_ROUTES.statements}?month=2026-03&state=4`, key.auditor)).data as {
      total: number;
    };
    expect(queue.total).toBe(2);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${AGENT_ADMIN_ROUTES.statementsCsv}?month=2026-03`,
      headers: { authorization: `Bearer ${key.auditor}` },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('已发放');
  });

  it('carries a losing month into the next, and withholds a statement without paying it', async () => {
    await travel(at('2026-04-10'));
    await play(p1, 100, 400); // A's players win 300 in April
    await travel(at('2026-05-10'));
    await deposit(p1, 400);
    await play(p1, 500, 0); // and lose 500 in May
    await travel(at('2026-06-01', '01:00'));
    expect(await closeMonthAfter('2026-04-30')).toBe(200);
    expect(await closeMonthAfter('2026-05-31')).toBe(200);
    const byMonth = new Map((await statementsOf(agentA.token)).map((s) => [s.month, s]));
    expect(byMonth.get('2026-04')).toMatchObject({
      net_loss: -300,
      carry_out: -300,
      commission: 0,
      total: 0,
    });
    // May: 500 less the 300 carried = 200 at the tier May's own figures reach (500, 1 active: 10 %).
    expect(byMonth.get('2026-05')).toMatchObject({
      net_loss: 500,
      carry_in: -300,
      carry_out: 0,
      commission: 20,
    });
    const may = byMonth.get('2026-05')?.id ?? 0;
    expect(
      (await send(AGENT_ADMIN_ROUTES.decide(may), { decision: 'withhold', note: '违规推广' }, key.finance))
        .code,
    ).toBe(200);
    const paid = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transfers WHERE kind = ${COMMISSION_KIND}`,
    );
    expect(Number((paid as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(2);
  });

  it("counts each link's visits and registrations apart, and binds by the link, whatever referrer_node says", async () => {
    const agentC = await register({ pid: agentB.userId });
    await becomeAgent(agentC);
    type Link = { code: string; name: string; visits: number; registrations: number };
    const linksOf = async () => (await get(AGENT_ROUTES.links, agentC.token)).data as Link[];
    await linksOf(); // the agent's own link, made on first asking
    const group = (await send(AGENT_ROUTES.links, { name: '群推广' }, agentC.token)).data as Link;

    // The register and login pages report each visit: by the link's code, or by the agent alone.
    for (const via of [
      { referrer: group.code },
      { referrer: group.code, pid: agentC.userId },
      { pid: agentC.userId },
      { pid: String(agentC.userId) },
      // A link or an agent of no one counts nothing, and is no error.
      { referrer: 'nobody' },
      { pid: p1.userId },
      { pid: 'abc' },
      {},
    ])
      expect((await send(AGENT_ROUTES.visit, via)).code, JSON.stringify(via)).toBe(200);
    expect((await send(AGENT_ROUTES.visit, { referrer: 'x'.repeat(40) })).code).toBe(400);

    // A registration through the group link, with a chain of agents that is not its own.
    const invited = await register({
      pid: agentC.userId,
      referrer: group.code,
      referrer_node: `/${p1.userId}/`,
    });
    expect((await linksOf()).map((l) => [l.name, l.visits, l.registrations])).toEqual([
      ['默认链接', 2, 0],
      ['群推广', 2, 1],
    ]);
    const members = (await get(AGENT_ROUTES.members, agentC.token)).data as { data: { user_id: number }[] };
    expect(members.data.map((m) => m.user_id)).toEqual([invited.userId]);
    // The chain above is the server's: C under B under A.
    const under = (await get(`${AGENT_ADMIN_ROUTES.agents}?parent=${agentB.userId}`, key.auditor)).data as {
      data: { id: number; depth: number }[];
    };
    expect(under.data).toMatchObject([{ id: agentC.userId, depth: 2 }]);
  });
});
