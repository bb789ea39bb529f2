import { CHANNEL_KINDS, type ReviewQueueQuery } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { amountToCents, centsToAmount } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import { beijingDayStart, toBeijingString } from '@app/contract/time';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { ledgerPending } from '../../db/schema/ledger';
import { moneyReviews } from '../../db/schema/money-review';
import { operators } from '../../db/schema/operators';
import { deposits } from '../../db/schema/payments';
import { payChannels } from '../../db/schema/reference';
import { users } from '../../db/schema/users';
import { cards, withdrawals } from '../../db/schema/wallet';
import { PendingState, type PendingStateValue } from '../../ledger/ledger';
import { consolePage, sliceOf } from '../../lib/console-page';
import { withdrawalState } from '../withdrawals/service';
import { fourEyesThreshold } from './decisions';

const claimer = alias(operators, 'claimer');
const decider = alias(operators, 'decider');
const firstApprover = alias(operators, 'first_approver');
const time = (d: Date | null) => (d ? toBeijingString(d) : '');
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

/** Who holds the claim and until when, and who decided: empty while nobody did. */
function claimCells(now: Date, review: typeof moneyReviews.$inferSelect | null, names: Names) {
  const live = review?.claimedUntil && review.claimedUntil > now;
  return {
    claimed_by: live ? (names.claimer ?? '') : '',
    claimed_until: live ? time(review.claimedUntil) : '',
    decided_by: names.decider ?? '',
  };
}
interface Names {
  claimer: string | null;
  decider: string | null;
}

/** What the gateway said of an online order, read from where its statements leave it. */
function gatewayStatus(kind: string, state: number, note: string): string {
  if (kind !== 'online') return '';
  if (state === ReviewState.pending) return '等待支付';
  if (state === ReviewState.approved) return '已支付';
  return note || '未支付';
}

export async function depositQueue(ctx: AppContext, query: ReviewQueueQuery) {
  const where = and(
    query.state ? eq(deposits.state, query.state) : undefined,
    query.channel ? eq(payChannels.kind, query.channel) : undefined,
    ...common(query, deposits),
  );
  const slice = sliceOf(query);
  const [rows, [total]] = await Promise.all([
    ctx.db
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
    ctx.db
      .select({ n: count() })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
      .where(where),
  ]);
  const now = ctx.clock.now();
  const data: Row[] = rows.map(({ d, username, channelName, kind, review, ...names }) => ({
    order_no: d.orderNo,
    player_id: d.userId,
    username,
    channel_kind: CHANNEL_KINDS[kind],
    reviewable: kind === 'online' ? 0 : 1,
    channel: channelName,
    amount: centsToAmount(d.amount),
    state: d.state,
    gateway_status: gatewayStatus(kind, d.state, d.note),
    depositor: [d.depositorName, d.depositorBank, d.protocol].filter(Boolean).join(' '),
    created_at: time(d.createdAt),
    ...claimCells(now, review, names),
    note: d.note,
  }));
  return consolePage(query, Number(total?.n ?? 0), data);
}

const PENDING_OF_STATE: Record<number, PendingStateValue> = {
  [ReviewState.pending]: PendingState.pending,
  [ReviewState.approved]: PendingState.settled,
  [ReviewState.rejected]: PendingState.voided,
};
const CARD_KIND = { usdt: 2, bank: 1 } as const;

export async function withdrawalQueue(ctx: AppContext, query: ReviewQueueQuery) {
  const pendingState = PENDING_OF_STATE[query.state];
  const cardType =
    query.channel === 'usdt' || query.channel === 'bank' ? CARD_KIND[query.channel] : undefined;
  const where = and(
    pendingState !== undefined ? eq(ledgerPending.state, pendingState) : undefined,
    query.channel === 'online' ? eq(cards.id, -1) : undefined,
    cardType !== undefined ? eq(cards.type, cardType) : undefined,
    ...common(query, withdrawals),
  );
  const slice = sliceOf(query);
  const [rows, [total], threshold] = await Promise.all([
    ctx.db
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
    ctx.db
      .select({ n: count() })
      .from(withdrawals)
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .innerJoin(cards, eq(cards.id, withdrawals.cardId))
      .where(where),
    fourEyesThreshold(ctx.db),
  ]);
  const now = ctx.clock.now();
  const data: Row[] = rows.map(({ w, state, note, username, card, review, firstApprover, ...names }) => {
    const twoNeeded = w.amount > threshold;
    return {
      order_no: w.orderNo,
      player_id: w.userId,
      username,
      channel_kind: card.type === CARD_KIND.usdt ? CHANNEL_KINDS.usdt : CHANNEL_KINDS.bank,
      reviewable: 1,
      amount: centsToAmount(w.amount),
      fee: centsToAmount(w.fee),
      to: `${card.bank} ${card.bankOwner} ${card.bankNo}`,
      state: withdrawalState(state),
      four_eyes: !twoNeeded ? '' : firstApprover ? `已初审：${firstApprover}` : '需双人复核',
      first_approved_by: firstApprover ?? '',
      created_at: time(w.createdAt),
      ...claimCells(now, review, names),
      note,
    };
  });
  return consolePage(query, Number(total?.n ?? 0), data);
}
