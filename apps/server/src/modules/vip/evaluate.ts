import { VIP_RETENTION_DAYS } from '@app/contract/constants';
import { beijingDayStart } from '@app/contract/time';
import type { AppContext } from '../../context';
import { promoteDue, relegateDue } from './repository';

/**
 * The daily VIP evaluation (spec section 4, VIP), as of the end of `day`: a player moves up one
 * level when the cumulative deposit and turnover both reach the next level's requirement (never
 * two at once), or down one level when the turnover since the level began (at most 90 days ago)
 * is under the level's retention requirement and those 90 days have passed; either change starts
 * a new 90-day period. A level lost that way is earned back with its retention turnover made
 * after the relegation (the cumulative figures alone would undo the relegation the next day). Each player changes at most once per day (vip_changes is keyed by day), so
 * a second run, or a run after a crash, changes nothing more.
 */
export async function evaluateVip(
  ctx: AppContext,
  day: string,
): Promise<{ promoted: number; relegated: number }> {
  const end = new Date(beijingDayStart(day).getTime() + 86_400_000);
  const retentionStart = new Date(end.getTime() - VIP_RETENTION_DAYS * 86_400_000);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => ({
    promoted: await promoteDue(tx, day, end, now),
    relegated: await relegateDue(tx, day, end, retentionStart, now),
  }));
}
