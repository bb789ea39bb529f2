import { pageOf } from '@app/contract/admin/fields';
import {
  decisionAnswerSchema,
  MONEY_MSG,
  type ReviewQueue,
  type ReviewQueueQuery,
  reviewSettingsSchema,
  SETTLE_OUTCOME,
  settleTransferAnswerSchema,
  withdrawalRiskSchema,
} from '@app/contract/admin/money';
import { rowSchema } from '@app/contract/admin/players';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, command, type Query } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

const rowsPage = pageOf(rowSchema);

export type QueueFilters = Pick<
  ReviewQueueQuery,
  'state' | 'player' | 'channel' | 'min_amount' | 'max_amount' | 'from' | 'to'
>;

export const fetchQueue = (queue: ReviewQueue, filters: QueueFilters, paging: Query) =>
  api(rowsPage, `/review/${queue}`, { query: { ...filters, ...paging } });

/** After a claim or a decision the queue (and the four-eyes state in it) is read again. */
const refreshQueue = (queue: ReviewQueue) => queryClient.invalidateQueries({ queryKey: ['review', queue] });

export async function claimOrder(queue: ReviewQueue, orderNo: string): Promise<string> {
  const answer = await api(z.object({ claimed_until: z.string() }), `/review/${queue}/claim`, {
    method: 'POST',
    body: { order_no: orderNo },
  });
  await refreshQueue(queue);
  return `已领取，${answer.claimed_until} 前仅您可审核`;
}

export async function releaseOrder(queue: ReviewQueue, orderNo: string): Promise<string> {
  const message = await command(`/review/${queue}/release`, { order_no: orderNo });
  await refreshQueue(queue);
  return message;
}

export async function decideOrder(
  queue: ReviewQueue,
  orderNo: string,
  decision: 'approve' | 'reject',
  note: string,
): Promise<string> {
  const answer = await api(decisionAnswerSchema, `/review/${queue}/decide`, {
    method: 'POST',
    body: { order_no: orderNo, decision, note },
  });
  await refreshQueue(queue);
  if (answer.outcome === 'first-approval') return MONEY_MSG.firstApproval;
  return decision === 'approve' ? '已通过' : '已拒绝';
}

export const withdrawalRiskQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['review', 'withdrawals', 'risk', orderNo],
    queryFn: () => api(withdrawalRiskSchema, `/review/withdrawals/${encodeURIComponent(orderNo)}/risk`),
    staleTime: 60_000,
  });

export async function saveReviewSettings(threshold: number, reason: string): Promise<string> {
  await api(reviewSettingsSchema, '/review/settings', {
    method: 'POST',
    body: { four_eyes_threshold: threshold, reason },
  });
  await queryClient.invalidateQueries({ queryKey: ['review'] });
  return '已保存';
}

export const fetchPendingTransfers = (paging: Query) =>
  api(rowsPage, '/transfers/pending', { query: paging });

export async function settleTransfer(orderNo: string): Promise<string> {
  const answer = await api(settleTransferAnswerSchema, `/transfers/${encodeURIComponent(orderNo)}/settle`, {
    method: 'POST',
  });
  await queryClient.invalidateQueries({ queryKey: ['transfers'] });
  return SETTLE_OUTCOME[answer.state];
}

export const fetchAdjustments = (filters: { state: string }, paging: Query) =>
  api(rowsPage, '/adjustments', { query: { ...filters, ...paging } });

export async function decideAdjustment(id: number, decision: 'approve' | 'reject', note: string) {
  const message = await command(`/adjustments/${id}/decide`, { decision, note });
  await queryClient.invalidateQueries({ queryKey: ['adjustments'] });
  return message;
}
