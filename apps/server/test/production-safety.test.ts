import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_MSG } from '@app/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { sessions, users } from '../src/db/schema/users';
import { seedDemo } from '../src/seeds/demo';
import { prepareDatabase } from '../src/seeds/run';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  freePort,
  freshDatabase,
  PRODUCTION_SECRETS,
  playerWithBoundCard,
  post,
  registration,
  type TestApp,
  testConfig,
  uniqueName,
} from './harness';
import { startRedis } from './redis-server';

const TOTP_KEY = randomBytes(32).toString('base64');
const PRODUCTION = {
  NODE_ENV: 'production',
  ...PRODUCTION_SECRETS,
  TOTP_ENCRYPTION_KEY: TOTP_KEY,
};
const login = async (t: TestApp, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login_pc',
    payload: { name: 'nobody01', password: 'x123456', code: CAPTCHA, captcha_key: await captchaKey(t.app) },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('forwarded headers', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([
      createTestApp('pglite', { env: { RATE_LIMIT_LOGIN: '3' } }),
      createTestApp('pglite', {
        env: { RATE_LIMIT_LOGIN: '3', TRUST_PROXY: '127.0.0.1', PUBLIC_URL: 'https://play.example.test' },
      }),
    ]);
  });
  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  /** Registers with a forwarded address and answers the address its session recorded. */
  const sessionAddress = async (t: TestApp, forwardedFor: string) => {
    const name = uniqueName();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration(name), captcha_key: await captchaKey(t.app) },
      headers: { 'x-forwarded-for': forwardedFor },
    });
    expect(body(reg).code).toBe(200);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, name));
    const [session] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? 0));
    return session?.ip;
  };

  it('ignores X-Forwarded-For from a peer that is not a configured proxy: rate limit and session address', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login(direct, `203.0.113.${i + 1}`)).statusCode);
    expect(codes).toEqual([422, 422, 422, 429]);
    expect(await sessionAddress(direct, '198.51.100.7')).toBe('127.0.0.1');
  });

  it('believes X-Forwarded-For from a configured proxy (TRUST_PROXY)', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await login(proxied, `203.0.113.${i + 1}`)).statusCode);
    expect(codes).toEqual([422, 422, 422, 422]);
    expect(await sessionAddress(proxied, '198.51.100.7')).toBe('198.51.100.7');
  });

  it('never takes the app QR code address from X-Forwarded-Host, even from a trusted proxy', async () => {
    const forged = await proxied.app.inject({
      method: 'GET',
      url: '/art/app-qr.svg',
      headers: { 'x-forwarded-host': 'evil.example.test', host: 'evil.example.test' },
    });
    const plain = await proxied.app.inject({ method: 'GET', url: '/art/app-qr.svg' });
    expect(forged.statusCode).toBe(200);
    // The QR code encodes PUBLIC_URL whatever the request says about its host.
    expect(forged.body).toBe(plain.body);
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('rate limits with REDIS_URL when Redis stops', () => {
  let t: TestApp;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp('pglite', {
      env: {
        REDIS_URL: redis.url,
        RATE_LIMIT_LOGIN: '4',
        RATE_LIMIT_REGISTER: '50',
        RATE_LIMIT_CAPTCHA: '200',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop().catch(() => {});
  });

  it('answers the rate-limited routes normally, counts per process and logs the outage', async () => {
    // Counted in Redis while it runs.
    expect((await login(t)).statusCode).toBe(422);
    const player = await playerWithBoundCard(t, 100_000n);
    const logged = vi.spyOn(t.app.log, 'error');
    await redis.stop();

    const captcha = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(captcha.statusCode).toBe(200);
    const reg = await post(t.app, '/api/register', {
      ...registration(uniqueName()),
      captcha_key: await captchaKey(t.app),
    });
    expect(body(reg).code).toBe(200);
    const bind = await post(
      t.app,
      '/api/bindcard',
      {
        bank_owner: '王五',
        bank: '中国银行',
        bank_no: '6013820800099999999',
        bank_address: '北京分行',
        pay_pass: 'wrong-pass1',
      },
      player.token,
    );
    expect([200, 400, 409, 422]).toContain(bind.statusCode);
    const withdraw = await post(
      t.app,
      '/api/withdraw',
      { amount: 100, bank: player.cardId, password: 'paypass123' },
      player.token,
    );
    expect(body(withdraw).code).toBe(200);
    expect(logged).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/Redis unreachable/));
    expect(logged.mock.calls.filter(([, message]) => /Redis unreachable/.test(String(message)))).toHaveLength(
      1,
    );

    // The per-process count still limits: four login attempts a minute, then 429.
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(t)).statusCode);
    expect(codes).toContain(429);
    expect(codes.filter((c) => c !== 429).every((c) => c === 422)).toBe(true);
    expect(body(await login(t))).toEqual({ code: 429, message: SERVER_MSG.tooManyRequests });
  });
});

