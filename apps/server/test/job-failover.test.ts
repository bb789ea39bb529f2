import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BetStatus } from '@app/contract/status';
import { beijingDay } from '@app/contract/time';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PendingState } from '../src/db/schema/ledger';
import { dailyJobId } from '../src/jobs/runner';
import { metric, type Node, nodeReady, startNode, stopNode, waitFor } from './cluster';
import {
  appOn,
  body,
  freePort,
  freshDatabase,
  fundedPlayer,
  post,
  type TestApp,
  type TestDatabase,
} from './harness';

/**
 * Issue 26, point 2: a node killed (SIGKILL) in the middle of a job run stalls no job. Three API
 * processes on one PostgreSQL: the node running a day's rebates is killed half-way, then the node
 * running reconciliation; a surviving node takes each run over. PostgreSQL only.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);

const DAY_MS = 86_400_000;
/** Every demo venue call takes this long: a reconciliation run of four transfers lasts seconds. */
const VENUE_LATENCY_MS = 1_000;
/** Reconciliation every 3 s rather than 30: a run starts soon after the transfers are due. */
const RECONCILIATION_SECONDS = 3;

/** Whether the node has a run of `job` under way: started (lag observed) more often than finished. */
async function running(node: Node, job: string): Promise<boolean> {
  const started = await metric(node, 'job_lag_seconds_count', `job="${job}"`);
  return started > (await metric(node, 'job_runs_total', `job="${job}"`));
}

async function kill(node: Node): Promise<number> {
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGKILL');
  await exited;
  return Date.now();
}

