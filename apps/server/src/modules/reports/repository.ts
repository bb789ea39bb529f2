import { BetStatus, ReviewState } from '@app/contract/status';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { PendingState } from '../../db/schema/ledger';

/** Days from `start` (included) to `end` (excluded), grouped by Beijing day, or as one group 'all'. */
export interface ReportRange {
  start: Date;
  end: Date;
  byDay: boolean;
}

type Rows = Record<string, unknown>[];
const rowsOf = async (q: Queryable, query: SQL): Promise<Rows> =>
  (((await q.execute(query)) as unknown as { rows: Rows }).rows ?? []) as Rows;

/** The Beijing calendar day of a timestamptz column, as YYYY-MM-DD. */
const beijingDayOf = (column: string) =>
  sql.raw(`to_char((${column} AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

function grouping(range: ReportRange) {
  const dayOf = (column: string) => (range.byDay ? beijingDayOf(column) : sql`'all'`);
  const inRange = (column: string) =>
    sql`${sql.raw(column)} >= ${range.start} AND ${sql.raw(column)} < ${range.end}`;
  return { dayOf, inRange };
}

/** Credited deposits by day and channel: how many and how much. */
export function depositsByChannel(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('l.created_at')} AS day, d.channel, coalesce(c.name, d.channel) AS name,
    count(*) AS n, sum(l.amount) AS amount
  FROM ledger_transfers l
  JOIN deposits d ON d.order_no = l.ref_id
  LEFT JOIN pay_channels c ON c.code = d.channel
  WHERE l.kind = 'deposit' AND l.ref_type = 'deposit' AND ${inRange('l.created_at')}
  GROUP BY 1, 2, 3 ORDER BY 2`,
  );
}

/** Ledger transfers of the kinds by day and kind: how many orders and how much. */
export function ledgerKindTotals(q: Queryable, range: ReportRange, kinds: readonly string[]): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('created_at')} AS day, kind, count(DISTINCT ref_id) AS refs, sum(amount) AS amount
  FROM ledger_transfers
  WHERE kind IN (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )}) AND ${inRange('created_at')}
  GROUP BY 1, 2`,
  );
}

/** Paid withdrawals by day: one order, however many parts (payout, fee) it settled in. */
export function paidWithdrawalCounts(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('created_at')} AS day, count(DISTINCT ref_id) AS n FROM ledger_transfers
  WHERE kind IN ('withdrawal_payout', 'withdrawal_fee') AND ${inRange('created_at')} GROUP BY 1`,
  );
}

/** The venues' results by day: what the game-results account gained (players' losses) less what it paid. */
export function venueResults(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('l.created_at')} AS day, f.venue, coalesce(v.name, f.venue) AS name,
    sum(CASE WHEN l.credit_account_id = g.id THEN l.amount ELSE -l.amount END) AS result
  FROM ledger_transfers l
  JOIN accounts g ON g.code = 'house:game_results'
  JOIN accounts f ON f.id = CASE WHEN l.credit_account_id = g.id THEN l.debit_account_id ELSE l.credit_account_id END
  LEFT JOIN venues v ON v.code = f.venue
  WHERE l.kind = 'bet_result' AND ${inRange('l.created_at')}
  GROUP BY 1, 2, 3 ORDER BY 2`,
  );
}

/** Settled bets by day: how many, their stakes and valid stakes. */
export function settledBets(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('settled_at')} AS day, count(*) AS n, sum(bet_amount) AS stake, sum(valid_amount) AS valid
  FROM bets WHERE status = ${BetStatus.settled} AND ${inRange('settled_at')} GROUP BY 1`,
  );
}

/** Players who placed a bet, by day (over the whole range: each counted once). */
export function activePlayers(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('placed_at')} AS day, count(DISTINCT user_id) AS n FROM bets
  WHERE status <> ${BetStatus.invalid} AND ${inRange('placed_at')} GROUP BY 1`,
  );
}

/** Registrations by day. */
export function registrations(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('created_at')} AS day, count(*) AS n FROM users WHERE ${inRange('created_at')} GROUP BY 1`,
  );
}

/** First-time depositors: players whose first credited deposit falls in the range, by day. */
export function firstDepositors(q: Queryable, range: ReportRange): Promise<Rows> {
  const { dayOf, inRange } = grouping(range);
  return rowsOf(
    q,
    sql`SELECT ${dayOf('first_at')} AS day, count(*) AS n FROM (
    SELECT a.user_id, min(l.created_at) AS first_at FROM ledger_transfers l
    JOIN accounts a ON a.id = l.credit_account_id
    WHERE l.kind = 'deposit' GROUP BY a.user_id) f
  WHERE ${inRange('first_at')} GROUP BY 1`,
  );
}

/** What waits for an operator: orders in review, adjustments to approve, transfers the venues have not answered. */
export async function queueDepths(q: Queryable) {
  const [row] = await rowsOf(
    q,
    sql`SELECT
    (SELECT count(*) FROM deposits d JOIN pay_channels c ON c.code = d.channel
      WHERE d.state = ${ReviewState.pending} AND c.kind <> 'online') AS deposits,
    (SELECT count(*) FROM withdrawals w JOIN ledger_pending p ON p.key = w.pending_key
      WHERE p.state = ${PendingState.pending}) AS withdrawals,
    (SELECT count(*) FROM adjustments WHERE state = 'pending') AS adjustments,
    (SELECT count(*) FROM venue_transfers t JOIN ledger_pending p ON p.key = t.pending_key
      WHERE p.state = ${PendingState.pending}) AS transfers`,
  );
  return row;
}