describe('production refusals', () => {
  it('refuses demo seeding, and the embedded database unless a single-process deployment is declared', () => {
    const database = { DATABASE_URL: 'postgres://u:p@db.internal/xingyun' };
    expect(() => loadConfig({ ...PRODUCTION, ...database, SEED_DEMO: '1' })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ...PRODUCTION })).toThrow(/ALLOW_EMBEDDED_DATABASE/);
    const embedded = loadConfig({ ...PRODUCTION, ALLOW_EMBEDDED_DATABASE: '1' });
    expect(embedded.seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, ...database }).seedDemo).toBe(false);
  });

  it('refuses to start without the key that encrypts the TOTP secrets, or with a malformed one', () => {
    const database = { DATABASE_URL: 'postgres://u:p@db.internal/xingyun' };
    const { TOTP_ENCRYPTION_KEY: _, ...withoutKey } = PRODUCTION;
    expect(() => loadConfig({ ...withoutKey, ...database })).toThrow(/TOTP_ENCRYPTION_KEY must be set/);
    expect(() => loadConfig({ ...PRODUCTION, ...database, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(
      /TOTP_ENCRYPTION_KEY: a key is 32 bytes/,
    );
    expect(() =>
      loadConfig({ ...PRODUCTION, ...database, TOTP_ENCRYPTION_KEYS: `${TOTP_KEY},nope` }),
    ).toThrow(/TOTP_ENCRYPTION_KEYS/);
    expect(loadConfig({ ...PRODUCTION, ...database }).totpKeys.current).toEqual(
      Buffer.from(TOTP_KEY, 'base64'),
    );
    // Elsewhere a development key, so that `npm start` needs no setting.
    expect(loadConfig({ NODE_ENV: 'development' }).totpKeys.current).toHaveLength(32);
  });

  it('refuses a database in which the demo player logs in with its published password', async () => {
    const database = await freshDatabase('pglite');
    try {
      const { totpKeys } = testConfig();
      await expect(
        prepareDatabase(database, { demo: false, production: true, totpKeys }),
      ).resolves.toBeUndefined();
      await seedDemo(database.db, totpKeys);
      await expect(prepareDatabase(database, { demo: false, production: true, totpKeys })).rejects.toThrow(
        /demo player/,
      );
    } finally {
      await database.drop();
    }
  }, 90_000);
});

describe('server time-outs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      listen: true,
      env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' },
    });
  });
  afterAll(() => t.close());

  it('drops a request whose body never finishes, with 408, after REQUEST_TIMEOUT_MS', async () => {
    {
      const port = Number(t.ctx.config.port);
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/login_pc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
          );
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString();
        });
        socket.on('close', () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });
});

const serverRoot = path.resolve(import.meta.dirname, '..');

describe('graceful shutdown of a real server process', () => {
  it('fails readiness at once on SIGTERM, finishes the request in flight, then exits', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '1500',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; ; i++) {
        const ready = await fetch(`${base}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ready) break;
        if (i > 300) throw new Error('server not ready');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // A request in flight: its headers are in, half its body.
      const payload = JSON.stringify({
        name: 'nobody01',
        password: 'x123456',
        code: 'ABCD',
        captcha_key: 'none',
      });
      const socket = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      const answered = new Promise((resolve) => socket.once('close', resolve));
      socket.write(
        `POST /api/login_pc HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload.slice(0, 10)}`,
      );

      server.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const readiness = await fetch(`${base}/readyz`);
      expect(readiness.status).toBe(503);
      expect((await fetch(`${base}/livez`)).status).toBe(200);
      // Answers end their connection meanwhile: none stays idle for the shutdown to close under a request.
      const connection = await new Promise<string | undefined>((resolve, reject) =>
        http
          .get(
            { host: '127.0.0.1', port, path: '/livez', agent: new http.Agent({ keepAlive: true }) },
            (res) => {
              res.resume();
              resolve(res.headers.connection);
            },
          )
          .on('error', reject),
      );
      expect(connection).toBe('close');

      socket.write(payload.slice(10));
      await answered;
      expect(answer).toMatch(/^HTTP\/1\.1 (4\d\d)/);
      expect(answer).not.toMatch(/^HTTP\/1\.1 503/);
      expect(await exited).toBe(0);
      // Stopped accepting.
      await expect(fetch(`${base}/livez`)).rejects.toThrow();
    } finally {
      server.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
