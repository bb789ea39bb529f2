import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { purgeIdempotencyKeys } from '../lib/idempotency';
import { expireUnpaidDeposits } from '../modules/deposits/review';
import { ingestBets } from '../modules/games/bets';
import { reconcileVenueTransfers } from '../modules/wallet/venue-transfers';
import { runDueDailyJobs } from './daily-jobs';

interface IntervalJob {
  name: string;
  everyMs: number;
  /** Also run once right away (a missed daily run catches up on start). */
  atStart?: boolean;
  run(ctx: AppContext): Promise<unknown>;
}

/** Jobs that run every few seconds in each server process; each is safe to run concurrently with itself. */
const JOBS: IntervalJob[] = [
  { name: 'venue-reconciliation', everyMs: 30_000, run: reconcileVenueTransfers },
  { name: 'deposit-expiry', everyMs: 60_000, run: expireUnpaidDeposits },
  // The sandbox stands in for an outside gateway, which retries its own notifications.
  { name: 'sandbox-notify-retry', everyMs: 30_000, run: (ctx) => ctx.gateway.redeliver() },
  { name: 'bet-ingestion', everyMs: 2_000, run: ingestBets },
  // Daily jobs (rebates, VIP) are claimed per Beijing day: checking every minute runs each once a day.
  { name: 'daily-jobs', everyMs: 60_000, run: runDueDailyJobs, atStart: true },
  { name: 'demo-venue-session-sweep', everyMs: 3_600_000, run: (ctx) => ctx.demoVenue.sessions.sweep() },
  // Keys are answered for at least 24 hours (lib/idempotency.ts), then forgotten.
  { name: 'idempotency-key-purge', everyMs: 3_600_000, run: purgeIdempotencyKeys },
];

/**
 * Starts the interval jobs; a run never overlaps the previous one. Answers a function that stops
 * them and resolves once the runs under way have finished (a graceful shutdown waits for it).
 */
export function startIntervalJobs(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const running = new Set<Promise<void>>();
  const timers = JOBS.map((job) => {
    let current: Promise<void> | undefined;
    const run = async () => {
      try {
        const result = await job.run(ctx);
        log.debug({ job: job.name, result }, 'job ran');
      } catch (error) {
        log.error({ job: job.name, err: error }, 'job failed');
      }
    };
    const tick = () => {
      if (current) return;
      current = run().finally(() => {
        if (current) running.delete(current);
        current = undefined;
      });
      running.add(current);
    };
    if (job.atStart) tick();
    return setInterval(tick, job.everyMs);
  });
  return async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.all(running);
  };
}
