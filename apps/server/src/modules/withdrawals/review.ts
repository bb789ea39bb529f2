import { centsToAmount } from '@app/contract/money';
import { ReviewState } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import { PendingState, type PendingStateValue } from '../../ledger/ledger';
import { cardsByIds } from '../cards/service';
import { usernamesByIds } from '../players/service';
import * as repo from './repository';

const REVIEW_OF_PENDING: Record<PendingStateValue, number> = {
  [PendingState.pending]: ReviewState.pending,
  [PendingState.settled]: ReviewState.approved,
  [PendingState.voided]: ReviewState.rejected,
};

/** Spec review state (1 pending, 2 approved, 3 rejected) of a withdrawal's reservation state. */
export const withdrawalState = (state: PendingStateValue): number => REVIEW_OF_PENDING[state];

const pendingOfReview = (state: number): PendingStateValue | undefined =>
  (Object.keys(REVIEW_OF_PENDING).map(Number) as PendingStateValue[]).find(
    (p) => REVIEW_OF_PENDING[p] === state,
  );

/** Withdrawals in a spec state, oldest first, with where the money goes. */
export async function listWithdrawals(ctx: AppContext, state: number) {
  const pending = pendingOfReview(state);
  if (pending === undefined) return [];
  const rows = await repo.withdrawalsWithKeyIn(ctx.db, ctx.ledger.keysInState(pending), 200);
  const usernames = await usernamesByIds(
    ctx.db,
    rows.map((w) => w.userId),
  );
  const cards = await cardsByIds(
    ctx.db,
    rows.map((w) => w.cardId),
  );
  return rows.flatMap((w) => {
    const card = cards.get(w.cardId);
    if (!card) return [];
    return [
      {
        order_no: w.orderNo,
        username: usernames.get(w.userId) ?? '',
        amount: centsToAmount(w.amount),
        fee: centsToAmount(w.fee),
        to: `${card.bank} ${card.bankOwner} ${card.bankNo}`,
        state,
        created_at: toBeijingString(w.createdAt),
      },
    ];
  });
}
