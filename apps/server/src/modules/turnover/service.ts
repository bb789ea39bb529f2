import type { Queryable, Tx } from '../../db/client';
import { turnoverRequiredOf } from '../players/service';
import { applyTurnoverEntry } from './repository';

/**
 * The turnover (打码量) a player must bet before withdrawing. Deposits and bonuses raise it by their
 * multiple; valid bets lower it, never below zero. Each change happens once, by its key, inside the
 * caller's transaction (the same one that moves the money it belongs to). The player's row is
 * locked before the entry takes its id, so that entries are numbered in the order they apply:
 * `ledger:verify` replays them in that order.
 */
export function changeTurnover(
  tx: Tx,
  userId: number,
  delta: bigint,
  kind: string,
  idempotencyKey: string,
): Promise<void> {
  return applyTurnoverEntry(tx, userId, delta, kind, idempotencyKey);
}

/** The turnover still required, in cents. */
export async function turnoverRequired(q: Queryable, userId: number): Promise<bigint> {
  return turnoverRequiredOf(q, userId);
}
