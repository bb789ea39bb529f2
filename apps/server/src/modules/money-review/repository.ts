import type { ListQuery } from '@app/contract/admin/fields';
import type { ReviewQueueQuery } from '@app/contract/admin/money';
import { amountToCents } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import { beijingDayStart } from '@app/contract/time';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable, Tx } from '../../db/client';
import { bets } from '../../db/schema/games';
import { ledgerPending, PendingState, type PendingStateValue } from '../../db/schema/ledger';
import { adjustments, moneyReviews } from '../../db/schema/money-review';
import { operators } from '../../db/schema/operators';
import { deposits } from '../../db/schema/payments';
import { payChannels } from '../../db/schema/reference';
import { sessions, users } from '../../db/schema/users';
import { cards, venues, venueTransfers, withdrawals } from '../../db/schema/wallet';
import { sliceOf } from '../../lib/console-page';

export type ReviewKind = 'deposit' | 'withdrawal';
export type ReviewRecord = typeof moneyReviews.$inferSelect;

// Claims and decisions

/** An operator's username, or undefined when there is no such operator. */
export async function operatorUsername(q: Queryable, id: number): Promise<string | undefined> {
  const [row] = await q.select({ name: operators.username }).from(operators).where(eq(operators.id, id));
  return row?.name;
}

/**
 * Takes an order's claim until `until`, in one statement: granted when nobody holds a live claim on
 * the order (or the caller holds it: renewed), the order is not decided, and the caller is not its
 * first approver. Answers whether the caller holds it now.
 */
export async function upsertClaim(
  q: Queryable,
  kind: ReviewKind,
  orderNo: string,
  operatorId: number,
  now: Date,
  until: Date,
): Promise<boolean> {
  const [taken] = await q
    .insert(moneyReviews)
    .values({ kind, orderNo, claimedBy: operatorId, claimedUntil: until })
    .onConflictDoUpdate({
      target: [moneyReviews.kind, moneyReviews.orderNo],
      set: { claimedBy: operatorId, claimedUntil: until },
      setWhere: sql`${moneyReviews.decidedAt} IS NULL
        AND ${moneyReviews.firstApprovedBy} IS DISTINCT FROM ${operatorId}
        AND (${moneyReviews.claimedBy} IS NULL OR ${moneyReviews.claimedBy} = ${operatorId}
          OR ${moneyReviews.claimedUntil} <= ${now})`,
    })
    .returning({ id: moneyReviews.id });
  return taken !== undefined;
}

/** Gives a claim back before it runs out (only its holder can). */
export async function releaseClaim(q: Queryable, kind: ReviewKind, orderNo: string, operatorId: number) {
  const released = await q
    .update(moneyReviews)
    .set({ claimedBy: null, claimedUntil: null })
    .where(
      and(
        eq(moneyReviews.kind, kind),
        eq(moneyReviews.orderNo, orderNo),
        eq(moneyReviews.claimedBy, operatorId),
      ),
    )
    .returning({ id: moneyReviews.id });
  return released.length > 0;
}

export async function findReview(q: Queryable, kind: ReviewKind, orderNo: string) {
  const [row] = await q
    .select()
    .from(moneyReviews)
    .where(and(eq(moneyReviews.kind, kind), eq(moneyReviews.orderNo, orderNo)));
  return row;
}

/** The review row of an order, locked for the decision's transaction. */
export async function lockReview(tx: Tx, kind: ReviewKind, orderNo: string) {
  const [review] = await tx
    .select()
    .from(moneyReviews)
    .where(and(eq(moneyReviews.kind, kind), eq(moneyReviews.orderNo, orderNo)))
    .for('update');
  return review;
}

export async function recordFirstApproval(tx: Tx, id: number, operatorId: number, note: string, now: Date) {
  await tx
    .update(moneyReviews)
    .set({
      firstApprovedBy: operatorId,
      firstApprovedAt: now,
      firstNote: note,
      claimedBy: null,
      claimedUntil: null,
    })
    .where(eq(moneyReviews.id, id));
}

export async function recordDecision(
  tx: Tx,
  id: number,
  decision: 'approve' | 'reject',
  operatorId: number,
  note: string,
  now: Date,
) {
  await tx
    .update(moneyReviews)
    .set({ decision, decidedBy: operatorId, decidedAt: now, note, claimedBy: null, claimedUntil: null })
    .where(eq(moneyReviews.id, id));
}

