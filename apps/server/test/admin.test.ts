import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, post, type TestApp } from './harness';

const ADMIN_TOKEN = 'operator-token-for-tests-0123456789';

describe('operator API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { ADMIN_TOKEN } });
  });
  afterAll(() => t.close());

  it('puts the site into maintenance and back, as players then see it', async () => {
    const off = await post(
      t.app,
      '/admin/api/settings/site',
      { site_state: 0, repair_tips: '维护测试' },
      ADMIN_TOKEN,
    );
    expect(body(off).code).toBe(200);
    expect(body(await post(t.app, '/api/app')).data).toMatchObject({
      site_state: 0,
      repair_tips: '维护测试',
    });
    await post(t.app, '/admin/api/settings/site', { site_state: 1 }, ADMIN_TOKEN);
    expect(body(await post(t.app, '/api/app')).data).toMatchObject({
      site_state: 1,
      repair_tips: '维护测试',
    });
  });

  it('refuses a wrong token and a bad value, changing nothing', async () => {
    expect((await post(t.app, '/admin/api/settings/site', { site_state: 0 }, 'wrong')).statusCode).toBe(401);
    expect((await post(t.app, '/admin/api/settings/site', { site_state: 7 }, ADMIN_TOKEN)).statusCode).toBe(
      400,
    );
    expect(body(await post(t.app, '/api/app')).data).toMatchObject({ site_state: 1 });
  });

  it('does not exist without ADMIN_TOKEN', async () => {
    const plain = await createTestApp('pglite');
    try {
      expect(
        (await post(plain.app, '/admin/api/settings/site', { site_state: 0 }, ADMIN_TOKEN)).statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
