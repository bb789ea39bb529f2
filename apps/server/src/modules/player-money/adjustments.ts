import type { ListQuery } from '@app/contract/admin/fields';
import {
  ADJUSTMENT_DIRECTIONS,
  type AdjustmentBody,
  adjustmentStateLabel,
  MONEY_MSG,
} from '@app/contract/admin/money';
import type { Row } from '@app/contract/admin/players';
import { PLAYER_MSG } from '@app/contract/admin/players';
import { amountToCents, centsToAmount } from '@app/contract/money';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockPlayer } from '../../db/locks';
import { HouseAccount } from '../../ledger/ledger';
import { consolePage } from '../../lib/console-page';
import { AppError, badInput, conflict } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { tellPlayer } from '../events/service';
import { fourEyesCheck, type ReviewActor } from '../money-review/service';
import { operatorNamesByIds } from '../operators/service';
import { usernamesByIds } from '../players/service';
import { changeTurnover } from '../turnover/service';
import * as repo from './repository';

type Adjustment = repo.Adjustment;

/**
 * Moves an adjustment's money inside the caller's transaction, once (its key is the adjustment's
 * id): a credit comes from promotions expense and adds turnover at its multiple; a debit goes back
 * there, only while the central wallet covers it (otherwise refused, and the transaction with it).
 */
async function move(ctx: AppContext, tx: Tx, a: Adjustment): Promise<void> {
  const key = `adjustment:${a.id}`;
  const common = {
    key,
    amount: a.amount,
    ref: { type: 'adjustment', id: String(a.id) },
    memo: a.reason,
  };
  if (a.direction === 'debit') {
    const posted = await ctx.ledger.debit(
      { ...common, from: { central: a.userId }, to: HouseAccount.promotionsExpense, kind: 'operator_debit' },
      tx,
    );
    if (posted.status === 'insufficient') throw conflict(MONEY_MSG.insufficient);
    return;
  }
  await ctx.ledger.credit(
    { ...common, from: HouseAccount.promotionsExpense, to: { central: a.userId }, kind: 'operator_credit' },
    tx,
  );
  const multiple = BigInt(Math.round(Number(a.turnoverMultiple) * 100));
  if (multiple > 0n) await changeTurnover(tx, a.userId, (a.amount * multiple) / 100n, 'operator_credit', key);
}

/**
 * The adjustment an earlier request with the same key created, if any: the same player, direction
 * and amount answer it again; a key reused for anything else is refused.
 */
async function sameKey(tx: Tx, key: string, playerId: number, direction: string, cents: bigint) {
  const earlier = await repo.adjustmentByKey(tx, key);
  if (!earlier) return undefined;
  if (earlier.userId !== playerId || earlier.direction !== direction || earlier.amount !== cents)
    throw conflict(MONEY_MSG.adjustmentKeyReused);
  return { id: earlier.id, state: earlier.state, replayed: true };
}

/**
 * An operator's manual credit or debit, with its reason, in one transaction with its audit row: the
 * one way money is credited or debited by hand, from the console and from scripts alike. While it,
 * with what the same operator moved for the player alone in 24 hours, stays within the four-eyes
 * threshold it is applied at once; past it, it waits for a second operator. With a key,
 * sending it again creates nothing and answers the first request's adjustment.
 */