/**
 * The cents an operator moved for a player on their own since `since`: manual adjustments (credits
 * and debits) they applied without a second operator, and the player's withdrawals they paid out
 * on their single approval.
 */
export async function movedAloneSince(q: Queryable, operatorId: number, playerId: number, since: Date) {
  const [adjusted] = await q
    .select({ total: sql<string | null>`sum(${adjustments.amount})::text` })
    .from(adjustments)
    .where(
      and(
        eq(adjustments.userId, playerId),
        gte(adjustments.requestedAt, since),
        eq(adjustments.state, 'applied'),
        eq(adjustments.requestedBy, operatorId),
        eq(adjustments.decidedBy, operatorId),
      ),
    );
  const [paid] = await q
    .select({ total: sql<string | null>`sum(${withdrawals.amount})::text` })
    .from(withdrawals)
    .innerJoin(
      moneyReviews,
      and(eq(moneyReviews.kind, 'withdrawal'), eq(moneyReviews.orderNo, withdrawals.orderNo)),
    )
    .where(
      and(
        eq(withdrawals.userId, playerId),
        eq(moneyReviews.decision, 'approve'),
        eq(moneyReviews.decidedBy, operatorId),
        isNull(moneyReviews.firstApprovedBy),
        gte(moneyReviews.decidedAt, since),
      ),
    );
  return BigInt(adjusted?.total ?? 0) + BigInt(paid?.total ?? 0);
}

// Review queues

const claimer = alias(operators, 'claimer');
const decider = alias(operators, 'decider');
const firstApprover = alias(operators, 'first_approver');
const DAY_MS = 86_400_000;

/** The filters every queue shares: player, amount range and Beijing days, on the order's columns. */
function common(
  query: ReviewQueueQuery,
  order: { amount: PgColumn; createdAt: PgColumn },
): (SQL | undefined)[] {
  const cents = (v: number | undefined) => (v === undefined ? undefined : (amountToCents(v) ?? undefined));
  const min = cents(query.min_amount);
  const max = cents(query.max_amount);
  return [
    query.player
      ? ilike(
          users.username,
          query.player.replace(/[\\%_]/g, (c) => `\\${c}`),
        )
      : undefined,
    min !== undefined ? gte(order.amount, min) : undefined,
    max !== undefined ? lte(order.amount, max) : undefined,
    query.from ? gte(order.createdAt, beijingDayStart(query.from)) : undefined,
    query.to ? lt(order.createdAt, new Date(beijingDayStart(query.to).getTime() + DAY_MS)) : undefined,
  ];
}

function ordering(query: ReviewQueueQuery, amount: PgColumn, createdAt: PgColumn, id: PgColumn) {
  const direction = query.order === 'ascend' ? asc : desc;
  return [direction(query.sort === 'amount' ? amount : createdAt), direction(id)];
}

