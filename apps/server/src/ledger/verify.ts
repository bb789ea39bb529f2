import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { PendingState } from '../db/schema/ledger';

export interface LedgerReport {
  accounts: number;
  transfers: number;
  /** Player balances plus house balances (credits minus debits), in cents; zero in a sound ledger. */
  total: bigint;
  violations: string[];
}

/**
 * Checks the ledger's invariants: every player balance equals its credits minus its debits, no
 * player balance is negative, house accounts carry no running balance, everything sums to zero,
 * and every holding account holds exactly the amounts of its reservations still pending.
 */
export async function verifyLedger(q: Queryable): Promise<LedgerReport> {
  const result = await q.execute(sql`
    WITH flows AS (
      SELECT a.id, a.code, a.owner, a.balance,
             coalesce(c.sum, 0) - coalesce(d.sum, 0) AS derived
      FROM accounts a
      LEFT JOIN (SELECT credit_account_id AS id, sum(amount) AS sum FROM ledger_transfers GROUP BY 1) c ON c.id = a.id
      LEFT JOIN (SELECT debit_account_id AS id, sum(amount) AS sum FROM ledger_transfers GROUP BY 1) d ON d.id = a.id
    ),
    held AS (
      SELECT holding_account_id AS id,
             coalesce(sum(amount) FILTER (WHERE state = ${sql.raw(String(PendingState.pending))}), 0) AS open
      FROM ledger_pending GROUP BY 1
    )
    SELECT 'summary' AS what, NULL AS code, NULL AS balance, NULL AS derived,
           (SELECT count(*) FROM accounts)::text AS accounts,
           (SELECT count(*) FROM ledger_transfers)::text AS transfers,
           (SELECT coalesce(sum(CASE WHEN owner = 'player' THEN balance ELSE derived END), 0) FROM flows)::text AS total
    UNION ALL
    SELECT 'mismatch', code, balance::text, derived::text, NULL, NULL, NULL FROM flows WHERE owner = 'player' AND balance <> derived
    UNION ALL
    SELECT 'negative', code, balance::text, NULL, NULL, NULL, NULL FROM flows WHERE owner = 'player' AND balance < 0
    UNION ALL
    SELECT 'house-written', code, balance::text, NULL, NULL, NULL, NULL FROM flows WHERE owner = 'house' AND balance <> 0
    UNION ALL
    SELECT 'holding', f.code, f.derived::text, h.open::text, NULL, NULL, NULL
    FROM flows f JOIN held h ON h.id = f.id WHERE f.derived <> h.open`);

  // Raw rows are read as text: PGlite and pg disagree on how they return bigint and count.
  type Row = {
    what: string;
    code: string;
    balance: string;
    derived: string;
    accounts: string;
    transfers: string;
    total: string;
  };
  const rows = (result as unknown as { rows: Row[] }).rows;
  const summary = rows.find((r) => r.what === 'summary');
  const total = BigInt(summary?.total ?? 0);
  const violations: string[] = [];
  if (total !== 0n) violations.push(`balances sum to ${total} cents, not 0`);
  for (const r of rows) {
    if (r.what === 'mismatch')
      violations.push(`${r.code}: balance ${r.balance} but transfers give ${r.derived}`);
    if (r.what === 'negative') violations.push(`${r.code}: negative player balance ${r.balance}`);
    if (r.what === 'house-written')
      violations.push(`${r.code}: a house account's running balance was written (${r.balance})`);
    if (r.what === 'holding')
      violations.push(`${r.code}: holds ${r.balance} but its pending reservations add up to ${r.derived}`);
  }
  return {
    accounts: Number(summary?.accounts ?? 0),
    transfers: Number(summary?.transfers ?? 0),
    total,
    violations,
  };
}
