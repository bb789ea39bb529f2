import { VIP_RETENTION_DAYS } from '@app/contract/constants';
import { beijingDayStart } from '@app/contract/time';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';

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
  return ctx.db.transaction(async (tx) => {
    const promoted = await tx.execute(sql`
      WITH flows AS (
        SELECT user_id, sum(valid_amount) AS flow FROM bets
        WHERE status = 1 AND settled_at < ${end} GROUP BY user_id),
      due AS (
        SELECT u.id, u.vip FROM users u
        JOIN vip_levels next ON next.level = u.vip + 1
        LEFT JOIN flows f ON f.user_id = u.id
        WHERE u.deposit_total >= next.recharge AND coalesce(f.flow, 0) >= next.flow
          -- relegated from the next level: earned back with its retention turnover since then
          AND (NOT EXISTS (SELECT 1 FROM vip_changes c WHERE c.user_id = u.id AND c.from_level = u.vip + 1 AND c.to_level = u.vip)
               OR coalesce((SELECT sum(b.valid_amount) FROM bets b WHERE b.user_id = u.id AND b.status = 1
                              AND b.settled_at >= u.vip_since AND b.settled_at < ${end}), 0) >= next.retention_flow)),
      changed AS (
        INSERT INTO vip_changes (user_id, day, from_level, to_level, created_at)
        SELECT id, ${day}, vip, vip + 1, ${now} FROM due ON CONFLICT DO NOTHING RETURNING user_id, to_level)
      UPDATE users u SET vip = c.to_level, vip_since = ${end} FROM changed c WHERE u.id = c.user_id RETURNING u.id`);
    const relegated = await tx.execute(sql`
      WITH due AS (
        SELECT u.id, u.vip FROM users u
        JOIN vip_levels lvl ON lvl.level = u.vip
        WHERE u.vip > 1 AND u.vip_since <= ${retentionStart}
          AND coalesce((SELECT sum(b.valid_amount) FROM bets b WHERE b.user_id = u.id AND b.status = 1
                          AND b.settled_at >= ${retentionStart} AND b.settled_at < ${end}), 0) < lvl.retention_flow),
      changed AS (
        INSERT INTO vip_changes (user_id, day, from_level, to_level, created_at)
        SELECT id, ${day}, vip, vip - 1, ${now} FROM due ON CONFLICT DO NOTHING RETURNING user_id, to_level)
      UPDATE users u SET vip = c.to_level, vip_since = ${end} FROM changed c WHERE u.id = c.user_id RETURNING u.id`);
    const n = (r: unknown) => (r as { rows: unknown[] }).rows.length;
    return { promoted: n(promoted), relegated: n(relegated) };
  });
}
