import { ReviewState } from '@app/contract/status';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { betCursors } from '../db/schema/games';
import { PendingState } from '../db/schema/ledger';
import { feedPosition } from '../venues/demo/games/play';

type Row = { what: string; subject: string; held: string; expected: string; slack: string };

const OPEN = sql.raw(String(PendingState.pending));
const APPROVED = sql.raw(String(ReviewState.approved));

/**
 * The checks of `ledger:verify` that compare the ledger with the records behind it and with what
 * the demo venue holds (it runs in-process, so its books are read here directly):
 *
 * - deposits clearing has paid out exactly the approved deposits;
 * - every venue transfer and withdrawal has its reservation, for its amount;
 * - each venue float equals what the venue holds for the platform's players, less the results of
 *   the rounds its feed has not delivered yet (beyond the platform's cursor), give or take the
 *   transfers to and from that venue still pending (their money has left one side and may or may
 *   not have reached the other);
 * - every round the venue settled at or below the platform's cursor is in `bets` (a round the feed
 *   skipped would otherwise go unnoticed for ever);
 * - each player's turnover requirement equals its keyed entries applied in order (never below
 *   zero), and each deposit total equals the player's approved deposits.
 */
export async function verifyHoldings(q: Queryable): Promise<string[]> {
  const [cursor] = await q.select().from(betCursors).where(eq(betCursors.provider, 'demo'));
  const read = feedPosition(cursor?.cursor ?? '');
  const delivered = sql`(r.txid, r.id) <= (${read.txid}::xid8, ${read.id}::bigint)`;
  const result = await q.execute(sql`
    WITH
      house AS (
        SELECT a.id, a.code,
               coalesce((SELECT sum(amount) FROM ledger_transfers t WHERE t.credit_account_id = a.id), 0)
             - coalesce((SELECT sum(amount) FROM ledger_transfers t WHERE t.debit_account_id = a.id), 0) AS balance
        FROM accounts a WHERE a.owner = 'house' AND (a.code = 'house:deposits_clearing' OR a.kind = 'venue_float')),
      clearing AS (
        SELECT 'deposits clearing'::text AS what, 'house:deposits_clearing'::text AS subject,
               coalesce((SELECT balance FROM house WHERE code = 'house:deposits_clearing'), 0) AS held,
               -coalesce((SELECT sum(amount) FROM deposits WHERE state = ${APPROVED}), 0) AS expected, 0 AS slack),
      floats AS (
        SELECT 'venue float'::text, v.code,
               coalesce((SELECT balance FROM house WHERE code = 'house:venue_float:' || v.code), 0),
               coalesce((SELECT sum(balance) FROM demo_venue_wallets w WHERE w.venue = v.code), 0)
               -- rounds the feed has not delivered yet have moved the venue's wallets only
             - coalesce((SELECT sum(r.payout - r.stake) FROM demo_venue_bets r
                 WHERE r.venue = v.code AND NOT ${delivered}), 0),
               coalesce((SELECT sum(t.amount) FROM venue_transfers t JOIN ledger_pending p ON p.key = t.pending_key
                 WHERE t.venue = v.code AND p.state = ${OPEN}), 0)
        FROM venues v WHERE v.provider = 'demo'),
      reservations AS (
        SELECT 'reservation of venue transfer'::text, t.order_no, coalesce(p.amount, 0), t.amount, 0
        FROM venue_transfers t LEFT JOIN ledger_pending p ON p.key = t.pending_key
        WHERE p.amount IS DISTINCT FROM t.amount
        UNION ALL
        SELECT 'reservation of withdrawal', w.order_no, coalesce(p.amount, 0), w.amount, 0
        FROM withdrawals w LEFT JOIN ledger_pending p ON p.key = w.pending_key
        WHERE p.amount IS DISTINCT FROM w.amount),
      skipped AS (
        SELECT 'venue round never recorded'::text, r.venue || ' DV' || lpad(r.id::text, 10, '0'),
               0, r.payout - r.stake, 0
        FROM demo_venue_bets r
        WHERE ${delivered} AND NOT EXISTS (SELECT 1 FROM bets b WHERE b.venue = r.venue
          AND b.bet_id = 'DV' || lpad(r.id::text, 10, '0'))),
      turnover AS (
        SELECT 'turnover required'::text, u.id::text, u.turnover_required,
               coalesce(x.expected, 0), 0
        FROM users u LEFT JOIN (
          -- Each change applied in order, never below zero: the total less the lowest the running
          -- sum went (Lindley's recursion in closed form).
          SELECT user_id, sum(delta) - least(0, min(running)) AS expected
          FROM (SELECT user_id, delta, sum(delta) OVER (PARTITION BY user_id ORDER BY id) AS running
                FROM turnover_entries) e
          GROUP BY user_id) x ON x.user_id = u.id
        WHERE u.turnover_required <> coalesce(x.expected, 0)),
      deposit_totals AS (
        SELECT 'deposit total'::text, u.id::text, u.deposit_total, coalesce(d.total, 0), 0
        FROM users u LEFT JOIN (SELECT user_id, sum(amount) AS total FROM deposits
                                WHERE state = ${APPROVED} GROUP BY user_id) d ON d.user_id = u.id
        WHERE u.deposit_total <> coalesce(d.total, 0)),
      checks AS (
        SELECT * FROM clearing UNION ALL SELECT * FROM floats UNION ALL SELECT * FROM reservations
        UNION ALL SELECT * FROM skipped
        UNION ALL SELECT * FROM turnover UNION ALL SELECT * FROM deposit_totals)
    SELECT what, subject, held::text, expected::text, slack::text FROM checks
    -- held may fall short of what the records say by at most the slack of pending transfers
    WHERE what = 'venue round never recorded' OR NOT (expected - held BETWEEN 0 AND slack)`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r) =>
    r.what === 'venue round never recorded'
      ? `${r.what}: ${r.subject} (result ${r.expected}) lies behind the platform's cursor but is not in bets`
      : r.slack === '0'
        ? `${r.what} ${r.subject}: holds ${r.held} but the records say ${r.expected}`
        : `${r.what} ${r.subject}: holds ${r.held} but the records say ${r.expected} (give or take ${r.slack} pending)`,
  );
}
