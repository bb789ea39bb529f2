/**
 * `npm run chaos`: two server processes on one fresh PostgreSQL database, players seeded through
 * the API, thousands of concurrent money operations with Idempotency-Key retries against a demo
 * venue that refuses, times out and answers late, a kill -9 of one process mid-run and its
 * restart; then reconciliation, and every money invariant checked. Prints one line of figures and
 * exits 1 on any violation or any key left unresolved.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContext } from '@app/server/src/composition';
import { systemClock } from '@app/server/src/lib/clock';
import { reconcileVenueTransfers } from '@app/server/src/modules/wallet/venue-transfers';
import { CAPTCHA, freePort, freshDatabase, operatorKey, testConfig } from '@app/server/test/harness';
import { sql } from 'drizzle-orm';
import { checkAll, noViolations, type ViolationKind } from './checks';
import { sleep } from './client';
import { databaseServer, restartDatabase } from './database';
import { reconciliationResumed } from './job-resumption';
import { confirmDeposit, planOperations, reviewWithdrawals, runOperation } from './load';
import { type FinalAnswer, inPool, newTally, type Operation, untilFinal } from './operations';
import { seedPlayers } from './players';
import { buildServer, type ServerProcess, startServer } from './servers';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PLAYERS = Number(process.env.CHAOS_PLAYERS ?? 60);
const OPERATIONS = Number(process.env.CHAOS_OPERATIONS ?? 5_000);
const CONCURRENCY = Number(process.env.CHAOS_CONCURRENCY ?? 32);
/** 20 % of venue transfer calls fail one of three ways; 1 % are applied after the reconciliation age. */
const VENUE_FAULTS = 'fail=6.7,timeout_after_apply=6.7,timeout_before_apply=6.6,apply_late=1';
/** Later than reconciliation's age (four call deadlines, 32 s): the late answer meets a decided transfer. */
const LATE_APPLY_MS = 40_000;
/** How long one operation (or one operator decision) is retried before it is left to the final replay. */
const OPERATION_DEADLINE_MS = 60_000;

/**
 * A replay answers what the first request was answered. The operator's credit is keyed by a
 * parameter of its own, and says so when the key was credited before: the same code is enough.
 */
const sameAnswer = (op: Operation, replay: FinalAnswer) =>
  op.kind === 'credit'
    ? op.final?.body.code === replay.body.code
    : op.final?.status === replay.status && JSON.stringify(op.final?.body) === JSON.stringify(replay.body);

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
const say = (message: string) => console.error(`[chaos ${seconds()}s] ${message}`);

const server = await databaseServer();
if (!server) {
  console.error(
    'npm run chaos needs PostgreSQL: install it (apt-get install postgresql) or set TEST_DATABASE_URL (or DATABASE_URL)',
  );
  process.exit(2);
}
process.env.TEST_DATABASE_URL = server.url;
say(
  server.restart
    ? `a PostgreSQL server of the run's own at ${server.url}: restarted under load`
    : `PostgreSQL at ${server.url} (not installed here: not restarted)`,
);

const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-'));
const entry = buildServer(root);
const database = await freshDatabase('postgres');
const url = database.url as string;
const ctx = createContext({ db: database.db, config: testConfig({ DATABASE_URL: url }), clock: systemClock });
const servers: ServerProcess[] = [];
const tally = newTally();
const found = noViolations();
let unresolved = 0;
let ops: Operation[] = [];
// Stopped from outside (Ctrl-C, a CI time-out): take the servers and the database down with the run.
process.once('exit', () => {
  for (const s of servers) s.abort();
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const s of servers) s.abort();
    void database
      .drop()
      .finally(() => server.close())
      .finally(() => process.exit(130));
  });
}

