import { BetStatus, RebateState } from '@app/contract/status';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { rebates, redPacketGrabs } from '../../db/schema/rewards';

type RebateStateValue = (typeof RebateState)[keyof typeof RebateState];

/**
 * Records what is still owed for the day's rebates (see computeRebates), one part per player and
 * category; answers how many parts were written.
 */
export async function insertOwedRebates(q: Queryable, day: string, from: Date, to: Date, now: Date) {
  const result = await q.execute(sql`
    WITH day_bets AS (
      SELECT b.user_id, b.category, sum(b.valid_amount) AS valid,
        (CASE b.category
          WHEN 'realbet' THEN v.rebate_realperson WHEN 'sport' THEN v.rebate_sport
          WHEN 'gaming' THEN v.rebate_e_sport WHEN 'joker' THEN v.rebate_joker
          WHEN 'lottery' THEN v.rebate_lottery ELSE v.rebate_electron END) AS rate
      FROM bets b JOIN users u ON u.id = b.user_id JOIN vip_levels v ON v.level = u.vip
      WHERE b.status = ${BetStatus.settled} AND b.settled_at >= ${from} AND b.settled_at < ${to}
      GROUP BY b.user_id, b.category, 4),
    recorded AS (
      SELECT user_id, category, max(part) AS part, sum(valid_amount) AS valid, sum(amount) AS amount,
        (array_agg(rate ORDER BY part))[1] AS rate
      FROM rebates WHERE day = ${day} GROUP BY user_id, category),
    owed AS (
      SELECT d.user_id, d.category, coalesce(r.part, 0) + 1 AS part,
        d.valid - coalesce(r.valid, 0) AS valid, coalesce(r.rate, d.rate) AS rate,
        floor(d.valid * coalesce(r.rate, d.rate) / 10000) - coalesce(r.amount, 0) AS amount
      FROM day_bets d LEFT JOIN recorded r ON r.user_id = d.user_id AND r.category = d.category)
    INSERT INTO rebates (user_id, day, category, part, valid_amount, rate, amount, created_at)
    SELECT user_id, ${day}, category, part, valid, rate, amount, ${now}
    FROM owed WHERE amount > 0
    ON CONFLICT DO NOTHING RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** What the rebates claimed by this request came to, in cents (0: none). */
export async function claimedByRequest(q: Queryable, userId: number, requestKey: string): Promise<bigint> {
  const [earlier] = await q
    .select({ total: sql<string>`coalesce(sum(${rebates.amount}), 0)::text` })
    .from(rebates)
    .where(and(eq(rebates.userId, userId), eq(rebates.claimRequestKey, requestKey)));
  return BigInt(earlier?.total ?? 0);
}

/** Turns every unclaimed rebate of the player claimed; answers the ones it turned. */
export function claimUnclaimed(tx: Tx, userId: number, at: Date, requestKey: string | null) {
  return tx
    .update(rebates)
    .set({ state: RebateState.claimed, claimedAt: at, claimRequestKey: requestKey })
    .where(and(eq(rebates.userId, userId), eq(rebates.state, RebateState.unclaimed)))
    .returning({ id: rebates.id, amount: rebates.amount });
}

/** One page of the player's rebates by filter, newest day first, how many, and the claimed and claimable sums. */
export async function rebatePage(
  q: Queryable,
  filter: {
    userId: number;
    fromDay: string;
    category: string | undefined;
    state: RebateStateValue | undefined;
  },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(rebates.userId, filter.userId),
    gte(rebates.day, filter.fromDay),
    filter.category === undefined ? undefined : eq(rebates.category, filter.category),
    filter.state === undefined ? undefined : eq(rebates.state, filter.state),
  );
  const [total] = await q.select({ n: count() }).from(rebates).where(where);
  const rows = await q
    .select()
    .from(rebates)
    .where(where)
    .orderBy(desc(rebates.day), desc(rebates.id))
    .limit(limit)
    .offset(offset);
  const [sums] = await q
    .select({
      claimed: sql<string>`coalesce(sum(${rebates.amount}) FILTER (WHERE ${rebates.state} = ${RebateState.claimed}), 0)::text`,
      claimable: sql<string>`coalesce(sum(${rebates.amount}) FILTER (WHERE ${rebates.state} = ${RebateState.unclaimed}), 0)::text`,
    })
    .from(rebates)
    .where(eq(rebates.userId, filter.userId));
  return { total: total?.n ?? 0, rows, sums };
}

/** The rules (by index) the player grabbed on the day. */
export async function rulesGrabbed(q: Queryable, userId: number, day: string): Promise<number[]> {
  const rows = await q
    .select({ rule: redPacketGrabs.rule })
    .from(redPacketGrabs)
    .where(and(eq(redPacketGrabs.userId, userId), eq(redPacketGrabs.day, day)));
  return rows.map((g) => g.rule);
}

/** Claims the rule's grab for the player and day; undefined when it was grabbed already. */
export async function insertGrab(tx: Tx, grab: typeof redPacketGrabs.$inferInsert) {
  const [row] = await tx
    .insert(redPacketGrabs)
    .values(grab)
    .onConflictDoNothing({ target: [redPacketGrabs.userId, redPacketGrabs.day, redPacketGrabs.rule] })
    .returning();
  return row;
}

/** The amount grabbed by this request, if it grabbed. */
export async function grabbedByRequest(q: Queryable, userId: number, requestKey: string) {
  const [grab] = await q
    .select({ amount: redPacketGrabs.amount })
    .from(redPacketGrabs)
    .where(and(eq(redPacketGrabs.userId, userId), eq(redPacketGrabs.requestKey, requestKey)));
  return grab?.amount;
}

/** One page of the player's grabs, newest first, and how many. */
export async function grabPage(q: Queryable, userId: number, limit: number, offset: number) {
  const where = eq(redPacketGrabs.userId, userId);
  const [total] = await q.select({ n: count() }).from(redPacketGrabs).where(where);
  const rows = await q
    .select()
    .from(redPacketGrabs)
    .where(where)
    .orderBy(desc(redPacketGrabs.grabbedAt), desc(redPacketGrabs.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}
