import { beijingDay } from '@app/contract/time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { SettableClock } from '../lib/clock';
import { closeCommissionMonth } from '../modules/agents/service';
import { computeRebates } from '../modules/rewards/service';
import { evaluateVip } from '../modules/vip/service';

export interface DailyJob {
  name: string;
  /** The work for one Beijing day; it must be safe to run again after a crash halfway. */
  run(ctx: AppContext, day: string): Promise<unknown>;
}

const DAY_MS = 86_400_000;
/** How many closed days a start catches up on; also how far back a day's rebates take late bets. */
export const CATCH_UP_DAYS = 7;

/**
 * A day's rebates, and the top-ups of the days before it: a bet of an earlier day that the feed
 * delivered after that day's run earns its rebate here, once (computeRebates adds only what is owed).
 */
async function rebatesWithLateBets(ctx: AppContext, day: string): Promise<{ created: number }> {
  let created = 0;
  for (let back = CATCH_UP_DAYS - 1; back >= 0; back--) {
    const earlier = beijingDay(new Date(Date.parse(`${day}T12:00:00+08:00`) - back * DAY_MS));
    created += (await computeRebates(ctx, earlier)).created;
  }
  return { created };
}

/**
 * The jobs close the day that has just ended (from 00:00 Beijing time on the database's clock);
 * the agents' commission closes the month before the day after it, once (a later day finds it closed).
 */
export const DAILY_JOBS: DailyJob[] = [
  { name: 'rebates', run: rebatesWithLateBets },
  { name: 'vip-evaluation', run: evaluateVip },
  { name: 'agent-commission', run: closeCommissionMonth },
];

/**
 * Now on the database's clock: every node agrees when a day has closed, whatever its own clock says.
 * The test clock (TEST_CLOCK, never in production) stands in for it, as it does for every rule.
 */
export async function databaseNow(ctx: AppContext): Promise<Date> {
  if (ctx.clock instanceof SettableClock) return ctx.clock.now();
  const result = await ctx.db.execute(sql`SELECT now() AS now`);
  const [row] = (result as unknown as { rows: { now: Date | string }[] }).rows;
  return row ? new Date(row.now) : new Date();
}

/** The closed Beijing days a daily job may still owe, oldest first: the last CATCH_UP_DAYS up to yesterday. */
export function closedDays(now: Date): string[] {
  const days: string[] = [];
  for (let back = CATCH_UP_DAYS; back >= 1; back--)
    days.push(beijingDay(new Date(now.getTime() - back * DAY_MS)));
  return days;
}
