import { randomBytes } from 'node:crypto';
import type { TwoFactorEnrolment } from '@app/contract/protection';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/composition';
import { operators } from '../src/db/schema/operators';
import { users } from '../src/db/schema/users';
import { prepareDatabase } from '../src/seeds/run';
import { ConsoleClient, codeAt, ManualClock } from './console';
import {
  body,
  createTestApp,
  logInRequest,
  operatorWithKey,
  post,
  registerPlayer,
  type TestApp,
  targets,
  testConfig,
} from './harness';

const STEP_MS = 30_000;
const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('base64');

/**
 * Operators' and players' TOTP secrets are stored encrypted (AES-256-GCM, TOTP_ENCRYPTION_KEY) under
 * the id of their key, never in plain text; rotating the key keeps every secret readable (issue 26,
 * point 6).
 */
describe.each(targets)('TOTP secrets at rest on %s', (target) => {
  const clock = new ManualClock();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, { clock, env: { TOTP_ENCRYPTION_KEY: keyA } });
  });
  afterAll(() => t.close());

  /** A process on the same database with other keys (a restart after a rotation). */
  async function restartedWith(env: Record<string, string>) {
    const config = testConfig({ ...(t.database.url ? { DATABASE_URL: t.database.url } : {}), ...env });
    await prepareDatabase(t.database, { demo: false, totpKeys: config.totpKeys });
    const ctx = createContext({ db: t.database.db, config, clock });
    const app = await buildApp(ctx, { logger: false });
    await app.ready();
    return app;
  }

  const storedOperatorSecret = async (id: number) =>
    (await t.database.db.select().from(operators).where(eq(operators.id, id)))[0]?.totpSecret ?? '';
  const storedPlayerSecret = async (name: string) =>
    (await t.database.db.select().from(users).where(eq(users.username, name)))[0]?.totpSecret ?? '';

  async function playerWithTwoFactor() {
    const player = await registerPlayer(t.app);
    const enrolment = body(await post(t.app, '/api/security/two-factor/enrol', {}, player.token))
      .data as TwoFactorEnrolment;
    const confirmed = await post(
      t.app,
      '/api/security/two-factor/confirm',
      { code: await codeAt(enrolment.secret, clock) },
      player.token,
    );
    expect(body(confirmed).code).toBe(200);
    clock.advance(STEP_MS);
    return { ...player, secret: enrolment.secret };
  }

  it('keeps no plain secret of an operator or a player, and both still sign in', async () => {
    const op = await operatorWithKey(t.ctx, 'support');
    const opStored = await storedOperatorSecret(op.id);
    expect(opStored).not.toContain(op.totp_secret);
    expect(opStored).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    const console = new ConsoleClient(t.app);
    await console.signIn(op.username, op.password, op.totp_secret, clock);
    expect(console.state?.stage).toBe('active');
    clock.advance(STEP_MS);

    const player = await playerWithTwoFactor();
    const playerStored = await storedPlayerSecret(player.name);
    expect(playerStored).not.toContain(player.secret);
    expect(playerStored).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    const login = await logInRequest(t.app, player.name, { totp_code: await codeAt(player.secret, clock) });
    expect(body(login).code).toBe(200);
    clock.advance(STEP_MS);
  });

  it('encrypts plain secrets left by an earlier version at start-up, once', async () => {
    const op = await operatorWithKey(t.ctx, 'support');
    await t.database.db.update(operators).set({ totpSecret: op.totp_secret }).where(eq(operators.id, op.id));
    await restartedWith({ TOTP_ENCRYPTION_KEY: keyA });
    const sealed = await storedOperatorSecret(op.id);
    expect(sealed).toMatch(/^enc:v1:/);
    await restartedWith({ TOTP_ENCRYPTION_KEY: keyA });
    expect(await storedOperatorSecret(op.id)).toBe(sealed);
  });

  it('reads secrets of an older key after a rotation and re-encrypts them with the new one', async () => {
    const op = await operatorWithKey(t.ctx, 'support');
    const player = await playerWithTwoFactor();
    const before = await storedPlayerSecret(player.name);

    const rotated = await restartedWith({ TOTP_ENCRYPTION_KEY: keyB, TOTP_ENCRYPTION_KEYS: keyA });
    const after = await storedPlayerSecret(player.name);
    expect(after).toMatch(/^enc:v1:/);
    expect(after.split(':')[2]).not.toBe(before.split(':')[2]);
    expect((await storedOperatorSecret(op.id)).split(':')[2]).toBe(after.split(':')[2]);

    const login = await logInRequest(rotated, player.name, { totp_code: await codeAt(player.secret, clock) });
    expect(body(login).code).toBe(200);
    const console = new ConsoleClient(rotated);
    await console.signIn(op.username, op.password, op.totp_secret, clock);
    expect(console.state?.stage).toBe('active');
    clock.advance(STEP_MS);

    // The old key is no longer needed once the start-up step has run under the new one...
    await restartedWith({ TOTP_ENCRYPTION_KEY: keyB });
    // ...but a start with neither key of a stored secret is refused, naming the key it needs.
    await expect(restartedWith({ TOTP_ENCRYPTION_KEY: keyA })).rejects.toThrow(/TOTP_ENCRYPTION_KEYS/);
  });
});
