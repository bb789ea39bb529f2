import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';

/** What moved through each player's central wallet over a period, in cents, by what it was. */
export interface PlayerFlows {
  deposits: bigint;
  /** Withdrawals requested (held or paid) less those given back. */
  withdrawals: bigint;
  /** Credits of the bonus kinds asked for. */
  bonuses: bigint;
  /** The player's first deposit ever: its amount and time. */
  firstDeposit: { amount: bigint; at: Date } | null;
}

type Row = {
  user_id: string;
  deposits: string;
  withdrawals: string;
  bonuses: string;
  first_amount: string | null;
  first_at: string | Date | null;
};

const inList = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Per player, the movements of `[start, end)` on the central wallets of `userIds`: deposits
 * credited, withdrawals reserved less their voids, and credits of `bonusKinds`; with each
 * player's first deposit ever. Read from the ledger's transfers, nothing else.
 */
export async function playerFlows(
  q: Queryable,
  userIds: readonly number[],
  start: Date,
  end: Date,
  bonusKinds: readonly string[],
): Promise<Map<number, PlayerFlows>> {
  const flows = new Map<number, PlayerFlows>();
  if (userIds.length === 0) return flows;
  const result = await q.execute(sql`
    WITH a AS (SELECT id, user_id FROM accounts WHERE owner = 'player' AND kind = 'central' AND user_id IN (${inList(userIds)})),
    moves AS (
      SELECT a.user_id,
        coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = a.id AND t.kind = 'deposit'), 0) AS deposits,
        coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = a.id AND t.kind = 'withdrawal'), 0)
          - coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = a.id AND t.kind = 'withdrawal_void'), 0) AS withdrawals,
        coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = a.id AND t.kind IN (${inList(bonusKinds)})), 0) AS bonuses
      FROM a JOIN ledger_transfers t ON (t.credit_account_id = a.id AND t.credit_player) OR (t.debit_account_id = a.id AND t.debit_player)
      WHERE t.created_at >= ${start} AND t.created_at < ${end}
      GROUP BY a.user_id),
    firsts AS (
      SELECT DISTINCT ON (a.user_id) a.user_id, t.amount, t.created_at
      FROM a JOIN ledger_transfers t ON t.credit_account_id = a.id AND t.credit_player AND t.kind = 'deposit'
      ORDER BY a.user_id, t.id)
    SELECT a.user_id::text, coalesce(m.deposits, 0)::text AS deposits, coalesce(m.withdrawals, 0)::text AS withdrawals,
      coalesce(m.bonuses, 0)::text AS bonuses, f.amount::text AS first_amount, f.created_at AS first_at
    FROM a LEFT JOIN moves m ON m.user_id = a.user_id LEFT JOIN firsts f ON f.user_id = a.user_id`);
  for (const r of (result as unknown as { rows: Row[] }).rows) {
    flows.set(Number(r.user_id), {
      deposits: BigInt(r.deposits),
      withdrawals: BigInt(r.withdrawals),
      bonuses: BigInt(r.bonuses),
      firstDeposit:
        r.first_amount !== null && r.first_at !== null
          ? { amount: BigInt(r.first_amount), at: new Date(r.first_at) }
          : null,
    });
  }
  return flows;
}

/** Movements of one kind by Beijing month (`YYYY-MM`) over `[start, end)`: how many and how much. */
export async function monthlyKindTotals(q: Queryable, kind: string, start: Date, end: Date) {
  const result = await q.execute(sql`
    SELECT to_char((created_at AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM') AS month,
      count(*)::text AS n, sum(amount)::text AS amount
    FROM ledger_transfers WHERE kind = ${kind} AND created_at >= ${start} AND created_at < ${end}
    GROUP BY 1 ORDER BY 1`);
  return (result as unknown as { rows: { month: string; n: string; amount: string }[] }).rows.map((r) => ({
    month: r.month,
    count: Number(r.n),
    cents: BigInt(r.amount),
  }));
}

/** One credit of a kind into a player's central wallet. */
export interface KindCredit {
  at: Date;
  amount: bigint;
  ref: { type: string; id: string } | null;
  memo: string;
}

/**
 * The credits of `kind` into the central wallet of `userId` since `since`: how many, and one page
 * of them, newest first (a player's records of a movement kind that has no table of its own).
 */
export async function kindCredits(
  q: Queryable,
  f: { userId: number; kind: string; since: Date; limit: number; offset: number },
): Promise<{ total: number; rows: KindCredit[] }> {
  const credits = sql`FROM accounts a JOIN ledger_transfers t ON t.credit_account_id = a.id AND t.credit_player
    WHERE a.owner = 'player' AND a.kind = 'central' AND a.user_id = ${f.userId}
      AND t.kind = ${f.kind} AND t.created_at >= ${f.since}`;
  const counted = await q.execute(sql`SELECT count(*)::text AS n ${credits}`);
  const page = await q.execute(sql`
    SELECT t.created_at AS at, t.amount::text AS amount, t.ref_type, t.ref_id, t.memo ${credits}
    ORDER BY t.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`);
  type Raw = {
    at: string | Date;
    amount: string;
    ref_type: string | null;
    ref_id: string | null;
    memo: string;
  };
  return {
    total: Number((counted as unknown as { rows: { n: string }[] }).rows[0]?.n ?? 0),
    rows: (page as unknown as { rows: Raw[] }).rows.map((r) => ({
      at: new Date(r.at),
      amount: BigInt(r.amount),
      ref: r.ref_type !== null && r.ref_id !== null ? { type: r.ref_type, id: r.ref_id } : null,
      memo: r.memo,
    })),
  };
}
