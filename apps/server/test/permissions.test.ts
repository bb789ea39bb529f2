import { OPERATOR_MSG } from '@app/contract/admin/auth';
import {
  can,
  type OperatorRole,
  PERMISSION_NAMES,
  PERMISSIONS,
  type Permission,
  ROLES,
} from '@app/contract/admin/roles';
import { and, eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/composition';
import { auditLog } from '../src/db/schema/operators';
import { SettableClock } from '../src/lib/clock';
import { registerOperatorAccess } from '../src/plugins/operator-access';
import { ConsoleClient } from './console';
import {
  body,
  createTestApp,
  fundedPlayer,
  operatorWithKey,
  type TestApp,
  targets,
  testConfig,
  uniqueName,
} from './harness';

interface Sample {
  method: 'GET' | 'POST';
  url: string;
  payload?: object;
}

interface Fixtures {
  playerId: number;
  playerName: string;
  /** An operator nobody signs in as, for the operator management actions. */
  victimId: number;
}

const reason = '权限测试';

/** One request for each action of the table; a new action without one fails the coverage test below. */
const SAMPLES: Record<Permission, (f: Fixtures) => Sample> = {
  'operators.view': () => ({ method: 'GET', url: '/admin/api/operators' }),
  'operators.create': () => ({
    method: 'POST',
    url: '/admin/api/operators',
    payload: { username: uniqueName('p').slice(0, 20), display_name: '权限', role: 'support', reason },
  }),
  'operators.set-role': (f) => ({
    method: 'POST',
    url: `/admin/api/operators/${f.victimId}/role`,
    payload: { role: 'auditor', reason },
  }),
  'operators.disable': (f) => ({
    method: 'POST',
    url: `/admin/api/operators/${f.victimId}/disable`,
    payload: { reason },
  }),
  'operators.enable': (f) => ({
    method: 'POST',
    url: `/admin/api/operators/${f.victimId}/enable`,
    payload: { reason },
  }),
  'operators.reset-password': (f) => ({
    method: 'POST',
    url: `/admin/api/operators/${f.victimId}/reset-password`,
    payload: { reason },
  }),
  'operators.reset-totp': (f) => ({
    method: 'POST',
    url: `/admin/api/operators/${f.victimId}/reset-totp`,
    payload: { reason },
  }),
  'operators.unlock': (f) => ({
    method: 'POST',
    url: `/admin/api/operators/${f.victimId}/unlock`,
    payload: { reason },
  }),
  'operators.revoke-api-key': () => ({
    method: 'POST',
    url: '/admin/api/api-keys/999999/revoke',
    payload: { reason },
  }),
  'audit.view': () => ({ method: 'GET', url: '/admin/api/audit' }),
  'audit.export': () => ({ method: 'GET', url: '/admin/api/audit/export' }),
  'players.search': () => ({ method: 'GET', url: '/admin/api/players?q=x' }),
  'players.export': () => ({ method: 'GET', url: '/admin/api/players/export?q=x' }),
  'players.view': (f) => ({ method: 'GET', url: `/admin/api/players/${f.playerId}` }),
  'players.records': (f) => ({ method: 'GET', url: `/admin/api/players/${f.playerId}/records/deposits` }),
  'players.freeze': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/freeze`,
    payload: { reason },
  }),
  'players.unfreeze': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/unfreeze`,
    payload: { reason },
  }),
  'players.unlock': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/unlock`,
    payload: { lock: 'login', reason },
  }),
  'players.reset-password': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/reset-password`,
    payload: { which: 'pay', reason },
  }),
  'players.end-sessions': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/end-sessions`,
    payload: { reason },
  }),
  'players.set-agent': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/agent`,
    payload: { is_agent: 1, reason },
  }),
  'players.set-vip': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/vip`,
    payload: { level: 2, reason },
  }),
  'deposits.view': () => ({ method: 'GET', url: '/admin/api/deposits' }),
  'deposits.review': () => ({
    method: 'POST',
    url: '/admin/api/deposits/approve',
    payload: { order_no: 'NONE' },
  }),
  'withdrawals.view': () => ({ method: 'GET', url: '/admin/api/withdrawals' }),
  'withdrawals.review': () => ({
    method: 'POST',
    url: '/admin/api/withdrawals/reject',
    payload: { order_no: 'NONE' },
  }),
  'players.ledger': (f) => ({ method: 'GET', url: `/admin/api/players/${f.playerId}/ledger` }),
  'adjustments.view': () => ({ method: 'GET', url: '/admin/api/adjustments' }),
  'adjustments.request': (f) => ({
    method: 'POST',
    url: `/admin/api/players/${f.playerId}/adjustments`,
    payload: { direction: 'credit', amount: 1, turnover_multiple: 0, reason },
  }),
  'adjustments.approve': () => ({
    method: 'POST',
    url: '/admin/api/adjustments/999999/decide',
    payload: { decision: 'approve', note: reason },
  }),
  'transfers.view': () => ({ method: 'GET', url: '/admin/api/transfers/pending' }),
  'transfers.settle': () => ({ method: 'POST', url: '/admin/api/transfers/NONE/settle' }),
  'settings.review': () => ({
    method: 'POST',
    url: '/admin/api/review/settings',
    payload: { four_eyes_threshold: 5000, reason },
  }),
  'content.publish': () => ({
    method: 'POST',
    url: '/admin/api/content/notices/999999/publish',
    payload: { enabled: false, reason },
  }),
  'content.view': () => ({ method: 'GET', url: '/admin/api/content/banners' }),
  'content.edit': () => ({
    method: 'POST',
    url: '/admin/api/content/home-notices',
    payload: { text: '权限测试', enabled: false, reason },
  }),
  'content.delete': () => ({
    method: 'POST',
    url: '/admin/api/content/banners/999999/delete',
    payload: { reason },
  }),
  'messages.send': (f) => ({
    method: 'POST',
    url: '/admin/api/messages',
    payload: { username: f.playerName, title: '权限测试', content: '<p>权限</p>', reason },
  }),
  'reports.view': () => ({ method: 'GET', url: '/admin/api/reports?from=2020-01-01&to=2020-01-01' }),
  'reports.export': () => ({ method: 'GET', url: '/admin/api/reports/export?from=2020-01-01&to=2020-01-01' }),
  'dashboard.view': () => ({ method: 'GET', url: '/admin/api/dashboard' }),
  'settings.site': () => ({ method: 'POST', url: '/admin/api/settings/site', payload: {} }),
  'jobs.run': () => ({
    method: 'POST',
    url: '/admin/api/jobs/run',
    payload: { job: 'rebates', day: '2020-01-01' },
  }),
  'venues.manage': () => ({
    method: 'POST',
    url: '/admin/api/venues/zz/status',
    payload: { maintenance: false, reason: '权限测试' },
  }),
  'test-clock.set': () => ({
    method: 'POST',
    url: '/admin/api/test-clock',
    payload: { at: new Date().toISOString() },
  }),
  // Applications, venues and games, configuration (issue 18, part 2)
  'applications.view': () => ({ method: 'GET', url: '/admin/api/applications/agents' }),
  'applications.review': () => ({
    method: 'POST',
    url: '/admin/api/applications/agents/999999/decide',
    payload: { decision: 'reject', note: reason },
  }),
  // The agent programme (issue 29)
  'agents.view': () => ({ method: 'GET', url: '/admin/api/agent-statements' }),
  'agents.export': () => ({ method: 'GET', url: '/admin/api/agent-statements/export' }),
  'agents.decide': () => ({
    method: 'POST',
    url: '/admin/api/agent-statements/999999/decide',
    payload: { decision: 'withhold', note: reason },
  }),
  'agents.plans': () => ({
    method: 'POST',
    url: '/admin/api/agent-plans/999999/versions',
    payload: { rules: { tiers: [{ min_net_loss: 0, min_active: 0, share_percent: 10 }] }, note: reason },
  }),
  'agents.move': (f) => ({
    method: 'POST',
    url: `/admin/api/agent-members/${f.playerId}/move`,
    payload: { agent_id: 999999, reason },
  }),
  'venues.view': () => ({ method: 'GET', url: '/admin/api/venues' }),
  'games.manage': () => ({
    method: 'POST',
    url: '/admin/api/games/999999',
    payload: { is_hot: 1, reason },
  }),
  'config.view': () => ({ method: 'GET', url: '/admin/api/config/payments' }),
  'payments.configure': () => ({
    method: 'POST',
    url: '/admin/api/config/channels/zz',
    payload: { enabled: true, sort: 1, amount_rule: { type: 'range', min: 1, max: 2 }, reason },
  }),
  'promotions.configure': () => ({
    method: 'POST',
    url: '/admin/api/config/red-packets',
    payload: { enabled: true, rules: 'x', reason },
  }),
  'vip.configure': () => ({
    method: 'POST',
    url: '/admin/api/config/vip/99',
    payload: { name: 'x', reason },
  }),
};

describe('the permission table', () => {
  it('gives the superadmin everything, the auditor every read and nothing else', () => {
    for (const name of PERMISSION_NAMES) {
      const rule = PERMISSIONS[name] as { roles: readonly OperatorRole[]; read?: true };
      expect(rule.roles, name).toContain('superadmin');
      expect(rule.roles.includes('auditor'), name).toBe(rule.read === true);
    }
  });

  it('keeps money away from support and operations, and players away from operations', () => {
    const money = [
      'deposits.review',
      'withdrawals.review',
      'adjustments.request',
      'adjustments.approve',
      'transfers.settle',
    ] as const;
    for (const name of money) {
      expect(can('support', name)).toBe(false);
      expect(can('operations', name)).toBe(false);
    }
    expect(PERMISSION_NAMES.filter((p) => p.startsWith('players.') && can('operations', p))).toEqual([]);
  });

  it('refuses to register a back-office route that declares no permission (nor public: true outside the operator API), or one outside the table', async () => {
    const app = Fastify();
    registerOperatorAccess(
      app,
      createContext({ db: {} as never, config: testConfig(), clock: new SettableClock() }),
    );
    expect(() => app.get('/admin/api/undeclared', async () => 'x')).toThrow(/must declare a permission/);
    expect(() =>
      app.get('/admin/api/unknown', { config: { permission: 'players.fly' as Permission } }, async () => 'x'),
    ).toThrow(/must declare a permission/);
    expect(() =>
      app.get('/admin/api/declared', { config: { permission: 'audit.view' } }, async () => 'x'),
    ).not.toThrow();
    // Outside the operator API a route of the back office is open only when it says so.
    expect(() => app.get('/media/undeclared', async () => 'x')).toThrow(/must declare a permission/);
    expect(() => app.get('/admin/api/open', { config: { public: true } }, async () => 'x')).toThrow(
      /must declare a permission/,
    );
    expect(() => app.get('/media/open', { config: { public: true } }, async () => 'x')).not.toThrow();
    await app.close();
  });
});

describe.each(targets)('every role through HTTP on %s', (target) => {
  let t: TestApp;
  let fixtures: Fixtures;
  const keys = new Map<OperatorRole, string>();
  const consoles = new Map<OperatorRole, ConsoleClient>();

  beforeAll(async () => {
    const clock = new SettableClock();
    t = await createTestApp(target, { clock, env: { TEST_CLOCK: '1' } });
    const player = await fundedPlayer(t, 0n);
    const victim = await operatorWithKey(t.ctx, 'support');
    fixtures = { playerId: player.userId, playerName: player.name, victimId: victim.id };
    for (const role of ROLES) {
      const op = await operatorWithKey(t.ctx, role);
      keys.set(role, op.key);
      const client = new ConsoleClient(t.app);
      await client.signIn(op.username, op.password, op.totp_secret, clock);
      consoles.set(role, client);
    }
  });
  afterAll(() => t.close());

  it('has a request for every action of the table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...PERMISSION_NAMES].sort());
  });

  const callers = {
    'an API key': (role: OperatorRole, s: Sample) =>
      t.app.inject({
        method: s.method,
        url: s.url,
        headers: { authorization: `Bearer ${keys.get(role)}` },
        ...(s.payload ? { payload: s.payload } : {}),
      }),
    'a console session': (role: OperatorRole, s: Sample) =>
      consoles.get(role)?.request(s.method, s.url, s.payload) ?? Promise.reject(new Error('no console')),
  };

  for (const [how, call] of Object.entries(callers)) {
    it(`refuses each role, with ${how}, every action outside its permissions, and no other`, async () => {
      for (const permission of PERMISSION_NAMES) {
        for (const role of ROLES) {
          const res = await call(role, SAMPLES[permission](fixtures));
          if (can(role, permission)) {
            expect(res.statusCode, `${role} ${permission}`).not.toBe(403);
            expect(res.statusCode, `${role} ${permission}`).not.toBe(401);
          } else {
            expect(body(res), `${role} ${permission}`).toEqual({
              code: 403,
              message: OPERATOR_MSG.forbidden,
            });
          }
        }
      }
    });
  }

  it('writes an audit row for every refusal', async () => {
    const denied = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access.denied'), eq(auditLog.role, 'operations')));
    const attempted = new Set(denied.map((r) => (r.after as { attempted: string }).attempted));
    expect([...attempted].sort()).toEqual(PERMISSION_NAMES.filter((p) => !can('operations', p)).sort());
  });
});
