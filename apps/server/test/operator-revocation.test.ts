import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/composition';
import { openDatabase } from '../src/db/client';
import { ConsoleClient, ManualClock } from './console';
import { createTestApp, type Instance, operatorWithKey, type TestApp, targets, testConfig } from './harness';

const STEP_MS = 30_000;
const reason = '离职交接';

/**
 * Locking or disabling an operator on one server process stops its console sessions and its API
 * keys on every other at once (issue 26, point 6); signing out everywhere ends its console sessions
 * on every process while its API keys, separate credentials, stay until revoked.
 */
describe.each(targets)('an operator stopped on one process, on %s', (target) => {
  const clock = new ManualClock();
  let a: TestApp;
  let b: Instance;
  let adminKey: string;

  beforeAll(async () => {
    a = await createTestApp(target, { clock });
    // The second process: its own pool and bus on the same database (no Redis), at the same clock.
    const database = a.database.url ? await openDatabase({ url: a.database.url, poolSize: 5 }) : undefined;
    const ctx = createContext({
      db: database?.db ?? a.database.db,
      config: testConfig(a.database.url ? { DATABASE_URL: a.database.url } : {}),
      clock,
    });
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    b = {
      app,
      ctx,
      close: async () => {
        await app.close();
        await database?.close();
      },
    };
    adminKey = (await operatorWithKey(a.ctx, 'superadmin')).key;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** An operator signed in on process b, with an API key. */
  async function signedIn() {
    const op = await operatorWithKey(a.ctx, 'superadmin');
    const console = new ConsoleClient(b.app);
    await console.signIn(op.username, op.password, op.totp_secret, clock);
    clock.advance(STEP_MS);
    return { op, console };
  }

  const byKey = (key: string) =>
    b.app.inject({ method: 'GET', url: '/admin/api/operators', headers: { authorization: `Bearer ${key}` } });
  /** The console's session cookie as it was (a refused call makes the client drop it). */
  const bySession = (cookie: string | undefined) =>
    b.app.inject({ method: 'GET', url: '/admin/api/auth/me', headers: cookie ? { cookie } : {} });
  /** Of 10 console calls and 10 API-key calls sent together to process b, how many were answered 200. */
  async function succeededOnB(key: string, cookie: string | undefined): Promise<number> {
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => bySession(cookie)),
      ...Array.from({ length: 10 }, () => byKey(key)),
    ]);
    return answers.filter((res) => res.statusCode === 200).length;
  }
  const asAdmin = (url: string) =>
    a.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${adminKey}` },
      payload: { reason },
    });

  it('disabling ends its sessions and stops its keys on the other process', async () => {
    const { op, console } = await signedIn();
    const cookie = console.cookie;
    expect((await bySession(cookie)).statusCode).toBe(200);
    expect((await byKey(op.key)).statusCode).toBe(200);

    expect((await asAdmin(`/admin/api/operators/${op.id}/disable`)).statusCode).toBe(200);
    expect(await succeededOnB(op.key, cookie)).toBe(0);

    // Enabled again: the key works again, the ended sessions stay ended.
    expect((await asAdmin(`/admin/api/operators/${op.id}/enable`)).statusCode).toBe(200);
    expect((await byKey(op.key)).statusCode).toBe(200);
  });

  it('a lock (five wrong passwords) ends its sessions and stops its keys until a superadmin unlocks it', async () => {
    const { op, console } = await signedIn();
    const cookie = console.cookie;
    expect((await bySession(cookie)).statusCode).toBe(200);
    expect((await byKey(op.key)).statusCode).toBe(200);

    for (let i = 0; i < 5; i++) {
      const res = await new ConsoleClient(a.app).post('/admin/api/auth/sign-in', {
        username: op.username,
        password: 'not-the-password',
      });
      expect(res.statusCode).toBe(422);
    }
    expect(await succeededOnB(op.key, cookie)).toBe(0);

    expect((await asAdmin(`/admin/api/operators/${op.id}/unlock`)).statusCode).toBe(200);
    expect((await byKey(op.key)).statusCode).toBe(200);
    expect((await bySession(cookie)).statusCode).toBe(401);
  });

  it('signing out everywhere ends its console sessions on every process; its API keys stay', async () => {
    const { op, console: first } = await signedIn();
    const second = new ConsoleClient(a.app);
    // The one-time password was replaced at the first sign-in.
    await second.signIn(op.username, 'NewPassword2026', op.totp_secret, clock);
    clock.advance(STEP_MS);
    const cookie = first.cookie;
    expect((await bySession(cookie)).statusCode).toBe(200);

    expect((await second.post('/admin/api/auth/sign-out-everywhere')).statusCode).toBe(200);
    expect((await bySession(cookie)).statusCode).toBe(401);
    expect((await second.get('/admin/api/auth/me')).statusCode).toBe(401);
    expect((await byKey(op.key)).statusCode).toBe(200);
  });
});
