import { BetStatus } from '@app/contract/status';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { bets, games } from '../../db/schema/games';
import { venueNames } from '../venues/service';

export type NewBet = typeof bets.$inferInsert;

/** Records a bet once (by venue and bet id); false when it was recorded before. */
export async function insertBet(tx: Tx, bet: NewBet): Promise<boolean> {
  const [row] = await tx.insert(bets).values(bet).onConflictDoNothing().returning({ id: bets.id });
  return row !== undefined;
}

/** One page of the player's bets since `from` (at one venue, or all), newest first, and how many. */
export async function betPage(
  q: Queryable,
  filter: { userId: number; from: Date; venue: string | undefined },
  limit: number,
  offset: number,
) {
  const where = and(
    eq(bets.userId, filter.userId),
    gte(bets.placedAt, filter.from),
    filter.venue === undefined ? undefined : eq(bets.venue, filter.venue),
  );
  const [total] = await q.select({ n: count() }).from(bets).where(where);
  const page = await q
    .select({ bet: bets, gameName: games.name })
    .from(bets)
    .leftJoin(games, and(eq(games.venue, bets.venue), eq(games.gameCode, bets.gameCode)))
    .where(where)
    .orderBy(desc(bets.placedAt), desc(bets.id))
    .limit(limit)
    .offset(offset);
  const names = await venueNames(
    q,
    page.map((r) => r.bet.venue),
  );
  const rows = page.map((r) => ({ ...r, venueName: names.get(r.bet.venue) ?? r.bet.venue }));
  return { total: total?.n ?? 0, rows };
}

const settledOf = (userId: number) => and(eq(bets.userId, userId), eq(bets.status, BetStatus.settled));

/** The player's loss of each settled bet since `from` (negative: a win), oldest first. */
export async function lossesSince(q: Queryable, userId: number, from: Date) {
  const rows = await q
    .select({ at: bets.settledAt, winLoss: bets.winLoss })
    .from(bets)
    .where(and(settledOf(userId), gt(bets.settledAt, from)))
    .orderBy(asc(bets.settledAt));
  return rows.map((r) => ({ at: r.at ?? from, amount: -r.winLoss }));
}

/** The player's net result of bets placed since `from` and settled, in cents. */
export async function netResultSince(q: Queryable, userId: number, from: Date): Promise<bigint> {
  const [row] = await q
    .select({ net: sql<string>`coalesce(sum(${bets.winLoss}), 0)` })
    .from(bets)
    .where(and(settledOf(userId), gt(bets.placedAt, from)));
  return BigInt(row?.net ?? 0);
}

/** The valid stake of the player's settled bets, in cents: all of them, or those settled in [from, to). */
export async function validBetTotal(
  q: Queryable,
  userId: number,
  settled?: { from: Date; to: Date },
): Promise<bigint> {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${bets.validAmount}), 0)::text` })
    .from(bets)
    .where(
      and(
        settledOf(userId),
        settled && gte(bets.settledAt, settled.from),
        settled && lt(bets.settledAt, settled.to),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** Per player of `userIds`, their bets settled in `[start, end)`: stakes, valid stakes, and their net result. */
export async function settledBetTotals(q: Queryable, userIds: readonly number[], start: Date, end: Date) {
  if (userIds.length === 0) return new Map<number, { stakes: bigint; valid: bigint; winLoss: bigint }>();
  const rows = await q
    .select({
      userId: bets.userId,
      stakes: sql<string>`sum(${bets.betAmount})::text`,
      valid: sql<string>`sum(${bets.validAmount})::text`,
      winLoss: sql<string>`sum(${bets.winLoss})::text`,
    })
    .from(bets)
    .where(
      and(
        inArray(bets.userId, [...userIds]),
        eq(bets.status, BetStatus.settled),
        gte(bets.settledAt, start),
        lt(bets.settledAt, end),
      ),
    )
    .groupBy(bets.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      { stakes: BigInt(r.stakes), valid: BigInt(r.valid), winLoss: BigInt(r.winLoss) },
    ]),
  );
}

/** The player's bets placed since `since`: their summed result in cents (as text) and count. */
export async function betTally(q: Queryable, userId: number, since: Date) {
  const [row] = await q
    .select({ total: sql<string | null>`sum(${bets.winLoss})::text`, n: sql<number>`count(*)::int` })
    .from(bets)
    .where(and(eq(bets.userId, userId), gte(bets.placedAt, since)));
  return row;
}
