import type { ListQuery } from '@app/contract/admin/fields';
import type { ReviewQueueQuery } from '@app/contract/admin/money';
import { amountToCents } from '@app/contract/money';
import { beijingDayStart } from '@app/contract/time';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { ledgerPending, PendingState, type PendingStateValue } from '../../db/schema/ledger';
import { moneyReviews } from '../../db/schema/money-review';
import { deposits } from '../../db/schema/payments';
import { payChannels } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { cards, venueTransfers, withdrawals } from '../../db/schema/wallet';
import { sliceOf } from '../../lib/console-page';

/**
 * The review queues and the venue transfers waiting for the venue (a read model: the test of table
 * ownership lists it). Each page is one statement, because its filters and order run across the
 * order, its player, its channel or card, its ledger reservation and its review; who claimed or
 * decided it, and a transfer's player and venue, are named by their owners after the page.
 */

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

/** One page of deposits as the queue filters them, with their player, channel and review, and how many. */
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
      })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
      .leftJoin(
        moneyReviews,
        and(eq(moneyReviews.kind, 'deposit'), eq(moneyReviews.orderNo, deposits.orderNo)),
      )
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
 * none), with their reservation's state, player, card and review, and how many.
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
      })
      .from(withdrawals)
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .innerJoin(cards, eq(cards.id, withdrawals.cardId))
      .leftJoin(
        moneyReviews,
        and(eq(moneyReviews.kind, 'withdrawal'), eq(moneyReviews.orderNo, withdrawals.orderNo)),
      )
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
      .select({ t: venueTransfers })
      .from(venueTransfers)
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
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
