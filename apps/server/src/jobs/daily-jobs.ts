import { beijingDay } from '@app/contract/time';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { dailyJobRuns } from '../db/schema/rewards';
import { computeRebates } from '../modules/rewards/rebates';
import { evaluateVip } from '../modules/vip/evaluate';

export interface DailyJob {
  name: string;
  /** The work for one Beijing day; it must be safe to run again after a crash halfway. */
  run(ctx: AppContext, day: string): Promise<unknown>;
}

/** Both jobs close the day that has just ended (from 00:00 Beijing time). */
export const DAILY_JOBS: DailyJob[] = [
  { name: 'rebates', run: computeRebates },
  { name: 'vip-evaluation', run: evaluateVip },
];

/** A run still marked running after this long died with its process; another may take it over. */
const LEASE_MS = 10 * 60_000;
/** How many missed days a start catches up on. */
const CATCH_UP_DAYS = 7;

/**
 * Runs the job for the day unless it ran already or is running elsewhere: the day is claimed by a
 * unique row first; a claim older than the lease is taken over.
 */
export async function runDailyJob(ctx: AppContext, job: DailyJob, day: string): Promise<'ran' | 'skipped'> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .insert(dailyJobRuns)
    .values({ job: job.name, day, status: 'running', startedAt: now })
    .onConflictDoNothing()
    .returning();
  const taken =
    claimed ??
    (
      await ctx.db
        .update(dailyJobRuns)
        .set({ startedAt: now, attempts: sql`${dailyJobRuns.attempts} + 1` })
        .where(
          and(
            eq(dailyJobRuns.job, job.name),
            eq(dailyJobRuns.day, day),
            eq(dailyJobRuns.status, 'running'),
            lt(dailyJobRuns.startedAt, new Date(now.getTime() - LEASE_MS)),
          ),
        )
        .returning()
    )[0];
  if (!taken) return 'skipped';
  await job.run(ctx, day);
  await ctx.db
    .update(dailyJobRuns)
    .set({ status: 'done', finishedAt: ctx.clock.now() })
    .where(and(eq(dailyJobRuns.job, job.name), eq(dailyJobRuns.day, day)));
  return 'ran';
}

/** The days a job still owes, oldest first: after its last finished day, up to yesterday. */
async function dueDays(ctx: AppContext, job: DailyJob): Promise<string[]> {
  const yesterday = beijingDay(new Date(ctx.clock.now().getTime() - 86_400_000));
  const [last] = await ctx.db
    .select({ day: dailyJobRuns.day })
    .from(dailyJobRuns)
    .where(and(eq(dailyJobRuns.job, job.name), eq(dailyJobRuns.status, 'done')))
    .orderBy(desc(dailyJobRuns.day))
    .limit(1);
  const days: string[] = [];
  for (let back = CATCH_UP_DAYS - 1; back >= 0; back--) {
    const day = beijingDay(new Date(ctx.clock.now().getTime() - (back + 1) * 86_400_000));
    if (day <= yesterday && (!last || day > last.day)) days.push(day);
  }
  return days;
}

/** Runs every daily job for every day it owes (checked every minute and at start). */
export async function runDueDailyJobs(ctx: AppContext): Promise<Record<string, string[]>> {
  const ran: Record<string, string[]> = {};
  for (const job of DAILY_JOBS) {
    for (const day of await dueDays(ctx, job)) {
      if ((await runDailyJob(ctx, job, day)) === 'ran') ran[job.name] = [...(ran[job.name] ?? []), day];
    }
  }
  return ran;
}
