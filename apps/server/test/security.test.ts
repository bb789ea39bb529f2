import { createHash } from 'node:crypto';
import { SERVER_MSG } from '@app/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  body,
  CAPTCHA,
  captchaKey,
  createTestApp,
  PRODUCTION_SECRETS,
  post,
  registration,
  type TestApp,
  uniqueName,
} from './harness';

describe('security baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { RATE_LIMIT_LOGIN: '3', RATE_LIMIT_CAPTCHA: '500' } });
  });
  afterAll(() => t.close());

  it('limits login attempts per address with 429 and a Chinese message', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await post(t.app, '/api/login_pc', {
        name: 'someone1',
        password: 'x123456',
        code: CAPTCHA,
        captcha_key: await captchaKey(t.app),
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429)
        expect(body(res)).toEqual({ code: 429, message: SERVER_MSG.tooManyRequests });
    }
    expect(codes).toEqual([422, 422, 422, 429]);
  });

  it('never answers a password, a hash or the token hash', async () => {
    const name = uniqueName();
    const reg = await post(t.app, '/api/register', {
      ...registration(name),
      captcha_key: await captchaKey(t.app),
    });
    const token = (body(reg).data as { api_token: string }).api_token;
    const tokenHash = createHash('sha256').update(token).digest('hex');
    const answers = [reg.body];
    for (const url of ['/api/user', '/api/refreshusermoney', '/api/balance', '/api/app']) {
      answers.push((await post(t.app, url, {}, token)).body);
    }
    for (const text of answers) {
      expect(text).not.toContain('secret123');
      expect(text).not.toContain('paypass123');
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(tokenHash);
      expect(text.toLowerCase()).not.toContain('hash');
    }
  });

  it('sends pages the strict content security policy of the app and the usual security headers', async () => {
    for (const url of ['/healthz', '/api/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('sends API answers the headers of an API: no caching, no sniffing, no framing', async () => {
    const res = await post(t.app, '/api/app');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('publishes an OpenAPI document listing the calls, and a docs page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      openapi: string;
      paths: object;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/register',
        '/api/login_pc',
        '/api/user',
        '/api/balance',
        '/api/captcha',
        '/api/app',
      ]),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers health checks and unknown paths', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const missing = await post(t.app, '/api/no-such-call');
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ code: 404, message: SERVER_MSG.notFound });
  });
});

describe('configuration', () => {
  it('refuses the test captcha code in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        CAPTCHA_TEST_CODE: '1234',
        ...PRODUCTION_SECRETS,
      }),
    ).toThrow(/CAPTCHA_TEST_CODE/);
  });

  it('demands a payment secret in production and defaults safely elsewhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_CALLBACK_SECRET/);
    const dev = loadConfig({});
    expect(dev).toMatchObject({ port: 3000, host: '127.0.0.1', seedDemo: true, captchaTestCode: undefined });
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@localhost/db' }).seedDemo).toBe(false);
  });
});
