import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { OperatorRole } from '@app/contract/admin/roles';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { createContext } from '../src/composition';
import { type Config, loadConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/client';
import { HouseAccount, verifyAll } from '../src/ledger/ledger';
import { type Clock, systemClock } from '../src/lib/clock';
import type { Actor } from '../src/modules/audit/service';
import { ingestBets } from '../src/modules/bet-feed/service';
import { createApiKey } from '../src/modules/operators/api-keys';
import { createOperator } from '../src/modules/operators/management';
import { findUserByUsername } from '../src/modules/players/service';
import { cardWaitSetting } from '../src/modules/settings/definitions';
import { writeSetting } from '../src/modules/settings/repository';
import { copyOfTemplate, pgliteImage } from './database-templates';
import { databaseUrl, withClient } from './postgres-admin';

export { withClient };

export const CAPTCHA = 'A7K9';

/** The keys production refuses to start without: one per purpose, each its own. */
export const PRODUCTION_SECRETS = {
  PAYMENT_CALLBACK_SECRET: 'p'.repeat(40),
  PAY_LINK_SECRET: 'l'.repeat(40),
  DEMO_VENUE_SECRET: 'v'.repeat(40),
  TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};

/** Every database kind the API and ledger tests run against: PGlite always, PostgreSQL when configured. */
export const targets: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or a new database on the PostgreSQL
 * server; a copy of one prepared once per seed variant (test/database-templates.ts).
 */
export async function freshDatabase(
  target: 'pglite' | 'postgres',
  options: { demo?: boolean; totpKeys?: Config['totpKeys'] } = {},
): Promise<TestDatabase> {
  const variant = { demo: options.demo ?? false, totpKeys: options.totpKeys ?? testConfig().totpKeys };
  if (target === 'pglite') {
    const database = await openDatabase({ image: await pgliteImage(variant) });
    return { ...database, drop: () => database.close() };
  }
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const name = await copyOfTemplate(admin, variant);
  const database = await openDatabase({ url: databaseUrl(admin, name), poolSize: 30 });
  return {
    ...database,
    drop: async () => {
      await database.close();
      await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const generous = { RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_REGISTER: '1000', RATE_LIMIT_CAPTCHA: '1000' };
  return loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_TEST_CODE: CAPTCHA,
    LOG_LEVEL: 'silent',
    ...generous,
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A process of the test's own on a database the test keeps (several nodes share it): registers
 * players and makes keys beside them. Closing it leaves the database.
 */
export async function appOn(database: TestDatabase): Promise<TestApp> {
  const ctx = createContext({
    db: database.db,
    config: testConfig({ DATABASE_URL: database.url ?? '' }),
    clock: systemClock,
  });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return { app, ctx, database, close: () => app.close() };
}

export async function createTestApp(
  target: 'pglite' | 'postgres',
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    demo?: boolean;
    /** Listen on a loopback port too, for calls the server makes to itself (gateway notifications). */
    listen?: boolean;
    /** Print the server's error log (a 500's cause) to the test output. */
    logErrors?: boolean;
    /**
     * Keep the default waiting period of newly bound cards (24 hours). Otherwise the tests run with
     * none, so that a card bound in a test receives a withdrawal at once.
     */
    cardWait?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(target, {
    demo: options.demo ?? false,
    totpKeys: testConfig(options.env).totpKeys,
  });
  if (!options.cardWait) await writeSetting(database.db, cardWaitSetting, { hours: 0 });
  const port = options.listen ? await freePort() : 0;
  const env = {
    // A PostgreSQL server: the processes' bus is LISTEN/NOTIFY on it, as in production.
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...(options.listen ? { PORT: String(port) } : {}),
    ...(options.logErrors ? { LOG_LEVEL: 'error' } : {}),
    ...options.env,
  };
  const ctx = createContext({
    db: database.db,
    config: testConfig(env),
    clock: options.clock ?? { now: () => new Date() },
  });
  const app = await buildApp(ctx, { logger: options.logErrors ?? false });
  if (options.listen) await app.listen({ port, host: '127.0.0.1' });
  await app.ready();
  return {
    app,
    ctx,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export interface Envelope {
  code: number;
  message: string;
  data?: unknown;
}

export function body(res: LightMyRequestResponse): Envelope {
  return res.json() as Envelope;
}

/** POSTs JSON as the player app does, optionally as a logged-in player. */
export function post(app: FastifyInstance, url: string, payload: object = {}, token?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export async function captchaKey(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha' });
  return (body(res).data as { captcha_key: string }).captcha_key;
}

/** POST /api/login_pc as the login page sends it: the registration's password and a fresh captcha. */
export async function logInRequest(app: FastifyInstance, name: string, fields: object = {}) {
  return post(app, '/api/login_pc', {
    name,
    password: 'secret123',
    code: CAPTCHA,
    captcha_key: await captchaKey(app),
    ...fields,
  });
}

let counter = 0;
export const uniqueName = (prefix = 'player') =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export const registration = (name: string) => ({
  name,
  password: 'secret123',
  confirmPass: 'secret123',
  realname: '张三',
  paypassword: 'paypass123',
  code: CAPTCHA,
});

/** Registers a new player through the API and answers its token. */
export async function registerPlayer(
  app: FastifyInstance,
  name = uniqueName(),
): Promise<{ name: string; token: string }> {
  const res = await post(app, '/api/register', { ...registration(name), captcha_key: await captchaKey(app) });
  const env = body(res);
  if (env.code !== 200) throw new Error(`register failed: ${env.message}`);
  return { name, token: (env.data as { api_token: string }).api_token };
}

/** Credits a player's central wallet through the ledger, as a promotion would. */
export async function grant(ctx: AppContext, username: string, cents: bigint): Promise<number> {
  const user = await findUserByUsername(ctx.db, username);
  if (!user) throw new Error(`no user ${username}`);
  await ctx.ledger.credit({
    key: `test-grant:${randomBytes(8).toString('hex')}`,
    from: HouseAccount.promotionsExpense,
    to: { central: user.id },
    amount: cents,
    kind: 'test_grant',
  });
  return user.id;
}

/** Registers a player and funds the central wallet. */
export async function fundedPlayer(t: TestApp, cents: bigint) {
  const player = await registerPlayer(t.app);
  const user = await findUserByUsername(t.ctx.db, player.name);
  if (cents > 0n) await grant(t.ctx, player.name, cents);
  return { ...player, userId: user?.id ?? 0 };
}

export const TEST_TRC20_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';

/** A funded player with one bound card (bank, or a TRC20 address); pay password paypass123. */
export async function playerWithBoundCard(t: TestApp, cents: bigint, card: 'bank' | 'usdt' = 'bank') {
  const player = await fundedPlayer(t, cents);
  const payload =
    card === 'bank'
      ? {
          bank_owner: '王五',
          bank: '中国银行',
          bank_no: '6013820800012345678',
          bank_address: '北京分行',
          pay_pass: 'paypass123',
        }
      : {
          bank: 'USDT',
          bank_owner: 'TRC20',
          bank_no: TEST_TRC20_ADDRESS,
          bank_address: '',
          pay_pass: 'paypass123',
        };
  await post(t.app, '/api/bindcard', payload, player.token);
  const cards = body(await post(t.app, '/api/getcard', { type: card === 'bank' ? 1 : 2 }, player.token))
    .data as { id: number }[];
  return { ...player, cardId: cards[0]?.id ?? 0 };
}

/**
 * Ingests the demo venue's bets until every round it has committed is recorded. The feed delivers
 * a round once every transaction older than it has ended; on a PostgreSQL server shared with other
 * work (other test files migrating their databases) that can take a moment.
 */
export async function ingestAllBets(ctx: AppContext): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    await ingestBets(ctx);
    const left = await ctx.db.execute(sql`SELECT count(*)::int AS n FROM demo_venue_bets r
      WHERE NOT EXISTS (SELECT 1 FROM bets b WHERE b.venue = r.venue AND b.bet_id = 'DV' || lpad(r.id::text, 10, '0'))`);
    if (Number((left as unknown as { rows: { n: number }[] }).rows[0]?.n) === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the demo venue's rounds were not all ingested within 20 s");
}

/**
 * A round the player played at a demo venue, as its game pages write it (the venue wallet pays the
 * stake and receives the payout, in cents), then ingested into bets.
 */
export async function playRound(
  ctx: AppContext,
  round: { venue: string; userId: number; stake: number; payout: number; at: Date },
): Promise<void> {
  const { venue, userId, stake, payout, at } = round;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE demo_venue_wallets SET balance = balance - ${stake} + ${payout} WHERE venue = ${venue} AND player = ${`p${userId}`}`,
    );
    await tx.execute(sql`INSERT INTO demo_venue_bets (venue, player, game_code, stake, valid, payout, detail, created_at)
      VALUES (${venue}, ${`p${userId}`}, ${`${venue}001`}, ${stake}, ${stake}, ${payout}, '{}', ${at.toISOString()})`);
  });
  await ingestAllBets(ctx);
}

/** Every invariant of the ledger and of the holdings behind the house accounts. */
export async function violations(ctx: AppContext): Promise<string[]> {
  return (await verifyAll(ctx.db, ctx.ledger)).violations;
}

const BOOTSTRAP: Actor = {
  operatorId: null,
  username: 'ADMIN_TOKEN',
  role: 'bootstrap',
  ip: '127.0.0.1',
  via: 'bootstrap',
};

/**
 * An operator of `role` with an API key of theirs, made through the services as the bootstrap
 * token and the console would: the key is what scripts and these tests send as their bearer token.
 */
export async function operatorWithKey(ctx: AppContext, role: OperatorRole = 'superadmin') {
  const created = await createOperator(ctx, BOOTSTRAP, {
    username: uniqueName(role.slice(0, 4)).slice(0, 32),
    display_name: role,
    role,
  });
  const actor: Actor & { operatorId: number } = {
    operatorId: created.id,
    username: created.username,
    role,
    ip: '127.0.0.1',
    via: 'session',
  };
  const { key } = await createApiKey(ctx, actor, 'tests');
  return { ...created, key };
}

export interface Instance {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Another server process on the database of `t`: its own pool (PostgreSQL), cache and bus. */
export async function otherProcess(t: TestApp, env: Record<string, string> = {}): Promise<Instance> {
  const database = t.database.url ? await openDatabase({ url: t.database.url, poolSize: 5 }) : undefined;
  const ctx = createContext({
    db: database?.db ?? t.database.db,
    config: testConfig({ ...(t.database.url ? { DATABASE_URL: t.database.url } : {}), ...env }),
    clock: { now: () => new Date() },
  });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      await database?.close();
    },
  };
}

/** The API key of a new operator of `role` (superadmin unless told). */
export const operatorKey = async (ctx: AppContext, role: OperatorRole = 'superadmin') =>
  (await operatorWithKey(ctx, role)).key;
