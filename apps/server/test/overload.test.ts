import net from 'node:net';
import { SERVER_MSG } from '@app/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentReplies } from '../src/db/schema/wallet';
import { waitFor } from './cluster';
import { createTestApp, fundedPlayer, type TestApp, targets } from './harness';

/**
 * Past its capacity (here: one request in flight, set by the environment) a node sheds with 503 at
 * once, before any work, and readiness reports it; a shed money call is safe to send again.
 */
describe.each(targets)('overload shedding on %s', (target) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(target, { listen: true, env: { OVERLOAD_MAX_IN_FLIGHT: '1' } });
    base = `http://127.0.0.1:${t.ctx.config.port}`;
  });
  afterAll(() => t.close());

  const transfer = (token: string, key: string, amount: number) =>
    fetch(`${base}/api/transfer`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body: JSON.stringify({ amount, sourcetype: 'userbalance', targettype: 'pp' }),
    });
  const central = (userId: number) => t.ctx.ledger.balance({ central: userId });
  const claimed = async (key: string) =>
    (await t.ctx.db.select().from(idempotentReplies).where(eq(idempotentReplies.key, key))).length;

  /** Holds the one slot with a transfer the venue answers slowly, until `run` is done. */
  async function whileFull(token: string, run: () => Promise<void>) {
    t.ctx.demoVenue.behaviour = { latencyMs: 1_500, fault: () => 'none' };
    const slow = transfer(token, `slow-${target}-${Date.now()}`, 10);
    try {
      await waitFor('the node full', 5_000, async () => (await fetch(`${base}/readyz`)).status === 503);
      await run();
    } finally {
      expect((await slow).status).toBe(200);
      t.ctx.demoVenue.behaviour = { latencyMs: 0, fault: () => 'none' };
    }
  }

  it('sheds a money call with 503, Retry-After and a Chinese message, doing nothing; the same key later moves the money once', async () => {
    const player = await fundedPlayer(t, 100_00n);
    const key = `shed-${target}-1`;
    await whileFull(player.token, async () => {
      const readiness = await fetch(`${base}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ status: 'overloaded: requests in flight' });
      expect((await fetch(`${base}/livez`)).status).toBe(200);

      const shed = await transfer(player.token, key, 20);
      expect(shed.status).toBe(503);
      expect(shed.headers.get('retry-after')).toBe('2');
      expect(await shed.json()).toEqual({ code: 503, message: SERVER_MSG.overloaded });
      expect(await claimed(key)).toBe(0);
      expect(await t.ctx.metrics.registry.getSingleMetricAsString('http_requests_shed_total')).toMatch(
        /http_requests_shed_total\{excess="requests in flight"\} 1/,
      );
    });
    expect(await central(player.userId)).toBe(90_00n);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const retried = await transfer(player.token, key, 20);
    expect(retried.status).toBe(200);
    const again = await transfer(player.token, key, 20);
    expect(await again.json()).toEqual(await retried.json());
    expect(await central(player.userId)).toBe(70_00n);
  });

  it('answers before reading the body', async () => {
    const player = await fundedPlayer(t, 100_00n);
    await whileFull(player.token, async () => {
      // Headers announce a body that never comes: only an answer that reads none can arrive.
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(t.ctx.config.port, '127.0.0.1', () => {
          socket.write(
            'POST /api/transfer HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
          );
        });
        socket.setEncoding('utf8');
        socket.once('data', (data: string) => {
          socket.destroy();
          resolve(data);
        });
        socket.once('error', reject);
        setTimeout(() => reject(new Error('no answer without the body')), 1_000).unref();
      });
      expect(answer).toMatch(/^HTTP\/1.1 503/);
    });
  });
});
