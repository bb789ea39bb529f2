import type { Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { Metrics } from '../src/lib/metrics';
import { createTestApp, freePort, fundedPlayer, post, type TestApp, targets } from './harness';

describe.each(targets)('metrics and request ids on %s', (target) => {
  let t: TestApp;
  let server: Server;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp(target, { demo: true }); // the demo data holds the bank accounts deposits pay into
    const port = await freePort();
    server = await t.ctx.metrics.listen(port, '127.0.0.1');
    url = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('answer every request with an x-request-id: a well-formed incoming one, else a new one', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/livez',
      headers: { 'x-request-id': 'lb-42.abc' },
    });
    expect(own.headers['x-request-id']).toBe('lb-42.abc');
    const bad = await t.app.inject({
      method: 'GET',
      url: '/livez',
      headers: { 'x-request-id': 'a b\u0000<x>' },
    });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ method: 'POST', url: '/api/nothing-here' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serve Prometheus text on their own port: requests per route and status, money movements, queues', async () => {
    const p = await fundedPlayer(t, 10_000n);
    await post(t.app, '/api/balance', {}, p.token);
    await post(t.app, '/api/transfer', { amount: 10, sourcetype: 'userbalance', targettype: 'pp' }, p.token);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/balance",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/money_movements_total\{kind="venue_in",result="reserved"\} 1/);
    expect(text).toMatch(/money_movements_total\{kind="settle",result="applied"\} [1-9]/);
    expect(text).toMatch(/platform_queue_depth\{queue="deposit_review"\} \d+/);
    expect(text).toMatch(/venue_transfer_oldest_awaiting_seconds \d/);
    expect(text).toMatch(/platform_queue_oldest_seconds\{queue="deposit_review"\} \d/);
    expect(text).toMatch(/platform_queue_oldest_seconds\{queue="withdrawal_review"\} \d/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    if (target === 'postgres') expect(text).toMatch(/db_pool_in_use \d+/);
    // Never on the public port.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });

  it('say how old the oldest order awaiting review is, and when each job last completed', async () => {
    const p = await fundedPlayer(t, 0n);
    await post(
      t.app,
      '/api/recharge',
      { paytype: 'card', amount: 200, bank_owner: '王五', bank: '中国银行' },
      p.token,
    );
    await t.ctx.db.execute(sql`UPDATE deposits SET created_at = now() - interval '2 hours' WHERE state = 1`);
    const before = Date.now() / 1_000;
    t.ctx.metrics.finished('deposit-expiry', 'completed', 0.01);
    t.ctx.metrics.finished('bet-ingestion', 'failed', 0.01);
    const text = await (await fetch(url)).text();
    const age = Number(text.match(/platform_queue_oldest_seconds\{queue="deposit_review"\} (\S+)/)?.[1]);
    expect(age).toBeGreaterThanOrEqual(7_200);
    expect(age).toBeLessThan(7_300);
    const at = Number(text.match(/job_last_success_timestamp_seconds\{job="deposit-expiry"\} (\S+)/)?.[1]);
    expect(at).toBeGreaterThanOrEqual(before);
    expect(text).not.toMatch(/job_last_success_timestamp_seconds\{job="bet-ingestion"\}/);
  });

  it('refuse a metrics port that is the public port', () => {
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
  });
});

describe('metrics while the database is away', () => {
  it('still answer a scrape: the business figures left out, platform_database_up 0', async () => {
    // Nothing listens on port 1: every query fails as it does while PostgreSQL restarts.
    const away = await openDatabase({ url: `postgres://postgres@127.0.0.1:1/none`, connectTimeoutMs: 500 });
    try {
      const text = await new Metrics(away.db, () => undefined).registry.metrics();
      expect(text).toMatch(/platform_database_up 0/);
      expect(text).not.toMatch(/platform_queue_depth\{/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    } finally {
      await away.close();
    }
  });
});
