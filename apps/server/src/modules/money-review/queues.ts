import { CHANNEL_KINDS, type ReviewQueueQuery } from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { PendingState, type PendingStateValue } from '../../ledger/ledger';
import { consolePage } from '../../lib/console-page';
import { CardType } from '../cards/service';
import { operatorNamesByIds } from '../operators/service';
import { withdrawalState } from '../withdrawals/service';
import { fourEyesThreshold } from './four-eyes';
import { depositQueuePage, withdrawalQueuePage } from './queue-read-model';
import type { ReviewRecord } from './repository';

const time = (d: Date | null) => (d ? toBeijingString(d) : '');

type Names = Map<number, string>;
const nameOf = (names: Names, id: number | null | undefined) => (id ? (names.get(id) ?? '') : '');

/** The operators a page of reviews names (claims, decisions, first approvals), by id. */
const reviewerNames = (ctx: AppContext, reviews: (ReviewRecord | null)[]) =>
  operatorNamesByIds(
    ctx.db,
    reviews
      .flatMap((r) => (r ? [r.claimedBy, r.decidedBy, r.firstApprovedBy] : []))
      .filter((id) => id !== null),
  );

/** Who holds the claim and until when, and who decided: empty while nobody did. */
function claimCells(now: Date, review: ReviewRecord | null, names: Names) {
  const live = review?.claimedUntil && review.claimedUntil > now;
  return {
    claimed_by: live ? nameOf(names, review.claimedBy) : '',
    claimed_until: live ? time(review.claimedUntil) : '',
    decided_by: nameOf(names, review?.decidedBy),
  };
}

/** What the gateway said of an online order, read from where its statements leave it. */
function gatewayStatus(kind: string, state: number, note: string): string {
  if (kind !== 'online') return '';
  if (state === ReviewState.pending) return '等待支付';
  if (state === ReviewState.approved) return '已支付';
  return note || '未支付';
}

export async function depositQueue(ctx: AppContext, query: ReviewQueueQuery) {
  const { rows, total } = await depositQueuePage(ctx.db, query);
  const names = await reviewerNames(
    ctx,
    rows.map((r) => r.review),
  );
  const now = ctx.clock.now();
  const data: Row[] = rows.map(({ d, username, channelName, kind, review }) => ({
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
  return consolePage(query, total, data);
}

const PENDING_OF_STATE: Record<number, PendingStateValue> = {
  [ReviewState.pending]: PendingState.pending,
  [ReviewState.approved]: PendingState.settled,
  [ReviewState.rejected]: PendingState.voided,
};

export async function withdrawalQueue(ctx: AppContext, query: ReviewQueueQuery) {
  const pendingState = PENDING_OF_STATE[query.state];
  const cardType = query.channel === 'usdt' || query.channel === 'bank' ? CardType[query.channel] : undefined;
  const [{ rows, total }, threshold] = await Promise.all([
    withdrawalQueuePage(ctx.db, query, { state: pendingState, cardType }),
    fourEyesThreshold(ctx.db),
  ]);
  const names = await reviewerNames(
    ctx,
    rows.map((r) => r.review),
  );
  const now = ctx.clock.now();
  const data: Row[] = rows.map(({ w, state, note, username, card, review }) => {
    const twoNeeded = w.amount > threshold;
    const firstApprover = nameOf(names, review?.firstApprovedBy);
    return {
      order_no: w.orderNo,
      player_id: w.userId,
      username,
      channel_kind: card.type === CardType.usdt ? CHANNEL_KINDS.usdt : CHANNEL_KINDS.bank,
      reviewable: 1,
      amount: centsToAmount(w.amount),
      fee: centsToAmount(w.fee),
      to: `${card.bank} ${card.bankOwner} ${card.bankNo}`,
      state: withdrawalState(state),
      four_eyes: !twoNeeded ? '' : firstApprover ? `已初审：${firstApprover}` : '需双人复核',
      first_approved_by: firstApprover,
      created_at: time(w.createdAt),
      ...claimCells(now, review, names),
      note,
    };
  });
  return consolePage(query, total, data);
}
