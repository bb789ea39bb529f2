import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handToPostgres } from '../src/backups/postgres-tools';
import { openDatabase } from '../src/db/client';
import { Ledger } from '../src/ledger/ledger';
import { systemClock } from '../src/lib/clock';
import { findUserByUsername } from '../src/modules/players/service';
import { repoRoot } from '../src/paths';
import { prepareDatabase } from '../src/seeds/run';
import {
  appOn,
  body,
  fundedPlayer,
  grant,
  operatorKey,
  post,
  registerPlayer,
  type TestApp,
  testConfig,
  withClient,
} from './harness';
import { type PostgresCluster, postgresBinaries, startPostgresCluster } from './postgres-cluster';

/**
 * Backups and the restore drill (README: Backups and restore), on a PostgreSQL server of the test's
 * own with a pgBackRest repository of its own: deploy/pgbackrest/setup.sh turns archiving on and
 * takes the full backup, money moves through the API before and after a moment T, and
 * `npm run ops -- restore-drill --target-time T` must bring back exactly what was committed by T.
 * PostgreSQL only.
 */
const run = promisify(execFile);
const pgbackrestInstalled = fs.existsSync('/usr/bin/pgbackrest');
const enabled =
  Boolean(process.env.TEST_DATABASE_URL) && postgresBinaries() !== undefined && pgbackrestInstalled;
if (process.env.TEST_DATABASE_URL && !pgbackrestInstalled) {
  console.warn('restore drill skipped: pgBackRest is missing (apt-get install -y pgbackrest)');
}

describe.skipIf(!enabled)('backups and the restore drill', () => {
  let cluster: PostgresCluster;
  let kit = '';
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    await withClient(cluster.url, (c) => c.query('CREATE DATABASE platform'));
    url = cluster.url.replace(/\/postgres$/, '/platform');
    const database = await openDatabase({ url, poolSize: 10 });
    // The demo data holds the bank accounts deposits pay into.
    await prepareDatabase(database, { demo: true, totpKeys: testConfig().totpKeys });
    t = await appOn({ ...database, drop: () => database.close() });
    kit = fs.mkdtempSync(path.join(os.tmpdir(), 'pgbackrest-'));
    fs.chmodSync(kit, 0o755);
    await handToPostgres(kit);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await t?.database.close();
    await cluster?.destroy();
    if (kit) fs.rmSync(kit, { recursive: true, force: true });
  });

  it('restores to a moment: what was committed by then, to the cent, and nothing after', async () => {
    const started = Date.now();
    const config = path.join(kit, 'pgbackrest.conf');
    const pgCtl = path.join(postgresBinaries() ?? '', 'pg_ctl');
    const setup = await run('bash', [path.join(repoRoot, 'deploy/pgbackrest/setup.sh')], {
      env: {
        ...process.env,
        PGDATA: cluster.dataDir,
        PGPORT: String(cluster.port),
        PGSOCKET: cluster.dataDir,
        PGBACKREST_CONFIG: config,
        BACKUP_REPO: path.join(kit, 'repo'),
        BACKUP_LOG: path.join(kit, 'log'),
        BACKUP_LOCK: path.join(kit, 'lock'),
        PG_RESTART_COMMAND: `runuser -u postgres -- ${pgCtl} -D ${cluster.dataDir} -l ${cluster.dataDir}/server.log -w -m fast restart`,
      },
    });
    expect(setup.stdout).toMatch(/full backup: \d{8}-\d{6}F/);
    await t.database.db.execute('SELECT 1'); // the pool reconnects after setup's restart
    // pgBackRest keeps a backup's stop time in whole seconds: T must fall in a later second than the
    // backup's end, or no backup set counts as taken before it (seen when the moves took under a second).
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    // Before T: two players are credited, one deposits (approved by an operator) and moves money into a venue.
    const operator = await operatorKey(t.ctx);
    const a = await fundedPlayer(t, 100_000n);
    const b = await fundedPlayer(t, 50_000n);
    const deposit = await post(
      t.app,
      '/api/recharge',
      { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' },
      a.token,
    );
    const { deposit_no } = body(deposit).data as { deposit_no: string };
    expect(
      body(await post(t.app, '/admin/api/deposits/approve', { order_no: deposit_no }, operator)).code,
    ).toBe(200);
    const transfer = { amount: 30.37, sourcetype: 'userbalance', targettype: 'pp' };
    expect(body(await post(t.app, '/api/transfer', transfer, a.token)).code).toBe(200);
    const balances = async (ledger: Ledger) => [
      await ledger.balance({ central: a.userId }),
      await ledger.balance({ central: b.userId }),
    ];
    const atT = await balances(t.ctx.ledger);
    expect(atT).toEqual([100_000n + 20_000n - 3_037n, 50_000n]);
    // T is taken to the millisecond (as an operator gives it): a few past the last commit before it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { rows } = await withClient(url, (c) => c.query<{ now: Date }>('SELECT clock_timestamp() AS now'));
    const target = rows[0]?.now ?? new Date();
    await new Promise((resolve) => setTimeout(resolve, 50));

    // After T: more money moves and a third player arrives; none of it may come back.
    expect(body(await post(t.app, '/api/transfer', { ...transfer, amount: 20 }, a.token)).code).toBe(200);
    await grant(t.ctx, b.name, 7_777n);
    const late = await registerPlayer(t.app);
    await withClient(cluster.url, async (c) => {
      const { rows: wal } = await c.query<{ name: string }>(
        'SELECT pg_walfile_name(pg_switch_wal()) AS name',
      );
      const segment = wal[0]?.name ?? '';
      for (let i = 0; i < 200; i++) {
        const { rows: archived } = await c.query<{ last: string | null }>(
          'SELECT last_archived_wal AS last FROM pg_stat_archiver',
        );
        if ((archived[0]?.last ?? '') >= segment) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`WAL segment ${segment} not archived within 20 s`);
    });

    const drill = await run(
      process.execPath,
      [
        ...['--import', 'tsx', path.join(repoRoot, 'apps/server/src/cli/ops.ts'), 'restore-drill'],
        ...['--target-time', target.toISOString(), '--config', config, '--database', 'platform', '--keep'],
      ],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: undefined } },
    ).catch((error: { stdout: string; stderr: string }) => {
      throw new Error(`restore drill failed:\n${error.stdout}\n${error.stderr}`);
    });
    const out = drill.stdout;
    expect(out).toContain('账本核对通过');
    const point = new Date(out.match(/恢复点: (\S+?)（/)?.[1] ?? '');
    expect(point.getTime()).toBeLessThanOrEqual(target.getTime());
    expect(point.getTime()).toBeGreaterThan(started);
    const seconds = Number(out.match(/用时: ([\d.]+) 秒/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    const restoredUrl = out.match(/实例保留: (\S+)/)?.[1] ?? '';
    const restored = await openDatabase({ url: restoredUrl, poolSize: 2 });
    try {
      expect(await balances(new Ledger(restored.db, systemClock))).toEqual(atT);
      expect(await findUserByUsername(restored.db, late.name)).toBeUndefined();
    } finally {
      await restored.close();
      await run('bash', ['-c', out.match(/停止并删除: (.+)/)?.[1] ?? 'false']);
    }
    console.log(`restore drill: ${seconds} s; whole test ${((Date.now() - started) / 1_000).toFixed(1)} s`);
  }, 180_000);
});
