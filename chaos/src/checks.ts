import { ReviewState } from '@app/contract/status';
import { WALLET_SERVER_MSG } from '@app/contract/wallet-rules';
import type { AppContext } from '@app/server/src/context';
import { PendingState, verifyAll } from '@app/server/src/ledger/ledger';
import { type SQL, sql } from 'drizzle-orm';
import type { Operation } from './operations';

export type ViolationKind =
  | 'ledger_verify'
  | 'total_conserved'
  | 'negative_balance'
  | 'acknowledged_once'
  | 'awaiting_settlement'
  | 'venue_wallets'
  | 'replay_mismatch'
  | 'server_errors'
  | 'key_reused'
  | 'jobs_stalled'
  | 'database_restart';

export type Violations = Record<ViolationKind, string[]>;

export const noViolations = (): Violations => ({
  ledger_verify: [],
  total_conserved: [],
  negative_balance: [],
  acknowledged_once: [],
  awaiting_settlement: [],
  venue_wallets: [],
  replay_mismatch: [],
  server_errors: [],
  key_reused: [],
  jobs_stalled: [],
  database_restart: [],
});

async function rows<T>(ctx: AppContext, query: SQL): Promise<T[]> {
  return ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const cents = (yuan: number) => BigInt(Math.round(yuan * 100));
const acknowledged = (op: Operation) => op.final?.body.code === 200;

/**
 * Every check of the settled platform, against its database and the demo venue's books; the
 * operations are what the runner sent and what it was answered.
 */
export async function checkAll(ctx: AppContext, ops: Operation[], found: Violations): Promise<void> {
  const report = await verifyAll(ctx.db, ctx.ledger);
  found.ledger_verify.push(...report.violations);
  await checkConservation(ctx, ops, found);
  await checkBalances(ctx, found);
  await checkOperations(ctx, ops, found);
  await checkSettlement(ctx, found);
  await checkVenueWallets(ctx, found);
}

/**
 * What the players hold (central wallets, venue wallets at the venue, withdrawals under review,
 * transfers in transit) is what the operator credited, plus the deposits credited and the agents'
 * commissions paid (their statements), less the withdrawals paid out: counted from the outside,
 * not from the ledger's own sums.
 */
async function checkConservation(ctx: AppContext, ops: Operation[], found: Violations) {
  const credited = ops
    .filter((op) => op.kind === 'credit' && acknowledged(op))
    .reduce((sum, op) => sum + cents(op.amount ?? 0), 0n);
  const [row] = await rows<Record<string, string>>(
    ctx,
    sql`SELECT
      (SELECT coalesce(sum(balance), 0) FROM accounts WHERE owner = 'player')::text AS central,
      (SELECT coalesce(sum(balance), 0) FROM demo_venue_wallets)::text AS venues,
      (SELECT coalesce(sum(t.amount), 0) FROM venue_transfers t JOIN ledger_pending p ON p.key = t.pending_key
        WHERE p.state = ${PendingState.pending} AND t.direction = 'in')::text AS in_transit,
      (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w JOIN ledger_pending p ON p.key = w.pending_key
        WHERE p.state = ${PendingState.pending})::text AS under_review,
      (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w JOIN ledger_pending p ON p.key = w.pending_key
        WHERE p.state = ${PendingState.settled})::text AS paid_out,
      (SELECT coalesce(sum(amount), 0) FROM deposits WHERE state = ${ReviewState.approved})::text AS deposited,
      (SELECT coalesce(sum(paid), 0) FROM commission_statements)::text AS commission`,
  );
  const v = (name: string) => BigInt(row?.[name] ?? '0');
  const held = v('central') + v('venues') + v('in_transit') + v('under_review');
  const expected = credited + v('deposited') + v('commission') - v('paid_out');
  if (held !== expected) {
    found.total_conserved.push(
      `players hold ${held} cents, credited + deposited + commission - paid out is ${expected}`,
    );
  }
}

async function checkBalances(ctx: AppContext, found: Violations) {
  const negative = await rows<{ what: string }>(
    ctx,
    sql`SELECT 'account ' || code AS what FROM accounts WHERE owner = 'player' AND balance < 0
      UNION ALL SELECT 'venue wallet ' || venue || '/' || player FROM demo_venue_wallets WHERE balance < 0`,
  );
  found.negative_balance.push(...negative.map((r) => r.what));
}

interface Recorded {
  user_id: string;
  key: string;
  venue: string;
  state: number;
}

/**
 * Every acknowledged operation is in the records exactly once, by its key (a transfer per venue;
 * a withdrawal; a deposit order, credited once paid); a refused one moved nothing; every
 * operator decision that was answered holds.
 */
async function checkOperations(ctx: AppContext, ops: Operation[], found: Violations) {
  const recorded = (table: SQL, venue: SQL) =>
    rows<Recorded>(
      ctx,
      sql`SELECT r.user_id::text, split_part(r.request_key, '#', 1) AS key, ${venue} AS venue, p.state
        FROM ${table} r JOIN ledger_pending p ON p.key = r.pending_key WHERE r.request_key IS NOT NULL`,
    );
  const byKey = (list: Recorded[]) => {
    const map = new Map<string, Recorded[]>();
    for (const r of list) map.set(`${r.user_id}/${r.key}`, [...(map.get(`${r.user_id}/${r.key}`) ?? []), r]);
    return map;
  };
  const transfers = byKey(await recorded(sql`venue_transfers`, sql`r.venue`));
  const withdrawals = byKey(await recorded(sql`withdrawals`, sql`''`));
  const deposits = new Map(
    (
      await rows<{ user_id: string; key: string; order_no: string; state: number }>(
        ctx,
        sql`SELECT user_id::text, split_part(request_key, '#', 1) AS key, order_no, state FROM deposits
          WHERE request_key IS NOT NULL`,
      )
    ).map((d) => [`${d.user_id}/${d.key}`, d]),
  );
  const reservation = new Map(
    (
      await rows<{ order_no: string; state: number }>(
        ctx,
        sql`SELECT w.order_no, p.state FROM withdrawals w JOIN ledger_pending p ON p.key = w.pending_key`,
      )
    ).map((w) => [w.order_no, w.state]),
  );

  for (const op of ops) {
    if (!op.final) continue;
    const id = `${op.player?.userId}/${op.key}`;
    const ack = acknowledged(op);
    const problem = (what: string) => found.acknowledged_once.push(`${op.kind} ${op.key}: ${what}`);
    if (op.kind === 'transfer_in' || op.kind === 'transfer_out') {
      const records = transfers.get(id) ?? [];
      const moved = records.filter((r) => r.state !== PendingState.voided);
      if (ack && (records.length !== 1 || records[0]?.venue !== op.venue))
        problem(`${records.length} records`);
      if (ack && op.final.body.message === WALLET_SERVER_MSG.transferDone && moved.length !== 1)
        problem('not settled');
      if (!ack && (records.length > 1 || moved.length > 0)) problem('refused, but money moved');
    } else if (op.kind === 'recover_all') {
      const records = transfers.get(id) ?? [];
      if (new Set(records.map((r) => r.venue)).size !== records.length) problem('a venue emptied twice');
    } else if (op.kind === 'withdraw') {
      const records = withdrawals.get(id) ?? [];
      if (ack ? records.length !== 1 : records.length !== 0) problem(`${records.length} withdrawals`);
    } else if (op.kind === 'deposit') {
      const order = deposits.get(id);
      if (ack && !order) problem('no deposit order');
      if (op.deposit?.paid && order?.state !== ReviewState.approved) problem('paid but not credited');
    } else if ((op.kind === 'approve' || op.kind === 'reject') && ack) {
      const expected = op.kind === 'approve' ? PendingState.settled : PendingState.voided;
      const said = op.final.body.message;
      // A decision answered 200 either decided, or found the same decision made before.
      if (reservation.get(op.key) !== expected)
        problem(`answered "${said}", state ${reservation.get(op.key)}`);
    }
  }
}

async function checkSettlement(ctx: AppContext, found: Violations) {
  const open = await rows<{ ref_id: string }>(
    ctx,
    sql`SELECT ref_id FROM ledger_pending WHERE kind IN ('venue_in', 'venue_out') AND state = ${PendingState.pending}`,
  );
  found.awaiting_settlement.push(...open.map((r) => `transfer ${r.ref_id} still awaiting settlement`));
}

/** Each player's wallet at each venue, as the venue keeps it, against the transfers the platform settled. */
async function checkVenueWallets(ctx: AppContext, found: Violations) {
  const differ = await rows<{ player: string; venue: string; venue_says: string; platform_says: string }>(
    ctx,
    sql`WITH platform AS (
        SELECT 'p' || t.user_id AS player, t.venue,
          sum(CASE WHEN t.direction = 'in' THEN t.amount ELSE -t.amount END) AS balance
        FROM venue_transfers t JOIN ledger_pending p ON p.key = t.pending_key
        WHERE p.state = ${PendingState.settled} GROUP BY 1, 2)
      SELECT coalesce(w.player, p.player) AS player, coalesce(w.venue, p.venue) AS venue,
        coalesce(w.balance, 0)::text AS venue_says, coalesce(p.balance, 0)::text AS platform_says
      FROM demo_venue_wallets w FULL JOIN platform p ON p.player = w.player AND p.venue = w.venue
      WHERE coalesce(w.balance, 0) <> coalesce(p.balance, 0)`,
  );
  found.venue_wallets.push(
    ...differ.map(
      (d) => `${d.player} at ${d.venue}: the venue holds ${d.venue_says}, the platform ${d.platform_says}`,
    ),
  );
}
