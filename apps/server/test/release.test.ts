import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../src/composition';
import { openDatabase } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { repoRoot } from '../src/paths';
import { BUILT_FOR_NODE, olderThan } from '../src/runtime-guard';
import { waitFor } from './cluster';
import {
  appOn,
  freePort,
  freshDatabase,
  grant,
  operatorKey,
  PRODUCTION_SECRETS,
  registration,
  type TestApp,
  type TestDatabase,
  testConfig,
  uniqueName,
  violations,
  withClient,
} from './harness';
import { type Nginx, NO_EDGE_LIMITS, startNginx } from './nginx';

/**
 * The release as an operator gets it (`npm run release`, README: Release and deployment): the
 * archive unpacked into an empty folder starts with its own Node and files and only a PostgreSQL
 * server; the compiled server refuses an older Node; the systemd unit passes `systemd-analyze
 * verify`; and deploy/rolling-deploy.sh replaces two nodes behind nginx under a money load without
 * a failed request. The archive tests run on PostgreSQL only (the release is built once, cached).
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
const SYSTEM_NODE = '/usr/bin/node';
const olderSystemNode =
  fs.existsSync(SYSTEM_NODE) &&
  olderThan(execFileSync(SYSTEM_NODE, ['--version'], { encoding: 'utf8' }).trim(), BUILT_FOR_NODE);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `npm run release` (builds what is stale) and answers the archive's path. */
function release(): string {
  const built = spawnSync(process.execPath, ['scripts/release.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (built.status !== 0) throw new Error(`npm run release failed:\n${built.stdout}`);
  return built.stdout.trim().split('\n').at(-1) ?? '';
}

function unpack(archive: string, dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', archive, '-C', dir]);
  return dir;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { code: number; message: string; data?: unknown };
}

/** Sends one request to the platform: straight to a node, or through nginx over HTTPS. */
type Send = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;
const straightTo =
  (base: string): Send =>
  (url, init) =>
    fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(40_000) });

async function call(
  send: Send,
  url: string,
  payload: object | undefined,
  headers: Record<string, string> = {},
) {
  const res = await send(url, {
    method: payload ? 'POST' : 'GET',
    headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Answer['body'],
  } satisfies Answer;
}

/** Registers a player through the API, reading the captcha's answer as a person reads the picture. */
async function register(send: Send, databaseUrl: string): Promise<{ name: string; token: string }> {
  const captcha = (await call(send, '/api/captcha', undefined)).body.data as { captcha_key: string };
  const answer = await withClient(databaseUrl, (c) =>
    c.query<{ answer: string }>('SELECT answer FROM captchas WHERE key = $1', [captcha.captcha_key]),
  );
  const name = uniqueName('rel');
  const registered = await call(send, '/api/register', {
    ...registration(name),
    code: answer.rows[0]?.answer,
    captcha_key: captcha.captcha_key,
  });
  expect(registered.body.code, registered.body.message).toBe(200);
  return { name, token: (registered.body.data as { api_token: string }).api_token };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const DEPOSIT = { paytype: 'card', amount: 100, bank_owner: '李四', bank: '招商银行' };
const TRANSFER_IN = { amount: 1, sourcetype: 'userbalance', targettype: 'pp' };
const TRANSFER_OUT = { amount: 1, sourcetype: 'pp', targettype: 'userbalance' };

describe.skipIf(!olderSystemNode)('the compiled server on a Node older than it was built for', () => {
  it('exits 1 with a message naming both versions', () => {
    const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    expect(built.status).toBe(0);
    const run = spawnSync(SYSTEM_NODE, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'old-node-')) },
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`built for Node ${BUILT_FOR_NODE} and refuses to start on Node`);
    expect(run.stderr).toContain(`本服务按 Node ${BUILT_FOR_NODE} 构建`);
  });
});