describe.skipIf(!enabled)('a node killed in the middle of a job run, on PostgreSQL', () => {
  let database: TestDatabase;
  let helper: TestApp;
  let nodes: Node[] = [];
  let prefix = '';
  /** The test's own connection, for what it reads and writes behind the nodes' backs. */
  let direct: pg.Client | undefined;
  /** A transaction of the test's own that holds a key the rebates of `yesterday` need. */
  let blocker: pg.Client | undefined;
  const yesterday = beijingDay(new Date(Date.now() - DAY_MS));
  const earlier = beijingDay(new Date(Date.now() - 3 * DAY_MS));
  const players: number[] = [];

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const url = database.url ?? '';
    helper = await appOn(database);

    direct = new pg.Client({ connectionString: url });
    await direct.connect();
    // Settled bets of 12 players on two days, one per OB真人 (realbet) and OB体育 (sport), as the
    // feed would have recorded them: valid stakes 5,000.00 + 0.07 × the player's id.
    for (let i = 0; i < 12; i++) players.push((await fundedPlayer(helper, 1_000_00n)).userId);
    for (const day of [earlier, yesterday]) {
      await direct.query(
        `INSERT INTO bets (venue, bet_id, user_id, game_code, category, bet_amount, valid_amount, win_loss, status, placed_at, settled_at)
         SELECT v.venue, $1 || '-' || p, p, 'g1', v.category, 500000 + p * 7, 500000 + p * 7, 0, $2, $3::timestamptz, $3::timestamptz
         FROM unnest($4::bigint[]) p, (VALUES ('obzr', 'realbet'), ('obty', 'sport')) v(venue, category)`,
        [day, BetStatus.settled, `${day}T12:00:00+08:00`, players],
      );
    }
    // The rebates run of yesterday writes its last day last: it waits on this key, half-way.
    blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(
      `INSERT INTO rebates (user_id, day, category, part, valid_amount, rate, amount, created_at)
       VALUES ($1, $2, 'realbet', 1, 1, 1, 1, now())`,
      [players[0], yesterday],
    );

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'job-failover-'));
    const ports = await Promise.all(Array.from({ length: 6 }, () => freePort()));
    nodes = [0, 1, 2].map((i) =>
      startNode({
        databaseUrl: url,
        port: ports[i * 2] ?? 0,
        metricsPort: ports[i * 2 + 1] ?? 0,
        dataDir: path.join(prefix, `data${i}`),
        env: {
          DEMO_VENUE_LATENCY_MS: String(VENUE_LATENCY_MS),
          VENUE_RECONCILIATION_SECONDS: String(RECONCILIATION_SECONDS),
        },
      }),
    );
    await Promise.all(nodes.map((node) => nodeReady(node)));
  }, 600_000);

  afterAll(async () => {
    await blocker?.end().catch(() => undefined);
    await direct?.end().catch(() => undefined);
    await Promise.all(nodes.map(stopNode));
    await helper?.close();
    await database?.drop();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  }, 60_000);

  const query = async <Row>(text: string, values: unknown[] = []): Promise<Row[]> => {
    if (!direct) throw new Error('not connected');
    return (await direct.query(text, values)).rows as Row[];
  };
  const stateOf = async (queue: string, id: string) =>
    (
      await query<{ state: string }>(`SELECT state FROM pgboss.job WHERE name = $1 AND id = $2`, [queue, id])
    )[0]?.state;

  it('completes a daily job whose node died half-way on a surviving node, every rebate paid exactly once', async () => {
    const id = dailyJobId('rebates', yesterday);
    const rebatesOf = async (day: string) =>
      (await query<{ n: number }>(`SELECT count(*)::int AS n FROM rebates WHERE day = $1`, [day]))[0]?.n;
    // Yesterday's run is under way, the other days' are done, and it has written the earlier day's
    // rebates: it waits on the test's key, half-way.
    await waitFor('yesterday’s rebates half-way', 120_000, async () => {
      const states = await query<{ id: string; state: string }>(
        `SELECT id, state FROM pgboss.job WHERE name = 'daily.rebates'`,
      );
      return (
        states.length === 7 &&
        states.every((s) => s.state === (s.id === id ? 'active' : 'completed')) &&
        (await rebatesOf(earlier)) === players.length * 2
      );
    });
    const holders: Node[] = [];
    for (const node of nodes) if (await running(node, 'rebates')) holders.push(node);
    expect(holders).toHaveLength(1);
    expect(await rebatesOf(yesterday)).toBe(0);

    const killed = await kill(holders[0] as Node);
    nodes = nodes.filter((n) => n !== holders[0]);
    await blocker?.query('ROLLBACK');
    await waitFor(
      'yesterday’s rebates completed by a surviving node',
      45_000,
      async () => (await stateOf('daily.rebates', id)) === 'completed',
    );
    console.log(
      `daily job completed by a surviving node ${((Date.now() - killed) / 1_000).toFixed(1)} s after the kill`,
    );

    // Every player's rebate of each day and category once, at VIP1's rates (0.40 %).
    const rebates = await query<{ user_id: string; day: string; category: string; amount: string }>(
      `SELECT user_id, day, category, amount FROM rebates ORDER BY user_id, day, category`,
    );
    const expected = players.flatMap((p) =>
      [earlier, yesterday].flatMap((day) =>
        ['realbet', 'sport'].map((category) => ({
          user_id: String(p),
          day,
          category,
          amount: String(Math.floor(((500_000 + p * 7) * 40) / 10_000)),
        })),
      ),
    );
    expect(rebates).toEqual(expected);
  }, 240_000);

  it('resumes reconciliation on a surviving node within 30 s of the death of the node that ran it', async () => {
    // Four transfers in that the venue never received: each awaits settlement by reconciliation.
    const pending = async () =>
      (await helper.ctx.ledger.stillPending(['venue_in', 'venue_out'], new Date(Date.now() + 60_000), 500))
        .length;
    helper.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'timeout_before_apply' };
    for (let i = 0; i < 4; i++) {
      const player = await fundedPlayer(helper, 100_00n);
      const res = await post(
        helper.app,
        '/api/transfer',
        { amount: 10, sourcetype: 'userbalance', targettype: 'obgdy' },
        player.token,
      );
      expect(body(res).code).toBe(200);
    }
    expect(await pending()).toBe(4);
    // Reconciliation takes a transfer once it is 32 s old (four venue call deadlines): these are
    // made older than that rather than waited for. The node that runs it is killed mid-run.
    await query(
      `UPDATE ledger_pending SET created_at = created_at - interval '1 minute'
       WHERE state = $1 AND kind IN ('venue_in', 'venue_out')`,
      [PendingState.pending],
    );
    let holder: Node | undefined;
    await waitFor('a reconciliation run under way', 120_000, async () => {
      for (const node of nodes) if (await running(node, 'venue-reconciliation')) holder = node;
      return holder !== undefined;
    });
    if (!holder) throw new Error('no node runs reconciliation');
    const ingestion = (node: Node) =>
      metric(node, 'job_runs_total', 'job="bet-ingestion",outcome="completed"');
    const killed = await kill(holder);
    const [survivor] = nodes.filter((n) => n !== holder);
    if (!survivor) throw new Error('no surviving node');
    const ingested = await ingestion(survivor);
    expect(await pending()).toBeGreaterThan(0);

    const settled = await waitFor('every transfer settled', 30_000, async () => (await pending()) === 0);
    console.log(
      `reconciliation resumed: every transfer settled ${((Date.now() - killed) / 1_000).toFixed(1)} s after the kill (${settled} ms of waiting)`,
    );
    // Bet ingestion (every 2 s) goes on on the survivor too, whichever node held its run.
    expect(await ingestion(survivor)).toBeGreaterThan(ingested);
  }, 240_000);
});
