import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/composition';
import type { AppContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/client';
import { APPEND_ONLY_TABLES } from '../src/db/roles';
import { JobRunner } from '../src/jobs/runner';
import { findUserByUsername } from '../src/modules/players/service';
import { prepareDatabase } from '../src/seeds/run';
import { body, operatorKey, post, registerPlayer, testConfig, withClient } from './harness';

const admin = process.env.TEST_DATABASE_URL;
const jobErrors: unknown[] = [];
const jobLog = { debug: () => {}, error: (obj: object) => jobErrors.push(obj) };

/** The SQLSTATE a statement fails with, or 'ok'. */
const failure = (c: pg.Client, statement: string) =>
  c.query(statement).then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

/**
 * Production runs the API with a role that owns no table; an owner role migrates
 * (DATABASE_MIGRATION_URL). The API works, and cannot disable, change or remove what the ledger and
 * the audit log hold (issue 26, point 6).
 */
describe.skipIf(!admin)('the API as a role that owns no table, on postgres', () => {
  const suffix = randomBytes(4).toString('hex');
  const owner = `owner_${suffix}`;
  const api = `api_${suffix}`;
  const name = `t_roles_${suffix}`;
  const urlAs = (user: string) => {
    const url = new URL(admin ?? '');
    url.username = user;
    url.password = '';
    url.pathname = `/${name}`;
    return url.toString();
  };
  let database: Database;
  let ctx: AppContext;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let jobs: JobRunner;

  beforeAll(async () => {
    await withClient(admin ?? '', async (c) => {
      await c.query(`CREATE ROLE ${owner} LOGIN`);
      await c.query(`CREATE ROLE ${api} LOGIN`);
      await c.query(`CREATE DATABASE ${name} OWNER ${owner}`);
    });
    const env = { DATABASE_URL: urlAs(api), DATABASE_MIGRATION_URL: urlAs(owner) };
    const config = testConfig(env);
    database = await openDatabase({ url: urlAs(api), poolSize: 5 });
    await prepareDatabase(database, {
      demo: false,
      migrationUrl: config.databaseMigrationUrl,
      totpKeys: config.totpKeys,
    });
    ctx = createContext({ db: database.db, config, clock: { now: () => new Date() } });
    app = await buildApp(ctx, { logger: false });
    await app.ready();
    jobs = new JobRunner(ctx, database, jobLog);
    await jobs.start();
  }, 120_000);

  afterAll(async () => {
    await jobs?.stop();
    await app?.close();
    await database?.close();
    await withClient(admin ?? '', async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${api}`);
      await c.query(`DROP ROLE IF EXISTS ${owner}`);
    });
  });

  it('owns no table, and the server works: register, credit, transfer, the jobs', async () => {
    const owned = await withClient(urlAs(owner), (c) =>
      c.query<{ n: string }>(
        `SELECT count(*) AS n FROM pg_class WHERE relowner = (SELECT oid FROM pg_roles WHERE rolname = $1)`,
        [api],
      ),
    );
    expect(Number(owned.rows[0]?.n)).toBe(0);

    const player = await registerPlayer(app);
    const user = await findUserByUsername(ctx.db, player.name);
    const key = await operatorKey(ctx, 'finance');
    const credit = await app.inject({
      method: 'POST',
      url: `/admin/api/players/${user?.id}/adjustments`,
      headers: { authorization: `Bearer ${key}` },
      payload: { direction: 'credit', amount: 500, turnover_multiple: 1, reason: '活动补偿' },
    });
    expect(body(credit)).toMatchObject({ code: 200, data: { state: 'applied' } });
    const transfer = await post(
      app,
      '/api/transfer',
      { amount: 100, sourcetype: 'userbalance', targettype: 'pp' },
      player.token,
    );
    expect(body(transfer).code).toBe(200);
    expect(body(await post(app, '/api/user', {}, player.token)).data).toMatchObject({
      balance: 400,
      gameblance: 100,
    });
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(await jobs.queueClosedDays()).toBeGreaterThanOrEqual(0);
    // The interval jobs run as the API's role.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await jobs.runsOf('bet-ingestion')).some((r) => r.state === 'completed')).toBe(true);
    expect(jobErrors).toEqual([]);
  });

  it.each(APPEND_ONLY_TABLES)(
    'cannot disable the triggers of %s, nor change or remove its rows',
    async (table) => {
      const trigger = `${table}_no_update_delete`;
      await withClient(urlAs(api), async (c) => {
        expect(await failure(c, `ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`)).toBe('42501');
        expect(await failure(c, `ALTER TABLE ${table} DISABLE TRIGGER ALL`)).toBe('42501');
        expect(await failure(c, `UPDATE ${table} SET id = id`)).toBe('42501');
        expect(await failure(c, `DELETE FROM ${table}`)).toBe('42501');
        expect(await failure(c, `TRUNCATE ${table}`)).toBe('42501');
        expect(await failure(c, `DROP TABLE ${table}`)).toBe('42501');
        expect(await failure(c, `SELECT count(*) FROM ${table}`)).toBe('ok');
      });
    },
  );
});
