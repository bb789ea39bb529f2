import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http2 from 'node:http2';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SERVER_MSG } from '@app/contract/messages';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/lib/clock';
import { repoRoot } from '../src/paths';
import { metric, type Node, nodeReady, startNode, stopNode, waitFor } from './cluster';
import { ConsoleClient } from './console';
import {
  appOn,
  body,
  CAPTCHA,
  freePort,
  freshDatabase,
  fundedPlayer,
  operatorKey,
  operatorWithKey,
  post,
  registerPlayer,
  type TestApp,
  type TestDatabase,
} from './harness';
import { type Nginx, startNginx } from './nginx';
import { startRedis } from './redis-server';

/**
 * Two API processes behind nginx (deploy/nginx, over HTTPS) on one PostgreSQL and one Redis, as
 * in "Running several nodes" (README): every job runs once across both, an operator's venue change
 * reaches both at once, and each serves its own metrics. PostgreSQL only.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);

/** The address of a load balancer in front of nginx, whose X-Forwarded-For it believes. */
const TRUSTED_BALANCER = '127.0.0.2';

/** A player app build as the nodes serve it (WEB_DIST): its root files and one hashed chunk. */
function playerAppBuild(dir: string): string {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script src="/assets/start-n0de00.js"></script>',
  );
  fs.writeFileSync(path.join(dir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  fs.writeFileSync(
    path.join(dir, 'manifest.webmanifest'),
    JSON.stringify({ name: '星云娱乐', start_url: '/' }),
  );
  fs.writeFileSync(path.join(dir, 'assets', 'start-n0de00.js'), 'export {};');
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!enabled)('two API nodes behind nginx on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let helper: TestApp;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let nodes: Node[] = [];
  let nginx: Nginx | undefined;
  let entry: Nginx;
  let prefix = '';

  beforeAll(async () => {
    database = await freshDatabase('postgres', { demo: true });
    const url = database.url ?? '';
    redis = await startRedis();
    helper = await appOn(database);

    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'nodes-test-'));
    const webDist = playerAppBuild(path.join(prefix, 'web'));
    const ports = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()]);
    nodes = [0, 1].map((i) =>
      startNode({
        databaseUrl: url,
        port: ports[i * 2] ?? 0,
        metricsPort: ports[i * 2 + 1] ?? 0,
        dataDir: path.join(prefix, `data${i}`),
        // The nodes' own sign-in limits out of the way: the edge's limit is the one under test.
        env: {
          REDIS_URL: redis.url,
          CAPTCHA_TEST_CODE: CAPTCHA,
          RATE_LIMIT_LOGIN: '1000',
          RATE_LIMIT_CAPTCHA: '1000',
          // The event streams' heartbeat often enough to see one pass through nginx.
          EVENTS_HEARTBEAT_MS: '300',
          WEB_DIST: webDist,
        },
      }),
    );
    for (const node of nodes) await nodeReady(node);
    nginx = await startNginx({
      prefix: path.join(prefix, 'nginx'),
      httpPort: ports[4] ?? 0,
      tlsPort: ports[5] ?? 0,
      nodes,
      trustedBalancers: [TRUSTED_BALANCER],
    });
    entry = nginx;
  }, 600_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(nodes.map(stopNode));
    await helper?.close();
    await redis?.stop();
    await database?.drop();
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  }, 60_000);

  /** A POST to a node (its http://127.0.0.1:PORT) or through nginx over HTTPS. */
  const postVia = (via: string | Nginx, url: string, payload: object, token: string, headers = {}) => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers },
      body: JSON.stringify(payload),
    };
    return typeof via === 'string' ? fetch(`${via}${url}`, init) : via.request(url, init);
  };

  it('answer a phone over HTTPS with HTTP/2: the template’s TLS listener offers h2 by ALPN', async () => {
    const session = http2.connect(nginx?.entry ?? '', { ca: fs.readFileSync(nginx?.certificate ?? '') });
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

  // The edge (deploy/nginx): what a phone, a balancer and a deploy see of nginx itself.

  it('pass the event streams through as they come: an event within a second, and the heartbeats', async () => {
    const operator = await operatorKey(helper.ctx);
    const player = await fundedPlayer(helper, 0n);
    const ticket = (await (await postVia(entry, '/api/events/ticket', {}, player.token)).json()) as {
      data: { ticket: string };
    };
    const stream = await entry.stream(`/api/events?ticket=${encodeURIComponent(ticket.data.ticket)}`);
    const client = new ConsoleClient(helper.app);
    const op = await operatorWithKey(helper.ctx, 'finance');
    await client.signIn(op.username, op.password, op.totp_secret, systemClock);
    const consoleStream = await entry.stream('/admin/api/events', { cookie: String(client.cookie) });
    try {
      const credit = { direction: 'credit', amount: 5, reason: '活动补偿', turnover_multiple: 0 };
      const paid = await postVia(entry, `/admin/api/players/${player.userId}/adjustments`, credit, operator);
      expect(paid.status).toBe(200);
      await stream.next('balance', 1_000);
      const order = { paytype: 'card', amount: 150, bank_owner: '王五', bank: '中国银行' };
      expect((await postVia(entry, '/api/recharge', order, player.token)).status).toBe(200);
      await consoleStream.next('order', 1_000);
      // Idle, each stream gets a heartbeat every 300 ms here (EVENTS_HEARTBEAT_MS).
      const [playerBeats, consoleBeats] = [stream.heartbeats, consoleStream.heartbeats];
      await waitFor(
        'heartbeats',
        1_000,
        async () => stream.heartbeats > playerBeats && consoleStream.heartbeats > consoleBeats,
      );
    } finally {
      stream.close();
      consoleStream.close();
    }
  });

  it('serve phones over HTTPS only: HTTP/2 with HSTS, and plain HTTP moved to HTTPS', async () => {
    const session = http2.connect(entry.entry, { ca: fs.readFileSync(entry.certificate) });
    try {
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        const request = session.request({ ':path': '/api/homenotice', ':method': 'POST' });
        request.on('response', resolve);
        request.on('error', reject);
        request.end('{}');
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    } finally {
      session.close();
    }
    const plain = await fetch(`${entry.httpEntry}/activity?tab=2`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe(`${entry.entry}/activity?tab=2`);
  });

  /** A release's hashed assets as the builds write them: each chunk beside its brotli and gzip copies. */
  const release = (tag: string) => {
    const root = path.join(prefix, 'releases', tag);
    for (const app of ['web', 'admin']) {
      const assets = path.join(root, 'apps', app, 'dist', 'assets');
      fs.mkdirSync(assets, { recursive: true });
      const chunk = `export const release = '${tag}';\n`.repeat(40);
      fs.writeFileSync(path.join(assets, `index-${tag}.js`), chunk);
      fs.writeFileSync(path.join(assets, `index-${tag}.js.gz`), zlib.gzipSync(chunk));
      fs.writeFileSync(path.join(assets, `index-${tag}.js.br`), zlib.brotliCompressSync(chunk));
    }
    execFileSync('bash', [path.join(repoRoot, 'deploy/nginx/publish-assets.sh'), root, entry.staticRoot]);
  };
  const asset = (url: string, encoding = 'identity') =>
    entry.request(url, { headers: { 'accept-encoding': encoding } });

  it('serve the hashed assets itself: cached for a year as immutable, the brotli or gzip copy the phone accepts', async () => {
    release('r1aaaa');
    const brotli = await asset('/assets/index-r1aaaa.js', 'gzip, deflate, br');
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotli.headers.get('x-request-id')).toBeNull(); // nginx answered, no node
    const gzip = await asset('/admin/assets/index-r1aaaa.js', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toContain("release = 'r1aaaa'");
    const plain = await asset('/assets/index-r1aaaa.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('application/javascript');
  });

  it('have phones revalidate index.html, the service worker and the manifest, so that a new release is fetched; a hashed asset asked of the nodes is immutable too', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await asset(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
    const fromNode = await asset('/assets/start-n0de00.js');
    expect(fromNode.status).toBe(200);
    expect(fromNode.headers.get('x-request-id')).not.toBeNull(); // not published to nginx: a node answered
    expect(fromNode.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keep the previous release’s chunks while the nodes roll over, and drop the release before it', async () => {
    release('r2bbbb');
    for (const tag of ['r1aaaa', 'r2bbbb'])
      expect((await asset(`/assets/index-${tag}.js`)).status, tag).toBe(200);
    release('r3cccc');
    release('r3cccc'); // deployed again: not a new release, r2 stays the previous one
    expect((await asset('/assets/index-r1aaaa.js')).status).toBe(404);
    expect((await asset('/admin/assets/index-r1aaaa.js')).status).toBe(404);
    for (const tag of ['r2bbbb', 'r3cccc'])
      expect((await asset(`/admin/assets/index-${tag}.js`)).status, tag).toBe(200);
  });

  const signIn =
    (from: string, headers: Record<string, string> = {}) =>
    async (name: string) => {
      const captcha = await entry.request('/api/captcha', { localAddress: from, headers });
      const { captcha_key } = ((await captcha.json()) as { data: { captcha_key: string } }).data;
      return entry.request('/api/login_pc', {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name, password: 'secret123', code: CAPTCHA, captcha_key }),
      });
    };
  /** The address the nodes recorded for a player's session, as the player's 登录设备 page shows it. */
  const sessionAddress = async (signedIn: Response) => {
    const { api_token } = ((await signedIn.json()) as { data: { api_token: string } }).data;
    const rows = body(await post(helper.app, '/api/security/sessions', {}, api_token)).data as {
      ip: string;
      current: boolean;
    }[];
    return rows.find((row) => row.current)?.ip;
  };

  it('record the client’s address from X-Forwarded-For only when a trusted balancer sends it', async () => {
    const spoof = { 'x-forwarded-for': '203.0.113.7' };
    const viaBalancer = await signIn(TRUSTED_BALANCER, spoof)((await registerPlayer(helper.app)).name);
    expect(viaBalancer.status).toBe(200);
    expect(await sessionAddress(viaBalancer)).toBe('203.0.113.7');
    const direct = await signIn('127.0.0.1', spoof)((await registerPlayer(helper.app)).name);
    expect(await sessionAddress(direct)).toBe('127.0.0.1');
  });

  it('answer a burst of sign-ins from one address with 429 and the server’s own message, before the nodes, and let other addresses in', async () => {
    const attempt = (from: string) =>
      entry.request('/api/login_pc', {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 30; i++) {
      const answer = await attempt('127.0.0.3');
      statuses.push(answer.status);
      if (answer.status === 429) refused ??= answer;
    }
    // The nodes turn away the empty form (400); nginx lets the first 21 reach them (rate plus burst).
    expect(statuses.filter((s) => s === 400).length).toBeGreaterThanOrEqual(21);
    expect(statuses.at(-1)).toBe(429);
    expect(refused?.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await refused?.json()).toEqual({ code: 429, message: SERVER_MSG.tooManyRequests });
    expect((await attempt('127.0.0.4')).status).toBe(400);
  });
});
