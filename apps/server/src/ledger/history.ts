import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import type { AccountRef } from './accounts';

/** One movement as the account saw it. */
export interface HistoryEntry {
  /** The transfer's id: a page's `next` continues below the last one. */
  id: number;
  at: Date;
  /** Positive when the account was credited, negative when debited, in cents. */
  amount: bigint;
  kind: string;
  /** The account on the other side, by its code. */
  counterparty: string;
  ref: { type: string; id: string } | null;
  memo: string;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: number | null;
}

type Raw = {
  id: string | number;
  at: string | Date;
  amount: string;
  kind: string;
  counterparty: string;
  ref_type: string | null;
  ref_id: string | null;
  memo: string;
};

/**
 * The movements of one account, newest first, a page at a time by keyset (`id < before`). A
 * player's account is read by the two partial indexes on its side of the movements; a house
 * account, which most movements touch, by the primary key backwards.
 */
export async function accountHistory(
  q: Queryable,
  account: AccountRef,
  before: number | undefined,
  limit: number,
): Promise<HistoryPage> {
  const below = before === undefined ? sql`` : sql`AND t.id < ${before}`;
  const side = (mine: 'debit' | 'credit') => {
    const [own, other, flag] =
      mine === 'debit'
        ? [sql`t.debit_account_id`, sql`t.credit_account_id`, sql`t.debit_player`]
        : [sql`t.credit_account_id`, sql`t.debit_account_id`, sql`t.credit_player`];
    const sign = mine === 'debit' ? sql`-t.amount` : sql`t.amount`;
    const where =
      account.owner === 'player'
        ? sql`${own} = ${account.id} AND ${flag} ${below}`
        : sql`${own} = ${account.id} ${below}`;
    return sql`(SELECT t.id, t.created_at AS at, (${sign})::text AS amount, t.kind, ${other} AS other,
        t.ref_type, t.ref_id, t.memo FROM ledger_transfers t WHERE ${where} ORDER BY t.id DESC LIMIT ${limit + 1})`;
  };
  const result = await q.execute(sql`
    SELECT m.id, m.at, m.amount, m.kind, a.code AS counterparty, m.ref_type, m.ref_id, m.memo
    FROM (${side('debit')} UNION ALL ${side('credit')}) m JOIN accounts a ON a.id = m.other
    ORDER BY m.id DESC LIMIT ${limit + 1}`);
  const rows = (result as unknown as { rows: Raw[] }).rows;
  const entries = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    at: new Date(r.at),
    amount: BigInt(r.amount),
    kind: r.kind,
    counterparty: r.counterparty,
    ref: r.ref_type !== null && r.ref_id !== null ? { type: r.ref_type, id: r.ref_id } : null,
    memo: r.memo,
  }));
  const last = entries[entries.length - 1];
  return { entries, next: rows.length > limit && last ? last.id : null };
}