/** One page of deposits as the queue filters them, with claim and decision names, and how many. */
export async function depositQueuePage(q: Queryable, query: ReviewQueueQuery) {
  const where = and(
    query.state ? eq(deposits.state, query.state) : undefined,
    query.channel ? eq(payChannels.kind, query.channel) : undefined,
    ...common(query, deposits),
  );
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    q
      .select({
        d: deposits,
        username: users.username,
        channelName: payChannels.name,
        kind: payChannels.kind,
        review: moneyReviews,
        claimer: claimer.username,
        decider: decider.username,
      })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
      .leftJoin(
        moneyReviews,
        and(eq(moneyReviews.kind, 'deposit'), eq(moneyReviews.orderNo, deposits.orderNo)),
      )
      .leftJoin(claimer, eq(claimer.id, moneyReviews.claimedBy))
      .leftJoin(decider, eq(decider.id, moneyReviews.decidedBy))
      .where(where)
      .orderBy(...ordering(query, deposits.amount, deposits.createdAt, deposits.id))
      .limit(slice.limit)
      .offset(slice.offset),
    q
      .select({ n: count() })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * One page of withdrawals as the queue filters them (by reservation state and card type; online:
 * none), with claim, decision and first-approval names, and how many.
 */
export async function withdrawalQueuePage(
  q: Queryable,
  query: ReviewQueueQuery,
  filter: { state: PendingStateValue | undefined; cardType: number | undefined },
) {
  const where = and(
    filter.state !== undefined ? eq(ledgerPending.state, filter.state) : undefined,
    query.channel === 'online' ? eq(cards.id, -1) : undefined,
    filter.cardType !== undefined ? eq(cards.type, filter.cardType) : undefined,
    ...common(query, withdrawals),
  );
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    q
      .select({
        w: withdrawals,
        state: ledgerPending.state,
        note: ledgerPending.note,
        username: users.username,
        card: cards,
        review: moneyReviews,
        claimer: claimer.username,
        decider: decider.username,
        firstApprover: firstApprover.username,
      })
      .from(withdrawals)
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .innerJoin(cards, eq(cards.id, withdrawals.cardId))
      .leftJoin(
        moneyReviews,
        and(eq(moneyReviews.kind, 'withdrawal'), eq(moneyReviews.orderNo, withdrawals.orderNo)),
      )
      .leftJoin(claimer, eq(claimer.id, moneyReviews.claimedBy))
      .leftJoin(decider, eq(decider.id, moneyReviews.decidedBy))
      .leftJoin(firstApprover, eq(firstApprover.id, moneyReviews.firstApprovedBy))
      .where(where)
      .orderBy(...ordering(query, withdrawals.amount, withdrawals.createdAt, withdrawals.id))
      .limit(slice.limit)
      .offset(slice.offset),
    q
      .select({ n: count() })
      .from(withdrawals)
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .innerJoin(cards, eq(cards.id, withdrawals.cardId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// Venue transfers waiting for the venue

/** Venue transfers whose reservation still waits for the venue's answer, one page, and how many. */
export async function pendingTransferPage(q: Queryable, query: ListQuery) {
  const where = eq(ledgerPending.state, PendingState.pending);
  const slice = sliceOf(query);
  const direction = slice.ascending ? asc : desc;
  const [rows, [total]] = await Promise.all([
    q
      .select({ t: venueTransfers, username: users.username, venue: venues.name })
      .from(venueTransfers)
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
      .innerJoin(users, eq(users.id, venueTransfers.userId))
      .innerJoin(venues, eq(venues.code, venueTransfers.venue))
      .where(where)
      .orderBy(
        direction(query.sort === 'amount' ? venueTransfers.amount : venueTransfers.createdAt),
        direction(venueTransfers.id),
      )
      .limit(slice.limit)
      .offset(slice.offset),
    q
      .select({ n: count() })
      .from(venueTransfers)
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

// What a reviewer reads before paying a withdrawal out

/** A sum of cents (as text: it may pass 2^53) and a count. */
const sumOf = (column: PgColumn) => ({
  total: sql<string | null>`sum(${column})::text`,
  n: sql<number>`count(*)::int`,
});

export async function findPlayer(q: Queryable, userId: number) {
  const [player] = await q.select().from(users).where(eq(users.id, userId));
  return player;
}

/**
 * The player's money since `since`: approved deposits, paid-out withdrawals and game results (sums
 * of cents as text, and counts), their cards and the addresses their sessions came from.
 */
export async function playerActivity(q: Queryable, userId: number, since: Date) {
  const [[deposited], [withdrawn], [game], ownCards, ips] = await Promise.all([
    q
      .select(sumOf(deposits.amount))
      .from(deposits)
      .where(
        and(
          eq(deposits.userId, userId),
          eq(deposits.state, ReviewState.approved),
          gte(deposits.settledAt, since),
        ),
      ),
    q
      .select(sumOf(withdrawals.amount))
      .from(withdrawals)
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .where(
        and(
          eq(withdrawals.userId, userId),
          eq(ledgerPending.state, PendingState.settled),
          gte(ledgerPending.resolvedAt, since),
        ),
      ),
    q
      .select(sumOf(bets.winLoss))
      .from(bets)
      .where(and(eq(bets.userId, userId), gte(bets.placedAt, since))),
    q.select().from(cards).where(eq(cards.userId, userId)),
    q
      .selectDistinct({ ip: sessions.ip })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.ip, ''))),
  ]);
  return { deposited, withdrawn, game, ownCards, ips };
}

/** Other players (the first `limit`) with a card of one of these numbers. */
export function playersWithCards(q: Queryable, userId: number, numbers: string[], limit: number) {
  return q
    .selectDistinct({ id: users.id, username: users.username, number: cards.bankNo })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(and(inArray(cards.bankNo, numbers), ne(cards.userId, userId)))
    .limit(limit);
}

/** Other players (the first `limit`) with a session from one of these addresses. */
export function playersFromAddresses(q: Queryable, userId: number, addresses: string[], limit: number) {
  return q
    .selectDistinct({ id: users.id, username: users.username, ip: sessions.ip })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.ip, addresses), ne(sessions.userId, userId)))
    .limit(limit);
}
