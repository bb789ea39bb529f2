import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_MSG } from '@app/contract/messages';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, createContext } from '../src/context';
import { type Database, openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { type Node, nodeReady, startNode, stopNode, waitFor } from './cluster';
import { CAPTCHA, freePort, grant, registration, testConfig, uniqueName, violations } from './harness';
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
  const body = (await res.json()) as { message: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), message: body.message };
}

/** A 503 as the outage must answer it. */
const unavailable = (a: Answer) =>
  a.status === 503 && Number(a.retryAfter) > 0 && a.message === SERVER_MSG.databaseUnavailable;

/**
 * Each player moves 1.00 into a venue and back, over and over, every call with an Idempotency-Key
 * retried with the same key after a 503 or a lost connection until it has its final answer.
 */
function moneyLoad(base: string, tokens: string[]) {
  const statuses = new Map<number, number>();
  const wrong: string[] = [];
  let running = true;
  let settled = 0;
  const until200 = async (token: string, payload: object) => {
    const key = randomUUID();
    while (running) {
      const answer = await call(base, '/api/transfer', payload, token, key).catch(() => undefined);
      if (answer) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer?.status === 200) return void settled++;
      if (answer && !unavailable(answer)) wrong.push(`${answer.status} ${answer.message}`);
      await sleep(100);
    }
  };
  const loops = tokens.map(async (token) => {
    while (running) {
      await until200(token, { amount: 1, sourcetype: 'userbalance', targettype: 'pp' });
      await until200(token, { amount: 1, sourcetype: 'pp', targettype: 'userbalance' });
    }
  });
  return {
    statuses,
    wrong,
    settled: () => settled,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe.skipIf(!enabled)('a database restart or a lost connection never ends the server process', () => {
  let cluster: PostgresCluster;
  let url = '';
  let node: Node;
  let prefix = '';
  const tokens: string[] = [];
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
    const payload = { amount: 1, sourcetype: 'userbalance', targettype: 'pp' };
    await waitFor(
      'a transfer',
      BACK_WITHIN_MS - (Date.now() - started),
      async () => (await call(base, '/api/transfer', payload, tokens[0] ?? '', key)).status === 200,
    );
    return Date.now() - started;
  };

  it(`survives ${ROUNDS} of its connections ended inside an open transaction (pg_terminate_backend)`, async () => {
    const load = moneyLoad(base, tokens);
    const admin2 = admin;
    for (let round = 0; round < ROUNDS; round++) {
      let pid: number | undefined;
      await waitFor('an API connection idle inside a transaction', 20_000, async () => {
        const { rows } = await admin2.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
            WHERE application_name = 'platform-api' AND xact_start IS NOT NULL AND state = 'idle in transaction'
            LIMIT 1`,
        );
        pid = rows[0]?.pid;
        return pid !== undefined;
      });
      await admin2.query('SELECT pg_terminate_backend($1)', [pid]);
      await sleep(300);
      alive();
      await backWithin();
    }
    await load.stop();
    console.log(
      `terminations: ${load.settled()} transfers settled, answers ${JSON.stringify([...load.statuses])}`,
    );
    alive();
    expect(load.wrong).toEqual([]);
  }, 180_000);

  it(`survives ${ROUNDS} restarts of PostgreSQL under load (pg_ctl restart -m fast) and answers 503 while it is away`, async () => {
    const load = moneyLoad(base, tokens);
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
    const refused = await call(
      base,
      '/api/transfer',
      { amount: 1, sourcetype: 'userbalance', targettype: 'pp' },
      tokens[0] ?? '',
      randomUUID(),
    );
    expect(refused).toMatchObject({ status: 503, message: SERVER_MSG.databaseUnavailable });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(unavailable(await call(base, '/api/user', {}, tokens[1] ?? ''))).toBe(true);
    await cluster.start();
    back.push(await backWithin());

    await load.stop();
    console.log(
      `restarts: back within ${Math.max(...back)} ms (max), ${load.settled()} transfers settled, answers ${JSON.stringify([...load.statuses])}`,
    );
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
