import { centsToAmount, formatMoney } from '@app/contract/money';
import { RECORDS_PAGE_SIZE } from '@app/contract/paging';
import { CATEGORY_NAMES, REWARD_MSG, REWARD_SERVER_MSG } from '@app/contract/reward-rules';
import { BetStatus, RebateState } from '@app/contract/status';
import { beijingDay, beijingDayStart, dateFilterStart, toBeijingString } from '@app/contract/time';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rebates } from '../../db/schema/rewards';
import { HouseAccount } from '../../ledger/ledger';
import { refused } from '../../lib/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { changeTurnover } from '../turnover/service';

/**
 * The day's rebates (the daily job): per player and game category, the valid settled bets of that
 * Beijing day times the rate of the player's VIP level for the category, rounded down to the cent.
 * Run again, it adds only what is still owed: a bet the feed delivered after the earlier run becomes
 * a further part for the day and category, at the rate of the day's first part, paying the rounded
 * total less what was already recorded. Concurrent runs compute the same part number; its unique key
 * keeps one.
 */
export async function computeRebates(ctx: AppContext, day: string): Promise<{ created: number }> {
  const from = beijingDayStart(day);
  const to = new Date(from.getTime() + 86_400_000);
  const result = await ctx.db.execute(sql`
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
    SELECT user_id, ${day}, category, part, valid, rate, amount, ${ctx.clock.now()}
    FROM owed WHERE amount > 0
    ON CONFLICT DO NOTHING RETURNING id`);
  return { created: (result as unknown as { rows: unknown[] }).rows.length };
}

/**
 * Claims every unclaimed rebate of the player into the central wallet (spec dofanshui), with a 1x
 * turnover requirement. The records turn claimed in the same transaction that pays them, so two
 * concurrent claims pay once: the second finds nothing left. The records keep the request's key: a
 * retry of the request is answered with what it claimed.
 */
export async function claimRebates(ctx: AppContext, userId: number, requestKey?: string): Promise<string> {
  if (requestKey) {
    const [earlier] = await ctx.db
      .select({ total: sql<string>`coalesce(sum(${rebates.amount}), 0)::text` })
      .from(rebates)
      .where(and(eq(rebates.userId, userId), eq(rebates.claimRequestKey, requestKey)));
    const total = BigInt(earlier?.total ?? 0);
    if (total > 0n) return REWARD_SERVER_MSG.claimed(formatMoney(centsToAmount(total)));
  }
  const paid = await ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(rebates)
      .set({ state: RebateState.claimed, claimedAt: ctx.clock.now(), claimRequestKey: requestKey ?? null })
      .where(and(eq(rebates.userId, userId), eq(rebates.state, RebateState.unclaimed)))
      .returning({ id: rebates.id, amount: rebates.amount });
    if (claimed.length === 0) return 0n;
    const total = claimed.reduce((sum, r) => sum + r.amount, 0n);
    const key = `rebate-claim:${Math.min(...claimed.map((r) => r.id))}`;
    await ctx.ledger.credit(
      {
        key,
        from: HouseAccount.rebateExpense,
        to: { central: userId },
        amount: total,
        kind: 'rebate',
        ref: { type: 'rebate', id: key },
      },
      tx,
    );
    await changeTurnover(tx, userId, total, 'rebate', key);
    return total;
  });
  if (paid === 0n) throw refused(REWARD_MSG.nothingToClaim);
  return REWARD_SERVER_MSG.claimed(formatMoney(centsToAmount(paid)));
}

/** The rebate centre (spec getfanshui): the records by filter, total claimed, claimable now. */
export async function rebateSummary(
  ctx: AppContext,
  userId: number,
  query: { days: number; page: number; category: string; state: number | undefined },
) {
  const where = and(
    eq(rebates.userId, userId),
    gte(rebates.day, beijingDay(dateFilterStart(query.days, ctx.clock.now()))),
    query.category === '' ? undefined : eq(rebates.category, query.category),
    query.state === undefined
      ? undefined
      : eq(
          rebates.state,
          query.state === RebateState.unclaimed ? RebateState.unclaimed : RebateState.claimed,
        ),
  );
  const [total] = await ctx.db.select({ n: count() }).from(rebates).where(where);
  const rows = await ctx.db
    .select()
    .from(rebates)
    .where(where)
    .orderBy(desc(rebates.day), desc(rebates.id))
    .limit(RECORDS_PAGE_SIZE)
    .offset(pageOffset(query.page));
  const [sums] = await ctx.db
    .select({
      claimed: sql<string>`coalesce(sum(${rebates.amount}) FILTER (WHERE ${rebates.state} = ${RebateState.claimed}), 0)::text`,
      claimable: sql<string>`coalesce(sum(${rebates.amount}) FILTER (WHERE ${rebates.state} = ${RebateState.unclaimed}), 0)::text`,
    })
    .from(rebates)
    .where(eq(rebates.userId, userId));
  return {
    list: pageOf(
      query.page,
      total?.n ?? 0,
      rows.map((r) => ({
        id: r.id,
        gamename: CATEGORY_NAMES[r.category] ?? r.category,
        day: r.day,
        valid_amount: centsToAmount(r.validAmount),
        rate: r.rate / 100,
        money: centsToAmount(r.amount),
        created_at: toBeijingString(r.createdAt),
        updated_at: r.claimedAt ? toBeijingString(r.claimedAt) : '',
        state: r.state,
      })),
    ),
    jisuan: centsToAmount(BigInt(sums?.claimed ?? 0)),
    nojisuan: centsToAmount(BigInt(sums?.claimable ?? 0)),
  };
}
