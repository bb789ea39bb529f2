import type { AppContext } from '@app/server/src/context';
import { isDatabaseUnavailable } from '@app/server/src/db/unavailable';
import { JOB_SCHEMA } from '@app/server/src/jobs/runner';
import { sql } from 'drizzle-orm';
import { sleep } from './client';

/** A run of reconciliation held by the killed process is taken over within this (issue 26). */
const TAKEN_OVER_WITHIN_MS = 30_000;
/** A run begun after the kill completes within two of its 30-second intervals. */
const RUNNING_AGAIN_WITHIN_MS = 60_000;

/**
 * Watches the servers' reconciliation job from a kill -9 on: answers how many seconds passed until
 * no run begun before the kill was still held and a run begun after it had completed (and whether
 * a run was under way at the kill, the killed process's or the other's), or what
 * stalled: a run held past 30 s (the killed process's, never taken over) or no run completed.
 */
export async function reconciliationResumed(
  ctx: AppContext,
  killedAt: Date,
): Promise<{ seconds: number; heldAtKill: boolean } | { stalled: string }> {
  const since = (ms: number) => Date.now() - killedAt.getTime() > ms;
  let heldAtKill: boolean | undefined;
  for (; ; await sleep(500)) {
    let row: { held: number; completed: number } | undefined;
    try {
      const result = await ctx.db.execute(sql`
        SELECT count(*) FILTER (WHERE state = 'active' AND started_on <= ${killedAt})::int AS held,
               count(*) FILTER (WHERE state = 'completed' AND started_on > ${killedAt})::int AS completed
        FROM ${sql.raw(JOB_SCHEMA)}.job WHERE name = 'venue-reconciliation'`);
      [row] = (result as unknown as { rows: { held: number; completed: number }[] }).rows;
    } catch (error) {
      // The run restarts the database while this watch may still be going: look again once it is back.
      if (isDatabaseUnavailable(error) && !since(RUNNING_AGAIN_WITHIN_MS)) continue;
      throw error;
    }
    heldAtKill ??= (row?.held ?? 0) > 0;
    if (row?.held === 0 && row.completed > 0)
      return { seconds: (Date.now() - killedAt.getTime()) / 1_000, heldAtKill };
    if ((row?.held ?? 0) > 0 && since(TAKEN_OVER_WITHIN_MS))
      return {
        stalled: `a reconciliation run begun before the kill -9 still held ${TAKEN_OVER_WITHIN_MS / 1_000} s after it`,
      };
    if (since(RUNNING_AGAIN_WITHIN_MS))
      return {
        stalled: `no reconciliation run completed within ${RUNNING_AGAIN_WITHIN_MS / 1_000} s of the kill -9`,
      };
  }
}
