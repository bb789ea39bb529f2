import { OPERATOR_MSG } from '@app/contract/admin/auth';
import type { ApiKeyRow, NewOperator, OperatorRow } from '@app/contract/admin/operators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, ManualClock } from './console';
import { body, createTestApp, operatorWithKey, type TestApp, targets, uniqueName } from './harness';

const STEP_MS = 30_000;
const reason = '人员调整';

describe.each(targets)('operators managed by a superadmin on %s', (target) => {
  let t: TestApp;
  const clock = new ManualClock();
  let admin: ConsoleClient;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp(target, { clock });
    const op = await operatorWithKey(t.ctx, 'superadmin');
    adminId = op.id;
    admin = new ConsoleClient(t.app);
    await admin.signIn(op.username, op.password, op.totp_secret, clock);
    clock.advance(STEP_MS);
  });
  afterAll(() => t.close());

  async function create(role = 'support'): Promise<NewOperator> {
    const res = await admin.post('/admin/api/operators', {
      username: uniqueName('m').slice(0, 20),
      display_name: '新同事',
      role,
      reason: '入职',
    });
    expect(res.statusCode).toBe(200);
    return body(res).data as NewOperator;
  }

  /** The new operator's first sign-in, to the console. */
  async function firstSignIn(op: NewOperator) {
    const client = new ConsoleClient(t.app);
    await client.signIn(op.username, op.password, op.totp_secret, clock, 'ChosenPassword9');
    clock.advance(STEP_MS);
    return client;
  }

  it('creates an operator whose first sign-in enrols the authenticator and replaces the one-time password', async () => {
    const op = await create();
    const list = body(await admin.get('/admin/api/operators')).data as OperatorRow[];
    expect(list.find((o) => o.id === op.id)).toMatchObject({
      role: 'support',
      status: 1,
      totp_enrolled: false,
      must_change_password: true,
    });
    const client = await firstSignIn(op);
    expect(client.state).toMatchObject({ stage: 'active', operator: { role: 'support' } });
    const after = (body(await admin.get('/admin/api/operators')).data as OperatorRow[]).find(
      (o) => o.id === op.id,
    );
    expect(after).toMatchObject({ totp_enrolled: true, must_change_password: false });
    expect(after?.last_sign_in_at).not.toBe('');

    const taken = await admin.post('/admin/api/operators', {
      username: op.username.toUpperCase(),
      display_name: 'x',
      role: 'auditor',
      reason: '入职',
    });
    expect(body(taken)).toEqual({ code: 409, message: OPERATOR_MSG.usernameTaken });
    const badName = await admin.post('/admin/api/operators', {
      username: '1x',
      display_name: 'x',
      role: 'auditor',
      reason,
    });
    expect(body(badName)).toEqual({ code: 400, message: OPERATOR_MSG.usernameRule });
  });

  it('changes a role, which holds from the next request', async () => {
    const op = await create('support');
    const client = await firstSignIn(op);
    expect((await client.get('/admin/api/audit')).statusCode).toBe(403);
    expect(
      (await admin.post(`/admin/api/operators/${op.id}/role`, { role: 'auditor', reason })).statusCode,
    ).toBe(200);
    expect((await client.get('/admin/api/audit')).statusCode).toBe(200);
    expect((await client.post('/admin/api/players/1/freeze', { reason })).statusCode).toBe(403);
  });

  it('disables an operator: sessions and keys stop at once, sign-in is refused until enabled', async () => {
    const op = await create('finance');
    const client = await firstSignIn(op);
    const key = (
      body(await client.post('/admin/api/me/api-keys', { label: '对账脚本' })).data as { key: string }
    ).key;
    const asKey = { authorization: `Bearer ${key}` };
    expect((await t.app.inject({ url: '/admin/api/deposits', headers: asKey })).statusCode).toBe(200);

    expect((await admin.post(`/admin/api/operators/${op.id}/disable`, { reason: '离职' })).statusCode).toBe(
      200,
    );
    expect((await client.get('/admin/api/auth/me')).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/admin/api/deposits', headers: asKey })).statusCode).toBe(401);
    const refused = await new ConsoleClient(t.app).post('/admin/api/auth/sign-in', {
      username: op.username,
      password: 'ChosenPassword9',
    });
    expect(body(refused)).toEqual({ code: 403, message: OPERATOR_MSG.disabled });

    expect((await admin.post(`/admin/api/operators/${op.id}/enable`, { reason: '返岗' })).statusCode).toBe(
      200,
    );
    expect((await t.app.inject({ url: '/admin/api/deposits', headers: asKey })).statusCode).toBe(200);
  });

  it('resets a password (shown once, ending the sessions) and the authenticator (enrolled again)', async () => {
    const op = await create('support');
    const client = await firstSignIn(op);
    const reset = body(
      await admin.post(`/admin/api/operators/${op.id}/reset-password`, { reason: '忘记密码' }),
    );
    const password = (reset.data as { password: string }).password;
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await client.get('/admin/api/auth/me')).statusCode).toBe(401);

    expect(
      (await admin.post(`/admin/api/operators/${op.id}/reset-totp`, { reason: '手机丢失' })).statusCode,
    ).toBe(200);
    const again = new ConsoleClient(t.app);
    const first = body(await again.post('/admin/api/auth/sign-in', { username: op.username, password }));
    const enrolment = (first.data as { stage: string; enrolment: { secret: string } }).enrolment;
    expect(first.data).toMatchObject({ stage: 'enrol' });
    expect(enrolment.secret).not.toBe(op.totp_secret);
    await again.signIn(op.username, password, enrolment.secret, clock, 'AnotherPassword7');
    expect(again.state?.stage).toBe('active');
    clock.advance(STEP_MS);
  });

  it('unlocks a locked operator', async () => {
    const op = await create('auditor');
    await firstSignIn(op);
    const client = new ConsoleClient(t.app);
    for (let i = 0; i < 5; i++)
      await client.post('/admin/api/auth/sign-in', { username: op.username, password: 'Wrong1234567' });
    const locked = (body(await admin.get('/admin/api/operators')).data as OperatorRow[]).find(
      (o) => o.id === op.id,
    );
    expect(locked?.locked).toBe(true);
    expect(
      (await admin.post(`/admin/api/operators/${op.id}/unlock`, { reason: '本人确认' })).statusCode,
    ).toBe(200);
    expect(
      body(
        await client.post('/admin/api/auth/sign-in', { username: op.username, password: 'ChosenPassword9' }),
      ).code,
    ).toBe(200);
  });

  it("revokes another operator's API key", async () => {
    const op = await operatorWithKey(t.ctx, 'support');
    const keys = body(await admin.get('/admin/api/api-keys')).data as ApiKeyRow[];
    const theirs = keys.find((k) => k.operator === op.username);
    expect(theirs).toBeDefined();
    const res = await admin.post(`/admin/api/api-keys/${theirs?.id}/revoke`, { reason: '密钥泄露' });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/admin/api/players', headers: { authorization: `Bearer ${op.key}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses to change oneself here, and an operator that does not exist', async () => {
    expect(body(await admin.post(`/admin/api/operators/${adminId}/disable`, { reason }))).toEqual({
      code: 422,
      message: OPERATOR_MSG.notYourself,
    });
    expect(body(await admin.post('/admin/api/operators/999999/disable', { reason }))).toEqual({
      code: 404,
      message: OPERATOR_MSG.operatorNotFound,
    });
  });

  it('lets only one of two superadmins disabling each other at once succeed', async () => {
    const other = await create('superadmin');
    const otherClient = await firstSignIn(other);
    const [a, b] = await Promise.all([
      admin.post(`/admin/api/operators/${other.id}/disable`, { reason: '互相停用' }),
      otherClient.post(`/admin/api/operators/${adminId}/disable`, { reason: '互相停用' }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    const [winner, loser, loserId] =
      a.statusCode === 200 ? [admin, otherClient, other.id] : [otherClient, admin, adminId];
    expect((await loser.get('/admin/api/auth/me')).statusCode).toBe(401);
    expect((await winner.post(`/admin/api/operators/${loserId}/enable`, { reason: '恢复' })).statusCode).toBe(
      200,
    );
  });
});