describe.skipIf(!enabled)('the release archive', () => {
  let archive = '';
  let prefix = '';
  let unpacked = '';

  beforeAll(() => {
    const started = Date.now();
    archive = release();
    console.log(`release: ${path.basename(archive)} ready in ${Date.now() - started} ms`);
    prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'release-test-'));
    unpacked = unpack(archive, path.join(prefix, 'unpacked'));
  }, 600_000);

  afterAll(() => {
    if (prefix) fs.rmSync(prefix, { recursive: true, force: true });
  });

  it('holds production packages only, its own Node and one start command', () => {
    const entries = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 64 << 20 });
    for (const tool of ['tsx', 'vitest', 'typescript', '@biomejs/biome', 'playwright', 'vite', 'esbuild']) {
      expect(entries, tool).not.toMatch(new RegExp(`node_modules/${tool}/`));
    }
    for (const needed of [
      './bin/start',
      './runtime/bin/node',
      './apps/server/dist/main.js',
      './apps/server/drizzle/meta/_journal.json',
      './apps/web/dist/index.html',
      './apps/admin/dist/index.html',
      './node_modules/fastify/package.json',
    ]) {
      expect(entries.split('\n'), needed).toContain(needed);
    }
    const version = execFileSync(path.join(unpacked, 'runtime/bin/node'), ['--version'], {
      encoding: 'utf8',
    });
    expect(version.trim()).toBe(`v${BUILT_FOR_NODE}`);
  });

  it('runs on an empty PostgreSQL database with only its own files: it migrates, serves, and a player registers, deposits and transfers', async () => {
    const database = `rel_${randomUUID().slice(0, 8)}`;
    const admin = process.env.TEST_DATABASE_URL ?? '';
    await withClient(admin, (c) => c.query(`CREATE DATABASE ${database}`));
    const url = new URL(admin);
    url.pathname = `/${database}`;
    const databaseUrl = url.toString();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    // Nothing of the repository: no npm, no node on PATH, run from a folder of its own.
    const server = spawn(path.join(unpacked, 'bin/start'), [], {
      cwd: prefix,
      env: {
        PATH: '/usr/bin:/bin',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        ...PRODUCTION_SECRETS,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const errors: string[] = [];
    server.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    const helper = await openDatabase({ url: databaseUrl, poolSize: 2 });
    try {
      await waitFor('the release ready', 120_000, async () => (await fetch(`${base}/readyz`)).ok).catch(
        (error: Error) => {
          throw new Error(`${error.message}\n${errors.join('')}`);
        },
      );
      console.log(`release: /readyz 200 ${Date.now() - started} ms after bin/start, migrations included`);
      expect((await fetch(`${base}/`)).headers.get('content-type')).toContain('text/html');
      expect((await fetch(`${base}/admin/`)).status).toBe(200);

      const player = await register(straightTo(base), databaseUrl);
      // The platform's receiving bank account, as an operator enters it.
      await withClient(databaseUrl, (c) =>
        c.query(
          `INSERT INTO receiving_accounts (kind, bank_name, owner, number, sort)
           VALUES ('bank', '招商银行', '星云网络科技有限公司', '6214830100234567', 1)`,
        ),
      );
      const ctx = createContext({
        db: helper.db,
        config: testConfig({ DATABASE_URL: databaseUrl }),
        clock: systemClock,
      });
      const operator = bearer(await operatorKey(ctx));
      const deposit = await call(straightTo(base), '/api/recharge', DEPOSIT, {
        ...bearer(player.token),
        'idempotency-key': randomUUID(),
      });
      expect(deposit.body.code).toBe(200);
      const orderNo = (deposit.body.data as { deposit_no: string }).deposit_no;
      const approved = await call(
        straightTo(base),
        '/admin/api/deposits/approve',
        { order_no: orderNo },
        operator,
      );
      expect(approved.body.code).toBe(200);
      const transfer = await call(straightTo(base), '/api/transfer', TRANSFER_IN, {
        ...bearer(player.token),
        'idempotency-key': randomUUID(),
      });
      expect(transfer.body.code).toBe(200);
      const balance = await call(straightTo(base), '/api/balance', {}, bearer(player.token));
      expect(balance.body.code).toBe(200);
      expect(await violations(ctx)).toEqual([]);
    } finally {
      server.kill('SIGTERM');
      await exited;
      await helper.close();
      await withClient(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    }
  }, 180_000);

  it('its systemd unit passes systemd-analyze verify, pointed at the unpacked release', () => {
    const units = path.join(prefix, 'units');
    fs.mkdirSync(units);
    const template = fs.readFileSync(path.join(repoRoot, 'deploy/systemd/platform@.service'), 'utf8');
    const unit = path.join(units, 'platform@3001.service');
    fs.writeFileSync(unit, template.replaceAll('/opt/platform/current', unpacked));
    const verified = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
    expect(verified.stderr).toBe('');
    expect(verified.status).toBe(0);
  });

  describe('deploy/rolling-deploy.sh, two nodes behind nginx under a money load', () => {
    let database: TestDatabase;
    let helper: TestApp;
    let nginx: Nginx | undefined;
    const nodesDir = () => path.join(prefix, 'nodes');
    const ports: number[] = [];

    beforeAll(async () => {
      database = await freshDatabase('postgres', { demo: true });
      helper = await appOn(database);
      fs.mkdirSync(nodesDir());
      fs.symlinkSync(unpacked, path.join(prefix, 'current'));
      for (let i = 0; i < 2; i++) {
        const [port, metricsPort] = [await freePort(), await freePort()];
        ports.push(port);
        const env = {
          NODE_ENV: 'development',
          DATABASE_URL: database.url,
          PORT: port,
          HOST: '127.0.0.1',
          METRICS_PORT: metricsPort,
          DATA_DIR: path.join(prefix, `data${i}`),
          SEED_DEMO: 0,
          TRUST_PROXY: '127.0.0.1',
          DATABASE_POOL_SIZE: 5,
          SHUTDOWN_DRAIN_MS: 1000,
          RATE_LIMIT_LOGIN: 100000,
          RATE_LIMIT_REGISTER: 1000,
          RATE_LIMIT_CAPTCHA: 1000,
          LOG_LEVEL: 'warn',
        };
        fs.writeFileSync(
          path.join(nodesDir(), `${port}.env`),
          Object.entries(env)
            .map(([k, v]) => `${k}='${v}'\n`)
            .join(''),
        );
      }
      // Both nodes started as the deploy restarts them.
      for (const port of ports) restartNode(port);
      await Promise.all(
        ports.map((port) =>
          waitFor('node ready', 120_000, async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok),
        ),
      );
      nginx = await startNginx({
        prefix: path.join(prefix, 'nginx'),
        httpPort: await freePort(),
        tlsPort: await freePort(),
        nodes: ports.map((port) => ({ port })),
        limits: NO_EDGE_LIMITS,
      });
    }, 300_000);

    afterAll(async () => {
      await nginx?.stop();
      for (const port of ports) {
        const pidFile = path.join(nodesDir(), `${port}.pid`);
        if (fs.existsSync(pidFile)) process.kill(Number(fs.readFileSync(pidFile, 'utf8')), 'SIGTERM');
      }
      await sleep(2_000);
      await helper?.close();
      await database?.drop();
    }, 60_000);

    const hook = path.join(repoRoot, 'apps/server/test/fixtures/restart-process-node.sh');
    const hookEnv = () => ({ ...process.env, NODES_DIR: nodesDir(), PLATFORM_ROOT: prefix });
    function restartNode(port: number) {
      execFileSync(hook, [String(port)], { env: hookEnv() });
    }
    const nodePids = () => ports.map((port) => fs.readFileSync(path.join(nodesDir(), `${port}.pid`), 'utf8'));

    it('replaces both nodes, one after the other: no request fails but clean refusals, every key keeps one answer, the ledger verifies', async () => {
      const next = unpack(archive, path.join(prefix, 'next'));
      const manifest = JSON.parse(fs.readFileSync(path.join(next, 'package.json'), 'utf8'));
      fs.writeFileSync(path.join(next, 'package.json'), JSON.stringify({ ...manifest, version: 'next' }));
      const edge = nginx;
      if (!edge) throw new Error('nginx did not start');
      const entry: Send = (url, init) => edge.request(url, init);
      const operator = bearer(await operatorKey(helper.ctx));
      const players: { token: string }[] = [];
      for (let i = 0; i < 12; i++) {
        const player = await register(entry, database.url ?? '');
        await grant(helper.ctx, player.name, 100_000n);
        players.push(player);
      }
      const oldPids = nodePids();

      const unclean: string[] = [];
      let refusals = 0;
      let requests = 0;
      const answers = new Map<string, { url: string; payload: object; token: string; answer: Answer }>();
      /** Until a final answer: a 503 with Retry-After is a clean refusal, retried under the same key. */
      const untilAnswered = async (url: string, payload: object, headers: Record<string, string>) => {
        for (;;) {
          requests++;
          const answer = await call(entry, url, payload, headers).catch((error: Error) => {
            unclean.push(`${url}: ${error.message}`);
            return undefined;
          });
          if (answer?.status === 503 && Number(answer.retryAfter) > 0) refusals++;
          else if (answer && answer.status >= 500)
            unclean.push(`${url}: ${answer.status} ${answer.body.message}`);
          else if (answer) return answer;
          await sleep(100);
        }
      };
      let running = true;
      const load = players.map(async ({ token }) => {
        while (running) {
          for (const [url, payload] of [
            ['/api/transfer', TRANSFER_IN],
            ['/api/transfer', TRANSFER_OUT],
            ['/api/recharge', DEPOSIT],
          ] as const) {
            const key = randomUUID();
            const answer = await untilAnswered(url, payload, { ...bearer(token), 'idempotency-key': key });
            answers.set(key, { url, payload, token, answer });
            const orderNo = (answer.body.data as { deposit_no?: string } | undefined)?.deposit_no;
            if (orderNo) await untilAnswered('/admin/api/deposits/approve', { order_no: orderNo }, operator);
          }
        }
      });

      await sleep(2_000);
      const deployStarted = Date.now();
      const deploy = spawnSync(
        path.join(repoRoot, 'deploy/rolling-deploy.sh'),
        [next, ...ports.map(String)],
        {
          encoding: 'utf8',
          env: { ...hookEnv(), RESTART_NODE: hook, READY_TIMEOUT: '120', STATIC_ROOT: edge.staticRoot },
        },
      );
      const deployMs = Date.now() - deployStarted;
      await sleep(2_000);
      running = false;
      await Promise.all(load);
      console.log(
        `rolling deploy: ${deployMs} ms for 2 nodes; ${requests} requests, ${answers.size} keys, ${refusals} clean refusals, ${unclean.length} failed\n${deploy.stdout}`,
      );
      expect(deploy.status, deploy.stderr).toBe(0);
      expect(fs.readlinkSync(path.join(prefix, 'current'))).toBe(next);
      const newPids = nodePids();
      for (const [i, pid] of newPids.entries()) {
        expect(pid).not.toBe(oldPids[i]);
        expect(fs.readFileSync(`/proc/${pid.trim()}/cmdline`, 'utf8')).toContain(`${next}/`);
      }

      expect(unclean).toEqual([]);
      expect(answers.size).toBeGreaterThan(0);
      for (const [key, first] of answers) {
        expect(first.answer.status, `${first.url} ${first.answer.body.message}`).toBe(200);
        const again = await call(entry, first.url, first.payload, {
          ...bearer(first.token),
          'idempotency-key': key,
        });
        expect(again.body, key).toEqual(first.answer.body);
      }
      expect(await violations(helper.ctx)).toEqual([]);
    }, 300_000);
  });
});
