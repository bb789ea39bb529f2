import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DailyJob } from '../src/jobs/daily-jobs';
import type { IntervalJob } from '../src/jobs/interval-jobs';
import { JOB_SCHEMA, JobRunner, type Lease } from '../src/jobs/runner';
import { SettableClock } from '../src/lib/clock';
import { createTestApp, type TestApp, targets } from './harness';
import { tcpProxy } from './tcp-proxy';

const quiet = { debug: () => {}, error: () => {} };
const quickRetry = { retryLimit: 2, retryDelay: 1, retryBackoff: true };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A third of the production lease (12 s, renewed every 3 s): the same checks, in a third of the time. */
const LEASE: Lease = { seconds: 4, renewSeconds: 1 };

/**
 * Two job runners on one database stand for two server processes (on PostgreSQL each has its own
 * pool; on PGlite both share the embedded database, as jobs of one process would).
 */
describe.each(targets)('jobs on pg-boss on %s', (target) => {
  let t: TestApp;
  const clock = new SettableClock();
  const runners: JobRunner[] = [];
  const runner = () => {
    const r = new JobRunner(t.ctx, t.database, quiet, undefined, LEASE);
    runners.push(r);
    return r;
  };
  beforeAll(async () => {
    t = await createTestApp(target, { clock });
  });
  afterAll(async () => {
    for (const r of runners) await r.stop();
    await t.close();
  });

  // Several processes sharing a queue, and retries timed in seconds: once, on PostgreSQL. The
  // embedded database's runner is covered by the stop and daily tests below.
  it.skipIf(target === 'pglite')(
    'run an interval job once per interval however many processes offer it, and a failing one is retried, then kept as failed',
    async () => {
      const runs: number[] = [];
      let attempts = 0;
      const counted: IntervalJob = {
        name: 'test-counted',
        everySeconds: 1,
        run: async () => runs.push(Date.now()),
      };
      const failing: IntervalJob = {
        name: 'test-failing',
        everySeconds: 3_600,
        run: async () => {
          attempts++;
          throw new Error('venue unreachable');
        },
      };
      const [a, b] = [runner(), runner()];
      const started = Date.now();
      // Started one after the other: PGlite is one connection, and a start is a transaction.
      await a.start({ intervals: [counted, failing], daily: [], retry: quickRetry });
      await b.start({ intervals: [counted, failing], daily: [], retry: quickRetry });
      await sleep(5_000);
      const seconds = (Date.now() - started) / 1_000;
      // One run per 1-second slot: two processes that each ran it would make about twice as many.
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);

      // The first attempt and two retries (1 to 2 s, then 2 to 4 s later), then failed with its error.
      await expect
        .poll(async () => (await a.runsOf('test-failing'))[0]?.state, { timeout: 15_000 })
        .toBe('failed');
      const [failed] = await a.runsOf('test-failing');
      expect(attempts).toBe(3);
      expect(failed?.retryCount).toBe(2);
      expect(JSON.stringify(failed?.output)).toContain('venue unreachable');
    },
    30_000,
  );

  it('finish the run under way when stopped, and keep its result (amounts in cents as strings)', async () => {
    let started = false;
    let finished = false;
    const slow: IntervalJob = {
      name: 'test-slow',
      everySeconds: 3_600,
      run: async () => {
        started = true;
        await sleep(1_500);
        finished = true;
        return { credited: 12_345n };
      },
    };
    const stopping = runner();
    await stopping.start({ intervals: [slow], daily: [] });
    await expect.poll(() => started, { timeout: 15_000 }).toBe(true);
    await stopping.stop();
    expect(finished).toBe(true);
    const reader = runner();
    await reader.start({ intervals: [], daily: [] });
    const [run] = await reader.runsOf('test-slow');
    expect(run?.state).toBe('completed');
    expect(run?.output).toEqual({ credited: '12345' });
  }, 30_000);

  // A slow test (7 s): once, on PostgreSQL, where several nodes share the queue.
  it.skipIf(target === 'pglite')(
    'keep a run longer than its lease with the process that renews it: never two runs at once, none taken over',
    async () => {
      let under = 0;
      let most = 0;
      let runs = 0;
      const long: IntervalJob = {
        name: 'test-long',
        everySeconds: 1,
        run: async () => {
          most = Math.max(most, ++under);
          // The first run outlasts the lease by three renewals; later ones (the next slots) are quick.
          await sleep(++runs === 1 ? (LEASE.seconds + 3 * LEASE.renewSeconds) * 1_000 : 10);
          under--;
        },
      };
      const [a, b] = [runner(), runner()];
      await a.start({ intervals: [long], daily: [] });
      await b.start({ intervals: [long], daily: [] });
      // Past the lease and the checks after it, the run is still its first process's.
      await expect
        .poll(async () => (await a.runsOf('test-long')).some((r) => r.state === 'completed'), {
          timeout: 30_000,
          interval: 500,
        })
        .toBe(true);
      expect(most).toBe(1);
      const first = (await a.runsOf('test-long')).filter((r) => r.state === 'completed').at(-1);
      expect(first?.retryCount).toBe(0);
    },
    45_000,
  );

  it.skipIf(target === 'pglite')(
    'hand the run of a process cut off from the database past its lease to another, whose outcome stands',
    async () => {
      const name = 'test-cut-off';
      let release = () => {};
      let cutOffStarted = false;
      const cutOffJob: IntervalJob = {
        name,
        everySeconds: 3_600,
        run: () => {
          cutOffStarted = true;
          return new Promise((resolve) => {
            release = () => resolve({ by: 'cut off' });
          });
        },
      };
      let survivorRuns = 0;
      const survivorJob: IntervalJob = {
        name,
        everySeconds: 3_600,
        run: async () => ({ by: ++survivorRuns }),
      };
      // The cut-off process reaches the database through a relay the test cuts: its lease lapses.
      const proxy = await tcpProxy(Number(new URL(t.database.url ?? '').port));
      const url = new URL(t.database.url ?? '');
      url.port = String(proxy.port);
      const lost: string[] = [];
      const cutOff = new JobRunner(
        t.ctx,
        { ...t.database, url: url.toString() },
        {
          debug: () => {},
          error: (_obj, message) => lost.push(message),
        },
        undefined,
        LEASE,
      );
      try {
        await cutOff.start({ intervals: [cutOffJob], daily: [] });
        await expect.poll(() => cutOffStarted, { timeout: 15_000 }).toBe(true);
        await runner().start({ intervals: [survivorJob], daily: [] });

        await proxy.cut();
        const cutAt = Date.now();
        await expect.poll(() => survivorRuns, { timeout: 25_000, interval: 200 }).toBe(1);
        const tookOver = Date.now() - cutAt;
        await proxy.restore();
        release();
        await sleep(4_000);

        const runs = await cutOff.runsOf(name);
        expect(runs).toHaveLength(1);
        expect(runs[0]).toMatchObject({ state: 'completed', retryCount: 1, output: { by: 1 } });
        expect(lost).toContain('jobs: lease lost: the run was taken over');
        // Its lease, renewed last up to a renewal before the cut, and a check every renewal (16 s
        // with the production lease).
        expect(tookOver).toBeLessThan((LEASE.seconds + LEASE.renewSeconds + 1) * 1_000);
      } finally {
        await cutOff.stop();
        await proxy.close();
      }
    },
    60_000,
  );

  it('queue a daily job once per closed Beijing day and run it once, whichever process queues it', async () => {
    clock.set(new Date('2026-08-10T00:01:00+08:00'));
    const ran: string[] = [];
    const daily: DailyJob = { name: 'test-daily', run: async (_ctx, day) => ran.push(day) };
    const [a, b] = [runner(), runner()];
    await a.start({ intervals: [], daily: [daily] });
    await b.start({ intervals: [], daily: [daily] });
    // Both processes offered the 7 closed days at start: 7 jobs, no more, however often offered.
    expect(await a.queueClosedDays([daily])).toBe(0);
    expect(await b.queueClosedDays([daily])).toBe(0);
    await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(7);
    expect(ran.sort()).toEqual([
      '2026-08-03',
      '2026-08-04',
      '2026-08-05',
      '2026-08-06',
      '2026-08-07',
      '2026-08-08',
      '2026-08-09',
    ]);
    // The next day closes at 00:00 Beijing time: only it is new.
    clock.set(new Date('2026-08-11T00:00:30+08:00'));
    expect(await a.queueClosedDays([daily])).toBe(1);
    await expect.poll(() => ran.length, { timeout: 15_000 }).toBe(8);
    expect(ran.at(-1)).toBe('2026-08-10');
    await sleep(1_000);
    expect(ran).toHaveLength(8);

    // pg-boss moves finished runs to its archive (after an hour): a day found there is not queued again.
    await expect
      .poll(async () => (await a.runsOf('daily.test-daily')).every((r) => r.state === 'completed'))
      .toBe(true);
    await t.ctx.db.execute(
      sql.raw(`WITH moved AS (DELETE FROM ${JOB_SCHEMA}.job WHERE name = 'daily.test-daily' RETURNING *)
        INSERT INTO ${JOB_SCHEMA}.archive SELECT moved.*, now() FROM moved`),
    );
    expect(await a.queueClosedDays([daily])).toBe(0);
    expect(await b.queueClosedDays([daily])).toBe(0);
    await sleep(1_000);
    expect(ran).toHaveLength(8);
    expect(await a.runsOf('daily.test-daily')).toHaveLength(8);
  }, 40_000);
});
