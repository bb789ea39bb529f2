import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  metric,
  type Nginx,
  type Node,
  nodeReady,
  startNginx,
  startNode,
  stopNode,
  waitFor,
} from './cluster';
import {
  appOn,
  freePort,
  freshDatabase,
  fundedPlayer,
  operatorKey,
  type TestApp,
  type TestDatabase,
} from './harness';
import { startRedis } from './redis-server';

/**
 * Two API processes behind nginx (deploy/nginx.conf.template) on one PostgreSQL and one Redis, as
 * in "Running several nodes" (README): every job runs once across both, an operator's venue change
 * reaches both at once, and each serves its own metrics. PostgreSQL only.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!enabled)('two API nodes behind nginx on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let helper: TestApp;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodes: Node[] = [];
  let nginx: Nginx | undefined;
  let prefix = '';
  let entry = '';

  beforeAll(async () => {
    database = await freshDatabase('postgres', { demo: true });
    const url = database.url ?? '';
    redis = await startRedis();
    helper = await appOn(database);

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nodes-test-'));
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
    nodes = [0, 1].map((i) =>
      startNode({
        databaseUrl: url,
        port: ports[i * 2] ?? 0,
        metricsPort: ports[i * 2 + 1] ?? 0,
        dataDir: path.join(prefix, `data${i}`),
        env: { REDIS_URL: redis.url },
      }),
    );
    for (const node of nodes) await nodeReady(node);
    nginx = await startNginx(path.join(prefix, 'nginx'), ports[4] ?? 0, nodes);
    entry = nginx.entry;
  }, 600_000);

  afterAll(async () => {
    await nginx?.stop();
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

  it('answer a phone over HTTPS with HTTP/2: the template’s TLS listener offers h2 by ALPN', async () => {
    const session = http2.connect(nginx?.tlsEntry ?? '', {
      ca: fs.readFileSync(path.join(prefix, 'nginx', 'tls.crt')),
    });
    try {
      const status = await new Promise<unknown>((resolve, reject) => {
        const request = session.request({ ':path': '/livez' });
        request.on('response', (headers) => resolve(headers[':status']));
        request.on('error', reject);
        request.end();
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(status).toBe(200);
    } finally {
      session.close();
    }
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
