import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/**
 * Checks that the house accounts holding money for someone else match the records behind them:
 * the venue transit account holds exactly the inbound transfers awaiting settlement, withdrawals
 * pending holds exactly the withdrawals in review, deposits clearing has paid out exactly the
 * approved deposits, and each venue's float equals what the demo venue holds for the platform's
 * players there, less the results of rounds whose bets have not been ingested yet. House balances are credits minus debits.
 */
export async function verifyHoldings(q: Queryable): Promise<string[]> {
  const result = await q.execute(sql`
    WITH
      house AS (
        SELECT a.code,
               coalesce((SELECT sum(amount) FROM ledger_transfers t WHERE t.credit_account_id = a.id), 0)
             - coalesce((SELECT sum(amount) FROM ledger_transfers t WHERE t.debit_account_id = a.id), 0) AS balance
        FROM accounts a WHERE a.owner = 'house'),
      expected AS (
        SELECT 'house:venue_transit' AS code, 'venue transit' AS what,
               coalesce((SELECT sum(amount) FROM venue_transfers WHERE state = 2 AND direction = 'in'), 0) AS records
        UNION ALL
        SELECT 'house:withdrawals_pending', 'withdrawals pending',
               coalesce((SELECT sum(amount) FROM withdrawals WHERE state = 1), 0)
        UNION ALL
        SELECT 'house:deposits_clearing', 'deposits clearing',
               -coalesce((SELECT sum(amount) FROM deposits WHERE state = 2), 0)
        UNION ALL
        SELECT 'house:venue_float:' || v.code, 'venue float ' || v.code,
               coalesce((SELECT sum(balance) FROM demo_venue_wallets w WHERE w.venue = v.code), 0)
               -- rounds played but not yet ingested have moved the venue's wallets only
             - coalesce((SELECT sum(r.payout - r.stake) FROM demo_venue_bets r WHERE r.venue = v.code
                 AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.venue = r.venue
                   AND b.bet_id = 'DV' || lpad(r.id::text, 10, '0'))), 0)
        FROM venues v WHERE v.provider = 'demo')
    SELECT e.what, coalesce(h.balance, 0)::text AS account, e.records::text AS records
    FROM expected e LEFT JOIN house h ON h.code = e.code
    WHERE coalesce(h.balance, 0) <> e.records`);
  const rows = (result as unknown as { rows: { what: string; account: string; records: string }[] }).rows;
  return rows.map((r) => `${r.what}: account holds ${r.account} but the records say ${r.records}`);
}
