import { APPLICATION_MSG } from '@app/contract/admin/applications';
import { OPERATOR_MSG } from '@app/contract/admin/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activityApplications, agentApplications } from '../src/db/schema/content';
import { auditLog } from '../src/db/schema/operators';
import { users } from '../src/db/schema/users';
import { SettableClock } from '../src/lib/clock';
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

type Rows = { data: Record<string, unknown>[]; total: number };

/**
 * The back office's application queues (issue 18): activity applications approved with an
 * optional bonus (credited once, with its turnover) or rejected, agent applications approved (the
 * player becomes an agent) or rejected; the player sees the state and gets an in-site message; a
 * decision happens once even when two operators decide at the same moment.
 */
describe.each(targets)('applications on %s', (target) => {
  let t: TestApp;
  const key = { operations: '', operations2: '', superadmin: '', auditor: '', finance: '', support: '' };

  beforeAll(async () => {
    t = await createTestApp(target, { clock: new SettableClock(), demo: true });
    key.operations = (await operatorWithKey(t.ctx, 'operations')).key;
    key.operations2 = (await operatorWithKey(t.ctx, 'operations')).key;
    key.superadmin = (await operatorWithKey(t.ctx, 'superadmin')).key;
    key.auditor = (await operatorWithKey(t.ctx, 'auditor')).key;
    key.finance = (await operatorWithKey(t.ctx, 'finance')).key;
    key.support = (await operatorWithKey(t.ctx, 'support')).key;
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await violations(t.ctx)).toEqual([]);
  });

  const get = async (k: string, url: string): Promise<Envelope> =>
    body(await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${k}` } }));
  const decide = async (k: string, kind: string, id: number, payload: object): Promise<Envelope> =>
    body(await post(t.app, `/admin/api/applications/${kind}/${id}/decide`, payload, k));
  const playerPost = async (token: string, url: string, payload: object = {}) =>
    body(await post(t.app, url, payload, token));

  async function activityApplication() {
    const p = await fundedPlayer(t, 0n);
    expect((await playerPost(p.token, '/api/activityApply', { id: 1 })).code).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(activityApplications)
      .where(eq(activityApplications.userId, p.userId));
    if (!row) throw new Error('application not stored');
    return { ...p, id: row.id };
  }

  async function agentApplication() {
    const p = await fundedPlayer(t, 0n);
    const env = await playerPost(p.token, '/api/applyagentdo', {
      mobile: '13812345678',
      apply_info: '有推广资源',
    });
    expect(env.code).toBe(200);
    const [row] = await t.ctx.db
      .select()
      .from(agentApplications)
      .where(eq(agentApplications.userId, p.userId));
    if (!row) throw new Error('application not stored');
    return { ...p, id: row.id };
  }

  const messagesOf = async (token: string) =>
    ((await playerPost(token, '/api/noticeList', { type: 2, page: 1 })).data as Rows).data;
  const recordState = async (token: string) =>
    ((await playerPost(token, '/api/activityApplyLog', { page: 1 })).data as Rows).data[0]?.state;
  const balance = (userId: number) => t.ctx.ledger.balance({ central: userId });
  const turnover = async (userId: number) =>
    (await t.ctx.db.select().from(users).where(eq(users.id, userId)))[0]?.turnoverRequired;
  const audits = (targetId: string) =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'applications.review'), eq(auditLog.targetId, targetId)));

  it('lists pending applications with their filters, to the roles that may read them', async () => {
    const a = await activityApplication();
    const queue = await get(key.auditor, `/admin/api/applications/activities?player=${a.name}`);
    expect(queue.code).toBe(200);
    expect((queue.data as Rows).data).toEqual([
      expect.objectContaining({ id: a.id, username: a.name, state: 1, bonus: 0, reviewed_by: '' }),
    ]);
    const count = async (q: string) =>
      ((await get(key.operations, `/admin/api/applications/activities?player=${a.name}&${q}`)).data as Rows)
        .total;
    expect(await count('state=2')).toBe(0);
    expect(await count('state=0')).toBe(1);
    expect(await count('from=2000-01-01&to=2000-01-02')).toBe(0);
    const g = await agentApplication();
    const agents = await get(key.superadmin, `/admin/api/applications/agents?player=${g.name}`);
    expect((agents.data as Rows).data).toEqual([
      expect.objectContaining({ id: g.id, username: g.name, mobile: '13812345678', reason: '有推广资源' }),
    ]);
    for (const role of ['finance', 'support'] as const) {
      expect(await get(key[role], '/admin/api/applications/agents')).toEqual({
        code: 403,
        message: OPERATOR_MSG.forbidden,
      });
    }
  });

  it('approves an activity application with a bonus, credited once with its turnover, and tells the player', async () => {
    const a = await activityApplication();
    const answer = await decide(key.operations, 'activities', a.id, {
      decision: 'approve',
      note: '首存加赠',
      bonus: 88.5,
      turnover_multiple: 3,
    });
    expect(answer).toEqual({ code: 200, message: APPLICATION_MSG.approved });
    expect(await balance(a.userId)).toBe(8850n);
    expect(await turnover(a.userId)).toBe(26550n);
    expect(await recordState(a.token)).toBe(2);
    const [message] = await messagesOf(a.token);
    expect(message).toMatchObject({ title: APPLICATION_MSG.activityTitle(true) });
    expect(String(message?.content)).toContain('彩金 88.50 已发放至中心钱包');
    expect(String(message?.content)).toContain('首存加赠');

    const again = await decide(key.operations, 'activities', a.id, {
      decision: 'approve',
      note: '再次通过',
      bonus: 88.5,
    });
    expect(again).toEqual({ code: 409, message: APPLICATION_MSG.decided });
    expect(await balance(a.userId)).toBe(8850n);
    const [audit] = await audits(`activity:${a.id}`);
    expect(audit).toMatchObject({ reason: '首存加赠', before: { state: 1 } });
    expect(audit?.after).toMatchObject({ decision: 'approve', bonus: 88.5, turnover_multiple: 3 });
    const [row] = (
      (await get(key.auditor, `/admin/api/applications/activities?player=${a.name}&state=0`)).data as Rows
    ).data;
    expect(row).toMatchObject({ state: 2, bonus: 88.5, note: '首存加赠' });
    expect(String(row?.reviewed_by)).not.toBe('');
  });

  it('rejects an activity application with a note, moving no money', async () => {
    const a = await activityApplication();
    expect(
      await decide(key.superadmin, 'activities', a.id, { decision: 'reject', note: '不符合条件' }),
    ).toEqual({ code: 200, message: APPLICATION_MSG.rejected });
    expect(await recordState(a.token)).toBe(3);
    expect(await balance(a.userId)).toBe(0n);
    const [message] = await messagesOf(a.token);
    expect(message).toMatchObject({ title: APPLICATION_MSG.activityTitle(false) });
    expect(String(message?.content)).toContain('不符合条件');
  });

  it('refuses a bonus on a rejection, a missing note, an unknown application, and changes nothing', async () => {
    const a = await activityApplication();
    const refusals = [
      { decision: 'reject', note: '不符合', bonus: 5 },
      { decision: 'approve', note: '' },
      { decision: 'approve', note: '通过', bonus: -1 },
      { decision: 'approve', note: '通过', turnover_multiple: 99 },
      { decision: 'maybe', note: '通过' },
    ];
    for (const payload of refusals) {
      const answer = await decide(key.operations, 'activities', a.id, payload);
      expect(answer.code, JSON.stringify(payload)).toBe(400);
      expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(
      await decide(key.operations, 'activities', a.id, { decision: 'reject', note: '不符合', bonus: 5 }),
    ).toEqual({ code: 400, message: APPLICATION_MSG.bonusOnlyApproved });
    expect(
      await decide(key.operations, 'activities', 99_999_999, { decision: 'approve', note: '通过' }),
    ).toEqual({
      code: 404,
      message: APPLICATION_MSG.notFound,
    });
    expect(await recordState(a.token)).toBe(1);
    expect(await balance(a.userId)).toBe(0n);
  });

  it('pays no bonus to a player in a time-out, and approves without one', async () => {
    const a = await activityApplication();
    const restricted = await playerPost(a.token, '/api/protection/restrict', {
      kind: 'timeout',
      term: '24h',
      paypassword: 'paypass123',
    });
    expect(restricted.code).toBe(200);
    expect(
      await decide(key.operations, 'activities', a.id, { decision: 'approve', note: '通过', bonus: 5 }),
    ).toEqual({
      code: 409,
      message: APPLICATION_MSG.bonusRestricted,
    });
    expect(await balance(a.userId)).toBe(0n);
    expect(await decide(key.operations, 'activities', a.id, { decision: 'approve', note: '通过' })).toEqual({
      code: 200,
      message: APPLICATION_MSG.approved,
    });
  });

  it('approves an agent application: the player becomes an agent and gets the agent login', async () => {
    const g = await agentApplication();
    expect((await playerPost(g.token, '/api/user')).data).toMatchObject({ isagent: 0 });
    expect(await decide(key.operations, 'agents', g.id, { decision: 'approve', note: '资源优质' })).toEqual({
      code: 200,
      message: APPLICATION_MSG.approved,
    });
    expect((await playerPost(g.token, '/api/user')).data).toMatchObject({ isagent: 1 });
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/getAgentLoginUrl',
      headers: { authorization: `Bearer ${g.token}` },
    });
    expect(body(login).code).toBe(200);
    const [message] = await messagesOf(g.token);
    expect(message).toMatchObject({ title: APPLICATION_MSG.agentTitle(true) });
    expect(await audits(`agent:${g.id}`)).toHaveLength(1);
    expect(
      await decide(key.operations, 'agents', g.id, { decision: 'approve', note: '资源优质', bonus: 5 }),
    ).toEqual({ code: 400, message: APPLICATION_MSG.bonusOnlyApproved });
  });

  it('rejects an agent application: the player stays a player and may apply again', async () => {
    const g = await agentApplication();
    expect(await decide(key.superadmin, 'agents', g.id, { decision: 'reject', note: '资料不全' })).toEqual({
      code: 200,
      message: APPLICATION_MSG.rejected,
    });
    expect((await playerPost(g.token, '/api/user')).data).toMatchObject({ isagent: 0 });
    const [message] = await messagesOf(g.token);
    expect(message).toMatchObject({ title: APPLICATION_MSG.agentTitle(false) });
    expect(String(message?.content)).toContain('资料不全');
    const again = await playerPost(g.token, '/api/applyagentdo', {
      mobile: '13812345678',
      apply_info: '补充资料',
    });
    expect(again.code).toBe(200);
  });

  it('decides once when two operators decide at the same moment', async () => {
    const a = await activityApplication();
    const answers = await Promise.all([
      decide(key.operations, 'activities', a.id, { decision: 'approve', note: '并发一', bonus: 10 }),
      decide(key.operations2, 'activities', a.id, { decision: 'approve', note: '并发二', bonus: 10 }),
      decide(key.superadmin, 'activities', a.id, { decision: 'reject', note: '并发三' }),
    ]);
    expect(answers.filter((x) => x.code === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.code === 409)).toEqual([
      { code: 409, message: APPLICATION_MSG.decided },
      { code: 409, message: APPLICATION_MSG.decided },
    ]);
    expect(await audits(`activity:${a.id}`)).toHaveLength(1);
    expect((await messagesOf(a.token)).length).toBe(1);
    const state = await recordState(a.token);
    expect(await balance(a.userId)).toBe(state === 2 ? 1000n : 0n);

    const g = await agentApplication();
    const agentAnswers = await Promise.all([
      decide(key.operations, 'agents', g.id, { decision: 'approve', note: '并发一' }),
      decide(key.operations2, 'agents', g.id, { decision: 'reject', note: '并发二' }),
    ]);
    expect(agentAnswers.map((x) => x.code).sort()).toEqual([200, 409]);
    expect(await audits(`agent:${g.id}`)).toHaveLength(1);
  });

  it('refuses every role outside its permissions, and the bootstrap token', async () => {
    const a = await activityApplication();
    for (const role of ['auditor', 'finance', 'support'] as const) {
      expect(await decide(key[role], 'activities', a.id, { decision: 'approve', note: '越权' })).toEqual({
        code: 403,
        message: OPERATOR_MSG.forbidden,
      });
    }
    expect(await recordState(a.token)).toBe(1);
  });
});
