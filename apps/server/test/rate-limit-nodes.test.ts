import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createContext } from '../src/composition';
import { CAPTCHA, captchaKey, freshDatabase, type TestDatabase, testConfig } from './harness';

/**
 * Two server processes on one PostgreSQL database and no Redis: the per-address limits are counted
 * in the database, so they hold exactly however the load balancer spreads an address's requests.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('per-address limits across nodes without Redis', () => {
  let database: TestDatabase;
  let nodes: FastifyInstance[];
  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const config = testConfig({ DATABASE_URL: database.url ?? '', RATE_LIMIT_LOGIN: '20' });
    nodes = await Promise.all(
      [0, 1].map(async () => {
        const ctx = createContext({ db: database.db, config, clock: { now: () => new Date() } });
        const app = await buildApp(ctx, { logger: false });
        await app.ready();
        return app;
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(nodes.map((app) => app.close()));
    await database.drop();
  });

  /** A login with a wrong password from `address` at node `i % 2`; answers the status. */
  const login = async (i: number, address: string) => {
    const node = nodes[i % 2] as FastifyInstance;
    const res = await node.inject({
      method: 'POST',
      url: '/api/login_pc',
      remoteAddress: address,
      payload: { name: 'nobody01', password: 'x123456', code: CAPTCHA, captcha_key: await captchaKey(node) },
    });
    return res.statusCode;
  };

  it('answers exactly 20 of 44 logins from one address alternating between two nodes, then 429', async () => {
    const answered: number[] = [];
    for (let i = 0; i < 44; i++) answered.push(await login(i, '198.51.100.7'));
    expect(answered.indexOf(429)).toBe(20);
    expect(answered.slice(20).every((status) => status === 429)).toBe(true);
    // Another address has its own count.
    expect(await login(1, '198.51.100.8')).not.toBe(429);
  });

  it('answers exactly 20 of 60 logins sent at once from one address to both nodes', async () => {
    const answered = await Promise.all(Array.from({ length: 60 }, (_, i) => login(i, '198.51.100.9')));
    expect(answered.filter((status) => status !== 429)).toHaveLength(20);
  });

  it('counts per process, never failing the route, while the shared counters cannot be written', async () => {
    await database.db.execute(sql`ALTER TABLE rate_limit_counters RENAME TO rate_limit_counters_away`);
    try {
      const answered: number[] = [];
      for (let i = 0; i < 44; i++) answered.push(await login(i, '198.51.100.10'));
      expect(answered.filter((status) => status >= 500)).toEqual([]);
      expect(answered.indexOf(429)).toBe(40);
    } finally {
      await database.db.execute(sql`ALTER TABLE rate_limit_counters_away RENAME TO rate_limit_counters`);
    }
    expect(await login(0, '198.51.100.11')).not.toBe(429);
  });
});
