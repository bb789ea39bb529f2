import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/**
 * Checks that the house accounts holding money for someone else match the records behind them:
 * the venue transit account holds exactly the inbound transfers awaiting settlement, withdrawals
 * pending holds exactly the withdrawals in review, and each venue's float equals what the demo
 * venue holds for the platform's players there.
 */
export async function verifyHoldings(q: Queryable): Promise<string[]> {
  const result = await q.execute(sql`
    WITH
      transit AS (
        SELECT coalesce((SELECT balance FROM accounts WHERE code = 'house:venue_transit'), 0) AS account,
               coalesce((SELECT sum(amount) FROM venue_transfers WHERE state = 2 AND direction = 'in'), 0) AS records),
      pending AS (
        SELECT coalesce((SELECT balance FROM accounts WHERE code = 'house:withdrawals_pending'), 0) AS account,
               coalesce((SELECT sum(amount) FROM withdrawals WHERE state = 1), 0) AS records),
      floats AS (
        SELECT v.code AS venue,
               coalesce((SELECT balance FROM accounts WHERE code = 'house:venue_float:' || v.code), 0) AS account,
               coalesce((SELECT sum(balance) FROM demo_venue_wallets w WHERE w.venue = v.code), 0) AS records
        FROM venues v WHERE v.provider = 'demo')
    SELECT 'venue transit' AS what, account::text, records::text FROM transit WHERE account <> records
    UNION ALL
    SELECT 'withdrawals pending', account::text, records::text FROM pending WHERE account <> records
    UNION ALL
    SELECT 'venue float ' || venue, account::text, records::text FROM floats WHERE account <> records`);
  const rows = (result as unknown as { rows: { what: string; account: string; records: string }[] }).rows;
  return rows.map((r) => `${r.what}: account holds ${r.account} but the records say ${r.records}`);
}
