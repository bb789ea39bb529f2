import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

export interface LedgerReport {
  accounts: number;
  transfers: number;
  /** Sum of every balance in cents; zero in a sound ledger. */
  total: bigint;
  violations: string[];
}

/**
 * Checks the ledger's invariants: balances sum to zero, every balance equals its credits minus its
 * debits, and no player account is negative.
 */
export async function verifyLedger(q: Queryable): Promise<LedgerReport> {
  const totals = await q.execute(sql`
    SELECT (SELECT count(*) FROM accounts)::text AS accounts,
           (SELECT count(*) FROM ledger_transfers)::text AS transfers,
           (SELECT coalesce(sum(balance), 0) FROM accounts)::text AS total`);
  const mismatched = await q.execute(sql`
    SELECT a.code, a.balance::text AS balance,
           (coalesce(c.sum, 0) - coalesce(d.sum, 0))::text AS derived
    FROM accounts a
    LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS sum FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
    LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS sum FROM ledger_transfers GROUP BY 1) d ON d.id = a.id
    WHERE a.balance <> coalesce(c.sum, 0) - coalesce(d.sum, 0)
    ORDER BY a.id`);
  const negative = await q.execute(sql`
    SELECT code, balance::text AS balance FROM accounts WHERE owner = 'player' AND balance < 0 ORDER BY id`);

  // Raw rows are read as text: PGlite and pg disagree on how they return bigint and count.
  const summary = rowsOf<{ accounts: string; transfers: string; total: string }>(totals)[0];
  const total = BigInt(summary?.total ?? 0);
  const violations: string[] = [];
  if (total !== 0n) violations.push(`balances sum to ${total} cents, not 0`);
  for (const r of rowsOf<{ code: string; balance: string; derived: string }>(mismatched))
    violations.push(`${r.code}: balance ${r.balance} but transfers give ${r.derived}`);
  for (const r of rowsOf<{ code: string; balance: string }>(negative))
    violations.push(`${r.code}: negative player balance ${r.balance}`);
  return {
    accounts: Number(summary?.accounts ?? 0),
    transfers: Number(summary?.transfers ?? 0),
    total,
    violations,
  };
}

/** `execute` answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
