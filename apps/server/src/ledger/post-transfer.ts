import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { accounts, ledgerTransfers } from '../db/schema/ledger';

export interface TransferInput {
  /** Account the money leaves. */
  debitAccountId: number;
  /** Account the money reaches. */
  creditAccountId: number;
  /** Positive, in cents. */
  amount: bigint;
  kind: string;
  /** Unique per movement: a retry with the same key is answered with the first transfer. */
  idempotencyKey: string;
  refType?: string;
  refId?: string;
  memo?: string;
}

export interface PostedTransfer {
  id: number;
  /** False when the key had been used before and nothing moved this time. */
  applied: boolean;
}

export class InsufficientFundsError extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} has insufficient funds`);
    this.name = 'InsufficientFundsError';
  }
}

export class IdempotencyConflictError extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different movement`);
    this.name = 'IdempotencyConflictError';
  }
}

/**
 * Moves money between two accounts inside the caller's transaction: records the transfer, then
 * updates both balances in ascending account-id order (no deadlocks between opposite movements).
 * A player account is debited only if it holds the amount; otherwise InsufficientFundsError is
 * thrown and the caller's transaction must roll back.
 */
export async function postTransfer(tx: Tx, input: TransferInput): Promise<PostedTransfer> {
  if (input.amount <= 0n) throw new Error('transfer amount must be positive');
  const [inserted] = await tx
    .insert(ledgerTransfers)
    .values({
      debitAccountId: input.debitAccountId,
      creditAccountId: input.creditAccountId,
      amount: input.amount,
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      refType: input.refType,
      refId: input.refId,
      memo: input.memo ?? '',
    })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });

  if (!inserted) return { id: await existingTransferId(tx, input), applied: false };

  const moves = [
    { id: input.debitAccountId, delta: -input.amount },
    { id: input.creditAccountId, delta: input.amount },
  ].sort((a, b) => a.id - b.id);
  for (const move of moves) {
    const updated = await tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${move.delta}` })
      .where(
        and(
          eq(accounts.id, move.id),
          move.delta < 0n ? or(eq(accounts.owner, 'house'), gte(accounts.balance, -move.delta)) : undefined,
        ),
      )
      .returning({ id: accounts.id });
    if (updated.length === 0) throw new InsufficientFundsError(move.id);
  }
  return { id: inserted.id, applied: true };
}

async function existingTransferId(tx: Tx, input: TransferInput): Promise<number> {
  const [row] = await tx
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  if (
    !row ||
    row.debitAccountId !== input.debitAccountId ||
    row.creditAccountId !== input.creditAccountId ||
    row.amount !== input.amount
  ) {
    throw new IdempotencyConflictError(input.idempotencyKey);
  }
  return row.id;
}
