import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_MSG } from '@app/contract/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/composition';
import type { AppContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { type Node, nodeReady, startNode, stopNode, waitFor } from './cluster';
import {
  CAPTCHA,
  freePort,
  grant,
  operatorKey,
  registration,
  testConfig,
  uniqueName,
  violations,
} from './harness';
import { type PostgresCluster, postgresBinaries, startPostgresCluster } from './postgres-cluster';

/**
 * The API as a real process (an unhandled 'error' event would end it) on a PostgreSQL server of the
 * test's own, under a light money load: a connection ended inside a transaction, and the server
 * restarted, never end the process; while the database is away requests answer 503 with Retry-After
 * and a Chinese message (never 500), and within 5 s of its return /readyz and money calls work again.
 * PostgreSQL only.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && postgresBinaries() !== undefined;
const ROUNDS = 10;
const BACK_WITHIN_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  retryAfter: string | null;
  message: string;
  data?: unknown;
}

async function call(
  base: string,
  url: string,
  payload: object,
  token: string,
  key?: string,
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(40_000),
  });
  const body = (await res.json()) as { message: string; data?: unknown };
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    message: body.message,
    data: body.data,
  };
}

/** A 503 as the outage must answer it. */
const unavailable = (a: Answer) =>
  a.status === 503 && Number(a.retryAfter) > 0 && a.message === SERVER_MSG.databaseUnavailable;

const TRANSFER_IN = { amount: 1, sourcetype: 'userbalance', targettype: 'pp' };
const TRANSFER_OUT = { amount: 1, sourcetype: 'pp', targettype: 'userbalance' };
const DEPOSIT = { paytype: 'card', amount: 100, bank_owner: '李四', bank: '招商银行' };

/**
 * Each player, over and over, moves 1.00 into a venue and back, and deposits 100.00 by bank card,
 * which an operator approves (the deposit and its approval are transactions of several
 * statements). Every call is retried after a 503 or a lost connection (a player's with the same
 * Idempotency-Key) until it is answered otherwise; every such answer must be a success.
 */
function moneyLoad(base: string, tokens: string[], operatorKey: string) {
  const statuses = new Map<number, number>();
  const wrong: string[] = [];
  let running = true;
  let settled = 0;
  /** The longest a call waited for its final answer after its first 503 or lost connection. */
  let longestRetryMs = 0;
  const untilAnswered = async (url: string, payload: object, token: string, key?: string) => {
    let firstFailure: number | undefined;
    while (running) {
      const answer = await call(base, url, payload, token, key).catch(() => undefined);
      if (answer) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer && !unavailable(answer)) {
        if (answer.status === 200) settled++;
        else wrong.push(`${url} ${answer.status} ${answer.message}`);
        if (firstFailure) longestRetryMs = Math.max(longestRetryMs, Date.now() - firstFailure);
        return answer;
      }
      firstFailure ??= Date.now();
      await sleep(100);
    }
  };
  const loops = tokens.map(async (token) => {
    while (running) {
      await untilAnswered('/api/transfer', TRANSFER_IN, token, randomUUID());
      await untilAnswered('/api/transfer', TRANSFER_OUT, token, randomUUID());
      const deposit = await untilAnswered('/api/recharge', DEPOSIT, token, randomUUID());
      const orderNo = (deposit?.data as { deposit_no?: string } | undefined)?.deposit_no;
      if (orderNo) await untilAnswered('/admin/api/deposits/approve', { order_no: orderNo }, operatorKey);
    }
  });
  return {
    statuses,
    wrong,
    settled: () => settled,
    longestRetryMs: () => longestRetryMs,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** A backend of the API's pool idle inside an open transaction, found within 30 s. */
async function inTransaction(admin: pg.Client): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE application_name = 'platform-api' AND xact_start IS NOT NULL AND state = 'idle in transaction'
        LIMIT 1`,
    );
    if (rows[0]) return rows[0].pid;
  }
  throw new Error('no API connection idle inside a transaction within 30 s');
}

describe.skipIf(!enabled)('a database restart or a lost connection never ends the server process', () => {
  let cluster: PostgresCluster;
  let url = '';
  let node: Node;
  let prefix = '';
  const tokens: string[] = [];
  let operator = '';
  let base = '';
  let admin: pg.Client;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    admin = new pg.Client({ connectionString: cluster.url, application_name: 'test-admin' });
    admin.on('error', () => {}); // ended by the restarts below; used before them only
    await admin.connect();
    await admin.query('CREATE DATABASE platform');
    url = cluster.url.replace(/\/postgres$/, '/platform');
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'db-restart-'));
    const [port, metricsPort] = [await freePort(), await freePort()];
    node = startNode({
      databaseUrl: url,
      port,
      metricsPort,
      dataDir: path.join(prefix, 'data'),
      env: {
        CAPTCHA_TEST_CODE: CAPTCHA,
        RATE_LIMIT_REGISTER: '1000',
        RATE_LIMIT_CAPTCHA: '1000',
        // Deposits are limited as logins are; the demo data holds the bank accounts they pay into.
        RATE_LIMIT_LOGIN: '100000',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
    });
    base = `http://127.0.0.1:${port}`;
    await nodeReady(node);
    const helper = await openDatabase({ url, poolSize: 2 });
    const ctx = createContext({
      db: helper.db,
      config: testConfig({ DATABASE_URL: url }),
      clock: systemClock,
    });
    for (let i = 0; i < 4; i++) {
      const captcha = (await (await fetch(`${base}/api/captcha`)).json()) as {
        data: { captcha_key: string };
      };
      const name = uniqueName('dbr');
      const res = await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...registration(name), captcha_key: captcha.data.captcha_key }),
      });
      tokens.push(((await res.json()) as { data: { api_token: string } }).data.api_token);
      await grant(ctx, name, 100_000n);
    }
    operator = await operatorKey(ctx);
    await helper.close();
  }, 300_000);

  afterAll(async () => {
    if (node) await stopNode(node);
    await admin?.end().catch(() => {});
    await cluster?.destroy();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  }, 60_000);

  const alive = () => {
    if (node.child.exitCode !== null) console.error(node.log.slice(-30).join('\n'));
    expect(node.child.exitCode).toBeNull();
  };

  /** Milliseconds until /readyz answers 200 and a new transfer is made; at most BACK_WITHIN_MS. */
  const backWithin = async () => {
    const started = Date.now();
    await waitFor('/readyz 200', BACK_WITHIN_MS, async () => (await fetch(`${base}/readyz`)).ok);
    const key = randomUUID();
    await waitFor(
      'a transfer',
      BACK_WITHIN_MS - (Date.now() - started),
      async () => (await call(base, '/api/transfer', TRANSFER_IN, tokens[0] ?? '', key)).status === 200,
    );
    return Date.now() - started;
  };

  it(`survives ${ROUNDS} of its connections ended inside an open transaction (pg_terminate_backend)`, async () => {
    const load = moneyLoad(base, tokens, operator);
    for (let round = 0; round < ROUNDS; round++) {
      // Between two statements of a transaction a connection is 'idle in transaction' for a moment
      // only: asked without pause.
      const pid = await inTransaction(admin);
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await sleep(300);
      alive();
      await backWithin();
    }
    await load.stop();
    console.log(
      `terminations: ${load.settled()} calls settled, answers ${JSON.stringify([...load.statuses])}`,
    );
    alive();
    expect(load.wrong).toEqual([]);
  }, 180_000);

  it(`survives ${ROUNDS} restarts of PostgreSQL under load (pg_ctl restart -m fast) and answers 503 while it is away`, async () => {
    const load = moneyLoad(base, tokens, operator);
    const back: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await sleep(500);
      await cluster.restart();
      alive();
      back.push(await backWithin());
    }

    await cluster.stop();
    await sleep(1_000);
    alive();
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    const refused = await call(base, '/api/transfer', TRANSFER_IN, tokens[0] ?? '', randomUUID());
    expect(refused).toMatchObject({ status: 503, message: SERVER_MSG.databaseUnavailable });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(unavailable(await call(base, '/api/user', {}, tokens[1] ?? ''))).toBe(true);
    await cluster.start();
    back.push(await backWithin());
    // The connections of its own reconnect too: the bus's LISTEN, the order-number slot, the jobs.
    const names = ['platform-api', 'platform-bus', 'platform-jobs', 'platform-order-slot'];
    await waitFor('every connection of the process back', 10_000, async () => {
      const client = new pg.Client({ connectionString: cluster.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ name: string }>(
          `SELECT DISTINCT application_name AS name FROM pg_stat_activity WHERE datname = 'platform'`,
        );
        return names.every((name) => rows.some((r) => r.name === name));
      } finally {
        await client.end();
      }
    });

    await load.stop();
    console.log(
      `restarts: back within ${Math.max(...back)} ms (max), ${load.settled()} calls settled, a retried call answered within ${load.longestRetryMs()} ms, answers ${JSON.stringify([...load.statuses])}`,
    );
    // A call retried with its key through a restart is answered soon after the database is back,
    // not once the claim's lease (15 s) has run out.
    expect(load.longestRetryMs()).toBeLessThan(10_000);
    alive();
    expect(load.wrong).toEqual([]);

    const database: Database = await openDatabase({ url, poolSize: 2 });
    const ctx: AppContext = createContext({
      db: database.db,
      config: testConfig({ DATABASE_URL: url }),
      clock: systemClock,
    });
    try {
      expect(await violations(ctx)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 240_000);
});
