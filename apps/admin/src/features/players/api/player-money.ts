import { type AdjustmentBody, adjustmentAnswerSchema, ledgerHistorySchema } from '@app/contract/admin/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

export const ledgerPageQuery = (playerId: number, before: number | undefined, limit: number) =>
  queryOptions({
    queryKey: ['player', playerId, 'ledger', before ?? 'first', limit],
    queryFn: () => api(ledgerHistorySchema, `/players/${playerId}/ledger`, { query: { before, limit } }),
    placeholderData: keepPreviousData,
  });

export async function adjustBalance(playerId: number, body: AdjustmentBody): Promise<string> {
  const answer = await api(adjustmentAnswerSchema, `/players/${playerId}/adjustments`, {
    method: 'POST',
    body,
  });
  await queryClient.invalidateQueries({ queryKey: ['player', playerId] });
  return answer.state === 'pending'
    ? '金额超过双人复核金额，已提交，等待另一名操作员复核'
    : `${body.direction === 'credit' ? '人工加款' : '人工扣款'}成功`;
}