try {
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: logDir,
    LOG_LEVEL: 'warn',
    CAPTCHA_TEST_CODE: CAPTCHA,
    RATE_LIMIT_LOGIN: '1000000',
    RATE_LIMIT_REGISTER: '1000000',
    RATE_LIMIT_CAPTCHA: '1000000',
    DEMO_VENUE_FAULTS: VENUE_FAULTS,
    DEMO_VENUE_LATE_APPLY_MS: String(LATE_APPLY_MS),
  };
  const ports = [await freePort(), await freePort()];
  servers.push(
    ...(await Promise.all(
      ports.map((port, i) => startServer({ root, entry, name: `server-${i + 1}`, port, env, logDir })),
    )),
  );
  say(`two servers on ${servers.map((s) => s.base).join(' and ')}, logs in ${logDir}`);

  const key = await operatorKey(ctx);
  const { players, credits } = await seedPlayers(ctx, servers, PLAYERS, key, tally);
  say(`${players.length} players registered and credited`);

  // Reconciliation runs in each server every 30 s; here too, every 5 s, so the run stays short.
  let loading = true;
  const reconciling = (async () => {
    while (loading) {
      await reconcileVenueTransfers(ctx).catch((error) => say(`reconciliation: ${error}`));
      await sleep(5_000);
    }
  })();

  const planned = planOperations(players, OPERATIONS);
  let done = 0;
  let crash: Promise<void> = Promise.resolve();
  let resumed: ReturnType<typeof reconciliationResumed> | undefined;
  let databaseRestart: Promise<void> = Promise.resolve();
  const victim = servers[1] as ServerProcess;
  // Another operator than the one who credited the players: four-eyes counts what one operator
  // moves for one player in 24 hours, and the credit alone reaches the threshold.
  const reviewer = await operatorKey(ctx, 'finance');
  const reviews = reviewWithdrawals(servers, reviewer, tally, () => loading, OPERATION_DEADLINE_MS);
  await inPool(planned, CONCURRENCY, async (op) => {
    await runOperation(servers, op, tally, Date.now() + OPERATION_DEADLINE_MS);
    if (++done === Math.floor(OPERATIONS * 0.4)) {
      crash = (async () => {
        say(`kill -9 ${victim.name} after ${done} operations`);
        await victim.kill();
        resumed = reconciliationResumed(ctx, new Date());
        await victim.restart();
        say(`${victim.name} restarted`);
      })();
    }
    if (done === Math.floor(OPERATIONS * 0.7)) {
      // After the killed process is back: both processes must live through the restart.
      databaseRestart = crash.then(async () => {
        found.database_restart.push(...(await restartDatabase(server, servers, say)));
      });
    }
  });
  await crash;
  await databaseRestart;

  const loadEnded = Date.now();
  say(`${OPERATIONS} operations answered or given up (${tally.attempts} requests)`);

  // Then, while reconciliation settles and the late answers arrive: every key is sent once more
  // (it must have a final answer, the same as the first one), the withdrawals left are decided
  // and the paid deposits confirmed as the app would.
  const keyed = [...credits, ...planned];
  /** When a retry last found no stored answer and ran the call itself (it may have called a venue). */
  let lastTakeover = loadEnded;
  const replaying = inPool(keyed, 32, async (op) => {
    const replay = await untilFinal(servers, op.call, tally, { deadline: Date.now() + 45_000 });
    if (!replay) return;
    op.replay = replay;
    if (!op.final) {
      op.final = replay;
      lastTakeover = Date.now();
    } else if (!sameAnswer(op, replay)) {
      found.replay_mismatch.push(
        `${op.key}: first ${JSON.stringify(op.final.body)}, then ${JSON.stringify(replay.body)}`,
      );
    }
  });
  loading = false;
  const [, decisions] = await Promise.all([
    replaying,
    reviews,
    reconciling,
    inPool(planned, 8, (op) => confirmDeposit(servers, op, tally, Date.now() + 30_000)),
  ]);
  say('keys replayed, withdrawals decided, deposits confirmed: waiting for reconciliation and late answers');

  // Reconciliation until no transfer awaits settlement, and past every late arrival the venue holds.
  const settleBy = Date.now() + 90_000;
  for (;;) {
    await reconcileVenueTransfers(ctx);
    const open = await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_pending WHERE kind IN ('venue_in', 'venue_out') AND state = 0`,
    );
    const waiting = Number((open as unknown as { rows: { n: number }[] }).rows[0]?.n);
    if ((waiting === 0 && Date.now() > lastTakeover + LATE_APPLY_MS + 2_000) || Date.now() > settleBy) break;
    await sleep(2_000);
  }
  say('settled');

  ops = [...keyed, ...decisions];
  // A key is unresolved when its last retry got no final answer, or its claim is still open.
  const claimsOpen = (await ctx.db.execute(
    sql`SELECT key FROM idempotent_replies WHERE status = 0`,
  )) as unknown as {
    rows: { key: string }[];
  };
  unresolved = new Set([
    ...keyed.filter((op) => !op.replay).map((op) => op.key),
    ...claimsOpen.rows.map((r) => r.key),
  ]).size;
  if (tally.serverErrors > 0) found.server_errors.push(`${tally.serverErrors} answers of 5xx`);
  if (tally.keyReused > 0) found.key_reused.push(`${tally.keyReused} keys refused as reused`);
  const resumption = await resumed;
  if (resumption && 'stalled' in resumption) found.jobs_stalled.push(resumption.stalled);
  else if (resumption)
    say(
      `reconciliation resumed ${resumption.seconds.toFixed(1)} s after the kill -9 (${resumption.heldAtKill ? 'a run was under way at the kill' : 'no run under way at the kill'})`,
    );
  await checkAll(ctx, ops, found);
} catch (error) {
  console.error(error);
  process.exitCode = 2;
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database.drop();
  await server.close();
}

const kinds = Object.entries(found) as [ViolationKind, string[]][];
for (const [kind, list] of kinds) for (const v of list.slice(0, 5)) console.error(`VIOLATION ${kind}: ${v}`);
const total = kinds.reduce((sum, [, list]) => sum + list.length, 0);
const acknowledged = ops.filter((op) => op.final?.body.code === 200).length;
const failed = ops.filter((op) => op.final && op.final.body.code !== 200).length;
console.log(
  `chaos: ${ops.length} operations attempted, ${acknowledged} acknowledged, ${failed} failed cleanly, ` +
    `${unresolved} keys unresolved, ${total} violations (${kinds.map(([k, l]) => `${k} ${l.length}`).join(', ')}); ` +
    `${tally.attempts} requests, ${tally.lost} lost, ${tally.inProgress} in progress, ${tally.unavailable} answered 503, ${tally.shed} shed, 1 kill -9, ` +
    `${server.restart ? '1 database restart' : 'no database restart'}, ${seconds()} s`,
);
if (total > 0 || unresolved > 0) process.exitCode = process.exitCode || 1;
