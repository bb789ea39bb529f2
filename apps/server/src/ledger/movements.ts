import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { ledgerTransfers } from '../db/schema/ledger';
import type { AccountRef } from './accounts';

export interface Ref {
  type: string;
  id: string;
}

/** One movement between two resolved accounts. */
export interface MovementRow {
  debit: AccountRef;
  credit: AccountRef;
  /** Positive, in cents. */
  amount: bigint;
  kind: string;
  key: string;
  ref?: Ref | undefined;
  memo?: string | undefined;
  at: Date;
}

export class InsufficientFunds extends Error {
  constructor(readonly accountId: number) {
    super(`account ${accountId} has insufficient funds`);
    this.name = 'InsufficientFunds';
  }
}

/** A key used before for a different movement: nothing moved. */
export class IdempotencyConflictError extends Error {
  constructor(readonly key: string) {
    super(`idempotency key ${key} was used for a different movement`);
    this.name = 'IdempotencyConflictError';
  }
}

/**
 * Records one movement inside the transaction: the transfer row first (its key decides whether
 * anything happens), then each player account's running balance, in ascending id order (the lock
 * order of every movement). A debit applies only while the balance covers it; otherwise
 * InsufficientFunds is thrown and the transaction must roll back. Answers the transfer's id and
 * whether this call recorded it.
 */
export async function recordMovement(tx: Tx, m: MovementRow): Promise<{ id: number; applied: boolean }> {
  if (m.amount <= 0n) throw new Error('a movement moves a positive amount');
  const [row] = await tx
    .insert(ledgerTransfers)
    .values({
      debitAccountId: m.debit.id,
      creditAccountId: m.credit.id,
      amount: m.amount,
      kind: m.kind,
      idempotencyKey: m.key,
      refType: m.ref?.type ?? null,
      refId: m.ref?.id ?? null,
      memo: m.memo ?? '',
      debitPlayer: m.debit.owner === 'player',
      creditPlayer: m.credit.owner === 'player',
      createdAt: m.at,
    })
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id });
  if (!row) return { id: await replayed(tx, m), applied: false };
  const moves = [
    { account: m.debit, delta: -m.amount },
    { account: m.credit, delta: m.amount },
  ]
    .filter((x) => x.account.owner === 'player')
    .sort((a, b) => a.account.id - b.account.id);
  for (const { account, delta } of moves) {
    const result = await tx.execute(sql`UPDATE accounts SET balance = balance + ${delta}
      WHERE id = ${account.id} ${delta < 0n ? sql`AND balance >= ${-delta}` : sql``} RETURNING id`);
    if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new InsufficientFunds(account.id);
  }
  return { id: row.id, applied: true };
}

/** The transfer recorded before under the key, if it is this same movement. */
async function replayed(tx: Tx, m: MovementRow): Promise<number> {
  const [row] = await tx.select().from(ledgerTransfers).where(eq(ledgerTransfers.idempotencyKey, m.key));
  if (
    !row ||
    row.debitAccountId !== m.debit.id ||
    row.creditAccountId !== m.credit.id ||
    row.amount !== m.amount
  ) {
    throw new IdempotencyConflictError(m.key);
  }
  return row.id;
}
