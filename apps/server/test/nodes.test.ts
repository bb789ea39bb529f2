import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { systemClock } from '../src/lib/clock';
import { repoRoot } from '../src/paths';
import {
  freePort,
  freshDatabase,
  fundedPlayer,
  operatorKey,
  type TestApp,
  type TestDatabase,
  testConfig,
} from './harness';
import { startRedis } from './redis-server';

/**
 * Two API processes behind nginx (deploy/nginx.conf.template) on one PostgreSQL and one Redis, as
 * in "Running several nodes" (README): every job runs once across both, an operator's venue change
 * reaches both at once, and each serves its own metrics. PostgreSQL only; nginx from Debian runs
 * with a prefix of its own in a temporary folder.
 */
const NGINX = '/usr/sbin/nginx';
const enabled = Boolean(process.env.TEST_DATABASE_URL);

interface Node {
  port: number;
  metricsPort: number;
  child: ChildProcess;
  log: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(20);
  }
}

function startNode(
  databaseUrl: string,
  redisUrl: string,
  port: number,
  metricsPort: number,
  dataDir: string,
): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: '0',
      DATABASE_POOL_SIZE: '5',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { port, metricsPort, child, log: [] };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => node.log.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  return node;
}

async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  await exited;
}

/** The sum of a counter's series whose labels contain `labels`, in one node's /metrics. */
async function metric(node: Node, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${node.metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

describe.skipIf(!enabled)('two API nodes behind nginx on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let helper: TestApp;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodes: Node[] = [];
  let nginx: ChildProcess;
  let prefix = '';
  let entry = '';

  beforeAll(async () => {
    database = await freshDatabase('postgres', { demo: true });
    const url = database.url ?? '';
    redis = await startRedis();
    // A process of the test's own on the same database: it registers players and makes a key.
    const ctx = createContext({
      db: database.db,
      config: testConfig({ DATABASE_URL: url }),
      clock: systemClock,
    });
    const app: FastifyInstance = await buildApp(ctx, { logger: false });
    await app.ready();
    helper = { app, ctx, database, close: () => app.close() };

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nodes-test-'));
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    nodes = [0, 1].map((i) =>
      startNode(url, redis.url, ports[i * 2] ?? 0, ports[i * 2 + 1] ?? 0, path.join(prefix, `data${i}`)),
    );
    for (const node of nodes) {
      // Slow on a shared two-core machine: each node compiles through tsx and starts pg-boss.
      await waitFor(
        'node ready',
        240_000,
        async () => (await fetch(`http://127.0.0.1:${node.port}/readyz`)).ok,
      ).catch((error: Error) => {
        console.error(node.log.slice(-20).join('\n'));
        throw error;
      });
    }
    const listen = ports[4] ?? 0;
    const conf = fs
      .readFileSync(path.join(repoRoot, 'deploy/nginx.conf.template'), 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${listen}`)
      .replaceAll(
        '{{UPSTREAM_SERVERS}}',
        nodes.map((n) => `    server 127.0.0.1:${n.port} max_fails=1 fail_timeout=5s;`).join('\n'),
      );
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    entry = `http://127.0.0.1:${listen}`;
    await waitFor('nginx', 10_000, async () => (await fetch(`${entry}/livez`)).ok);
  }, 600_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(nodes.map(stopNode));
    await helper?.close();
    await redis?.stop();
    await database?.drop();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  }, 60_000);

  const postVia = (base: string, url: string, payload: object, token: string, headers = {}) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(payload),
    });

  it('run each interval job once across both nodes: bet-feed reads and reconciliation are not doubled', async () => {
    const runs = async () => {
      let sum = 0;
      for (const n of nodes) sum += await metric(n, 'job_runs_total', 'job="bet-ingestion"');
      return sum;
    };
    const before = await runs();
    const started = Date.now();
    await sleep(10_000);
    const seconds = (Date.now() - started) / 1_000;
    const feedReads = (await runs()) - before;
    // One read of the feed per 2-second slot: each node on its own would make about twice as many.
    expect(feedReads).toBeGreaterThanOrEqual(Math.floor(seconds / 2) - 1);
    expect(feedReads).toBeLessThanOrEqual(Math.ceil(seconds / 2) + 1);
    // Reconciliation (every 30 s) asked the venue once since the start, by one node or the other.
    let reconciliations = 0;
    for (const n of nodes) reconciliations += await metric(n, 'job_runs_total', 'job="venue-reconciliation"');
    expect(reconciliations).toBeLessThanOrEqual(Math.ceil((Date.now() - started + 60_000) / 30_000));
  }, 30_000);

  it('refuse transfers to a venue put into maintenance through the operator API on both nodes within a second, and show both nodes’ work in their metrics', async () => {
    const operator = await operatorKey(helper.ctx);
    const player = await fundedPlayer(helper, 100_000n);
    const transfer = (base: string) =>
      postVia(
        base,
        '/api/transfer',
        { amount: 1, sourcetype: 'userbalance', targettype: 'pp' },
        player.token,
      );
    const bases = nodes.map((n) => `http://127.0.0.1:${n.port}`);
    for (const base of bases)
      expect(((await (await transfer(base)).json()) as { code: number }).code).toBe(200);

    const answer = await postVia(
      entry,
      '/admin/api/venues/pp/status',
      { maintenance: true, reason: '场馆维护' },
      operator,
      {
        'x-request-id': 'maintenance-pp-1',
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe('maintenance-pp-1');
    try {
      for (const base of bases) {
        await waitFor('refused', 1_000, async () => {
          const reply = (await (await transfer(base)).json()) as { message: string };
          return reply.message === WALLET_SERVER_MSG.venueMaintenance('PP电子');
        });
      }
    } finally {
      await postVia(
        entry,
        '/admin/api/venues/pp/status',
        { maintenance: false, reason: '维护结束' },
        operator,
      );
    }
    // The node that served it logged the request under the caller's id.
    expect(nodes.some((n) => n.log.some((line) => line.includes('"reqId":"maintenance-pp-1"')))).toBe(true);

    for (let i = 0; i < 20; i++) await postVia(entry, '/api/balance', {}, player.token);
    for (const node of nodes) {
      expect(
        await metric(node, 'http_request_duration_seconds_count', 'route="/api/balance",status="200"'),
      ).toBeGreaterThan(0);
      expect(await metric(node, 'money_movements_total', 'kind="venue_in"')).toBeGreaterThan(0);
    }
  }, 60_000);
});
