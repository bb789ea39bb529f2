import { BetStatus } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

const changedCount = (r: unknown) => (r as { rows: unknown[] }).rows.length;

// promoteDue and relegateDue read bets and vip_levels and write users (the players module's) by design:
// choosing who is due, recording the change once and moving the level must be one statement.

/** Moves up one level every player due for it as of `end` (see evaluateVip); answers how many. */
export async function promoteDue(tx: Tx, day: string, end: Date, now: Date): Promise<number> {
  return changedCount(
    await tx.execute(sql`
      WITH flows AS (
        SELECT user_id, sum(valid_amount) AS flow FROM bets
        WHERE status = ${BetStatus.settled} AND settled_at < ${end} GROUP BY user_id),
      due AS (
        SELECT u.id, u.vip FROM users u
        JOIN vip_levels next ON next.level = u.vip + 1
        LEFT JOIN flows f ON f.user_id = u.id
        WHERE u.deposit_total >= next.recharge AND coalesce(f.flow, 0) >= next.flow
          -- relegated from the next level: earned back with its retention turnover since then
          AND (NOT EXISTS (SELECT 1 FROM vip_changes c WHERE c.user_id = u.id AND c.from_level = u.vip + 1 AND c.to_level = u.vip)
               OR coalesce((SELECT sum(b.valid_amount) FROM bets b WHERE b.user_id = u.id AND b.status = ${BetStatus.settled}
                              AND b.settled_at >= u.vip_since AND b.settled_at < ${end}), 0) >= next.retention_flow)),
      changed AS (
        INSERT INTO vip_changes (user_id, day, from_level, to_level, created_at)
        SELECT id, ${day}, vip, vip + 1, ${now} FROM due ON CONFLICT DO NOTHING RETURNING user_id, to_level)
      UPDATE users u SET vip = c.to_level, vip_since = ${end} FROM changed c WHERE u.id = c.user_id RETURNING u.id`),
  );
}

/** Moves down one level every player due for it as of `end` (see evaluateVip); answers how many. */
export async function relegateDue(
  tx: Tx,
  day: string,
  end: Date,
  retentionStart: Date,
  now: Date,
): Promise<number> {
  return changedCount(
    await tx.execute(sql`
      WITH due AS (
        SELECT u.id, u.vip FROM users u
        JOIN vip_levels lvl ON lvl.level = u.vip
        WHERE u.vip > 1 AND u.vip_since <= ${retentionStart}
          AND coalesce((SELECT sum(b.valid_amount) FROM bets b WHERE b.user_id = u.id AND b.status = ${BetStatus.settled}
                          AND b.settled_at >= ${retentionStart} AND b.settled_at < ${end}), 0) < lvl.retention_flow),
      changed AS (
        INSERT INTO vip_changes (user_id, day, from_level, to_level, created_at)
        SELECT id, ${day}, vip, vip - 1, ${now} FROM due ON CONFLICT DO NOTHING RETURNING user_id, to_level)
      UPDATE users u SET vip = c.to_level, vip_since = ${end} FROM changed c WHERE u.id = c.user_id RETURNING u.id`),
  );
}