export async function requestAdjustment(
  ctx: AppContext,
  actor: ReviewActor,
  playerId: number,
  body: AdjustmentBody,
): Promise<{ id: number; state: Adjustment['state']; replayed: boolean }> {
  const cents = amountToCents(body.amount);
  if (cents === null || cents <= 0n) throw badInput('金额必须为正数，最多保留两位小数');
  const answer = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    if (!(await lockPlayer(tx, playerId))) throw new AppError(404, PLAYER_MSG.notFound);
    // Under the player's lock: a repeat for the same player waits for the first and finds it here.
    const repeated = body.key ? await sameKey(tx, body.key, playerId, body.direction, cents) : undefined;
    if (repeated) return repeated;
    // Under the same lock: this operator's adjustments for this player are summed one after another.
    const { needsSecond } = await fourEyesCheck(tx, actor.operatorId, playerId, cents, now);
    const immediate = !needsSecond;
    const created = await repo.insertAdjustment(tx, {
      userId: playerId,
      direction: body.direction,
      amount: cents,
      turnoverMultiple: body.direction === 'credit' ? body.turnover_multiple.toFixed(2) : '0',
      reason: body.reason,
      state: immediate ? 'applied' : 'pending',
      requestedBy: actor.operatorId,
      requestedAt: now,
      requestKey: body.key ?? null,
      ...(immediate ? { decidedBy: actor.operatorId, decidedAt: now } : {}),
    });
    // The key was taken meanwhile by a request for another player (same player: found above).
    if (!created) throw conflict(MONEY_MSG.adjustmentKeyReused);
    if (immediate) await move(ctx, tx, created);
    await recordAudit(tx, now, actor, {
      action: 'adjustments.request',
      targetType: 'player',
      targetId: playerId,
      after: {
        adjustment: created.id,
        direction: body.direction,
        amount: body.amount,
        turnover_multiple: Number(created.turnoverMultiple),
        state: created.state,
        four_eyes: !immediate,
      },
      reason: body.reason,
    });
    return { id: created.id, state: created.state, replayed: false };
  });
  if (answer.state === 'applied' && !answer.replayed) await adjusted(ctx, playerId);
  return answer;
}

/** After an adjustment's money moved (committed): the player's app shows the new balance. */
const adjusted = (ctx: AppContext, playerId: number) =>
  tellPlayer(ctx, playerId, { type: 'balance', reason: 'adjustment' });

/**
 * The second operator's word on an adjustment above the threshold, once: one conditional UPDATE
 * takes the pending adjustment (never by the operator who asked for it), the money moves and the
 * audit row is written, all in one transaction.
 */
export async function decideAdjustment(
  ctx: AppContext,
  actor: ReviewActor,
  id: number,
  decision: 'approve' | 'reject',
  note: string,
): Promise<void> {
  const taken = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const taken = await repo.decidePending(tx, id, {
      state: decision === 'approve' ? 'applied' : 'rejected',
      by: actor.operatorId,
      at: now,
      note,
    });
    if (!taken) {
      const current = await repo.findAdjustment(tx, id);
      if (!current) throw new AppError(404, MONEY_MSG.adjustmentNotFound);
      if (current.requestedBy === actor.operatorId) throw conflict(MONEY_MSG.secondApprover);
      throw conflict(MONEY_MSG.adjustmentDecided);
    }
    if (decision === 'approve') await move(ctx, tx, taken);
    await recordAudit(tx, now, actor, {
      action: 'adjustments.approve',
      targetType: 'adjustment',
      targetId: id,
      before: { state: 'pending' },
      after: {
        decision,
        state: taken.state,
        player_id: taken.userId,
        direction: taken.direction,
        amount: centsToAmount(taken.amount),
      },
      reason: note,
    });
    return taken;
  });
  if (decision === 'approve') await adjusted(ctx, taken.userId);
}

export async function adjustmentPage(
  ctx: AppContext,
  query: ListQuery & { state: string; player_id?: number | undefined },
) {
  const { rows, total } = await repo.adjustmentRows(ctx.db, query);
  const [usernames, operatorNames] = await Promise.all([
    usernamesByIds(
      ctx.db,
      rows.map((a) => a.userId),
    ),
    operatorNamesByIds(
      ctx.db,
      rows.flatMap((a) => (a.decidedBy === null ? [a.requestedBy] : [a.requestedBy, a.decidedBy])),
    ),
  ]);
  const data: Row[] = rows.map((a) => ({
    id: a.id,
    player_id: a.userId,
    username: usernames.get(a.userId) ?? '',
    direction: ADJUSTMENT_DIRECTIONS[a.direction],
    amount: centsToAmount(a.direction === 'debit' ? -a.amount : a.amount),
    turnover_multiple: Number(a.turnoverMultiple),
    reason: a.reason,
    state: adjustmentStateLabel(a.state),
    pending: a.state === 'pending' ? 1 : 0,
    requested_by: operatorNames.get(a.requestedBy) ?? '',
    requested_at: toBeijingString(a.requestedAt),
    decided_by: a.state === 'pending' || a.decidedBy === null ? '' : (operatorNames.get(a.decidedBy) ?? ''),
    decided_at: a.decidedAt ? toBeijingString(a.decidedAt) : '',
  }));
  return consolePage(query, total, data);
}
