import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Batcher } from '../db/batch';
import type { Db, Tx } from '../db/client';
import { PendingState } from '../db/schema/ledger';
import { run, runIn, type Statement, statement } from '../db/statements';
import type { AccountRef } from './accounts';
import type { Ref } from './movements';

/*
 * Reservations (two-phase movements), the hot path of every venue transfer: each phase is one
 * statement, shared by the concurrent calls that arrive together (db/batch.ts), each call keeping
 * its own outcome. A batch is one statement: it applies whole or not at all; a failed batch is run
 * again one call at a time, so that each meets its own error. Player accounts are locked in
 * ascending id order before they change, so that concurrent batches cannot deadlock on them.
 */

/** A business record written with its reservation, in the same statement, only if the money moved. */
export interface Attachment<T extends PgTable = PgTable> {
  table: T;
  values: T['$inferInsert'];
}

export interface ReserveRow {
  key: string;
  kind: string;
  source: AccountRef;
  holding: AccountRef;
  amount: bigint;
  ref: Ref | undefined;
  at: Date;
  record: Attachment | undefined;
  /** The player's session that asks for it: reserved only while that session is live. */
  session: number | undefined;
}

/** What a reservation did: moved, not covered by its player source, or refused for its session. */
export type ReserveOutcome = 'reserved' | 'insufficient' | 'session_ended';

export interface SettlePartRow {
  /** Undefined: back to the account the money came from (a void). */
  to: AccountRef | undefined;
  /** Undefined: the whole reserved amount. */
  amount: bigint | undefined;
  /** Undefined: the reservation's kind with `_void`. */
  kind: string | undefined;
}

export interface CloseRow {
  key: string;
  state: typeof PendingState.settled | typeof PendingState.voided;
  /** Where the money goes. */
  parts: SettlePartRow[];
  note: string;
  at: Date;
}

const OPEN = PendingState.pending;
const VOIDED = PendingState.voided;

type Column = { name: string; type: string };

const RESERVE_INPUT: Column[] = [
  { name: 'key', type: 'varchar' },
  { name: 'source', type: 'bigint' },
  { name: 'source_player', type: 'boolean' },
  { name: 'holding', type: 'bigint' },
  { name: 'amount', type: 'bigint' },
  { name: 'kind', type: 'varchar' },
  { name: 'ref_type', type: 'varchar' },
  { name: 'ref_id', type: 'varchar' },
  { name: 'at', type: 'timestamptz' },
  { name: 'session', type: 'bigint' },
];

const unnest = (columns: Column[], from: number, alias: string, names = columns.map((c) => c.name)) =>
  `SELECT * FROM unnest(${columns.map((c, i) => `$${from + i}::${c.type}[]`).join(', ')}) WITH ORDINALITY AS ${alias}(${names.join(', ')}, n)`;

/** The columns of a record's table that its values set, in a stable order. */
function recordColumns(record: Attachment): { keys: string[]; columns: Column[] } {
  const all = getTableColumns(record.table);
  const keys = Object.keys(record.values)
    .filter((k) => (record.values as Record<string, unknown>)[k] !== undefined)
    .sort();
  return {
    keys,
    columns: keys.map((k) => {
      const column = all[k];
      if (!column) throw new Error(`${getTableName(record.table)} has no column ${k}`);
      return { name: column.name, type: column.getSQLType() };
    }),
  };
}

/**
 * Phase one: a call that names the player's session goes on only while that session is live, its
 * row share-locked by this statement (a revocation, an UPDATE of the row, commits before it or
 * after it, never between: auth's lockLiveSession); it comes back as `session_ended`. A player
 * source is debited only while it covers the amount (an uncovered call moves nothing and comes
 * back without its `n`); then the reservation, its movement into the holding
 * account and the business record are written. A key seen before fails the whole statement on the
 * reservation's primary key, as a record refused by one of its unique indexes does.
 */
function reserveText(record: { table: string; columns: Column[] } | undefined): string {
  const recorded = record
    ? `, recorded AS (INSERT INTO "${record.table}" (${record.columns.map((c) => `"${c.name}"`).join(', ')})
        SELECT ${record.columns.map((_, j) => `r.c${j}`).join(', ')}
        FROM (${unnest(
          record.columns,
          RESERVE_INPUT.length + 1,
          'r',
          record.columns.map((_, j) => `c${j}`),
        )}) r WHERE r.n IN (SELECT n FROM go))`
    : '';
  return `WITH input AS (${unnest(RESERVE_INPUT, 1, 'i')}),
    live AS MATERIALIZED (SELECT s.id FROM sessions s JOIN input i ON i.session = s.id
      WHERE s.revoked_at IS NULL AND s.expires_at > i.at ORDER BY s.id FOR SHARE OF s),
    admitted AS MATERIALIZED (SELECT * FROM input WHERE session IS NULL OR session IN (SELECT id FROM live)),
    locked AS MATERIALIZED (SELECT id FROM accounts WHERE id IN (SELECT source FROM admitted WHERE source_player)
      ORDER BY id FOR NO KEY UPDATE),
    debited AS (UPDATE accounts a SET balance = a.balance - i.amount FROM admitted i
      WHERE i.source_player AND a.id = i.source AND a.balance >= i.amount AND a.id IN (SELECT id FROM locked)
      RETURNING i.n),
    go AS MATERIALIZED (SELECT * FROM admitted i WHERE NOT i.source_player OR i.n IN (SELECT n FROM debited)),
    held AS (INSERT INTO ledger_pending (key, kind, source_account_id, holding_account_id, amount, ref_type, ref_id, created_at)
      SELECT key, kind, source, holding, amount, ref_type, ref_id, at FROM go),
    moved AS (INSERT INTO ledger_transfers
        (debit_account_id, credit_account_id, amount, kind, idempotency_key, ref_type, ref_id, debit_player, created_at)
      SELECT source, holding, amount, kind, key || ':reserve', ref_type, ref_id, source_player, at FROM go)
    ${recorded}
    SELECT n, 'reserved' AS outcome FROM go
    UNION ALL SELECT n, 'session_ended' FROM input WHERE n NOT IN (SELECT n FROM admitted)`;
}

/**
 * Phase two: a reservation leaves `pending` once (settled only when its parts add up to its
 * amount), and only then do its parts move out of the holding account: to their destinations, or
 * (void) back to the source. Settlements that credit the same player account add up.
 */
const CLOSE = statement(
  'ledger_close',
  `WITH closing AS (SELECT * FROM unnest($1::varchar[], $2::smallint[], $3::text[], $4::timestamptz[]) AS c(key, state, note, at)),
    parts AS (SELECT * FROM unnest($5::varchar[], $6::bigint[], $7::bigint[], $8::varchar[], $9::int[]) AS p(key, dest, amount, kind, part)),
    closed AS (UPDATE ledger_pending lp SET state = c.state, note = c.note, resolved_at = c.at
      FROM closing c
      WHERE lp.key = c.key AND lp.state = ${OPEN}
        AND (SELECT sum(coalesce(p.amount, lp.amount)) FROM parts p WHERE p.key = c.key) = lp.amount
      RETURNING lp.key, lp.kind, lp.source_account_id, lp.holding_account_id, lp.amount, lp.ref_type, lp.ref_id, c.state, c.at),
    moves AS MATERIALIZED (
      SELECT c.key, c.holding_account_id AS debit, coalesce(p.dest, c.source_account_id) AS credit,
        coalesce(p.amount, c.amount) AS amount, coalesce(p.kind, c.kind || '_void') AS kind, p.part,
        c.ref_type, c.ref_id, c.at, c.state, a.owner = 'player' AS credit_player
      FROM closed c JOIN parts p ON p.key = c.key JOIN accounts a ON a.id = coalesce(p.dest, c.source_account_id)),
    moved AS (INSERT INTO ledger_transfers
        (debit_account_id, credit_account_id, amount, kind, idempotency_key, ref_type, ref_id, credit_player, created_at)
      SELECT debit, credit, amount, kind, key || CASE WHEN state = ${VOIDED} THEN ':void' ELSE ':settle:' || part END,
        ref_type, ref_id, credit_player, at FROM moves),
    locked AS MATERIALIZED (SELECT id FROM accounts WHERE id IN (SELECT credit FROM moves WHERE credit_player)
      ORDER BY id FOR NO KEY UPDATE),
    credited AS (UPDATE accounts a SET balance = a.balance + s.total
      FROM (SELECT credit, sum(amount) AS total FROM moves WHERE credit_player GROUP BY credit) s
      WHERE a.id = s.credit AND a.id IN (SELECT id FROM locked))
    SELECT key FROM closed`,
);

/** How values travel in the statements' arrays: bigints and dates as text, which both drivers take. */
const wire = (value: unknown): unknown =>
  typeof value === 'bigint' ? value.toString() : value instanceof Date ? value.toISOString() : value;

function columnsOf<T>(items: readonly T[], width: number, rowOf: (item: T) => unknown[]): unknown[][] {
  const columns: unknown[][] = Array.from({ length: width }, () => []);
  for (const item of items) {
    rowOf(item).forEach((value, c) => {
      columns[c]?.push(wire(value));
    });
  }
  return columns;
}

interface ReserveShape {
  statement: Statement;
  keys: string[];
  width: number;
}

const shapes = new Map<string, ReserveShape>();

/** The reserve statement for a kind of record (or none), defined once per shape. */
function shapeOf(record: Attachment | undefined): ReserveShape {
  const columns = record ? recordColumns(record) : undefined;
  const table = record ? getTableName(record.table) : '';
  const id = `${table}(${columns?.keys.join(',') ?? ''})`;
  let shape = shapes.get(id);
  if (!shape) {
    const text = reserveText(columns && { table, columns: columns.columns });
    shape = {
      statement: statement(`ledger_reserve_${shapes.size}`, text),
      keys: columns?.keys ?? [],
      width: RESERVE_INPUT.length + (columns?.keys.length ?? 0),
    };
    shapes.set(id, shape);
  }
  return shape;
}

/** The two phases' batchers of one database. */
export class PendingStatements {
  private readonly reservers = new Map<ReserveShape, Batcher<ReserveRow, ReserveOutcome>>();
  private readonly closer: Batcher<CloseRow, boolean>;

  constructor(private readonly db: Db) {
    this.closer = new Batcher<CloseRow, boolean>({
      many: (items) => this.close(items),
      one: async (item) => (await this.close([item]))[0],
      keyOf: (item) => item.key,
    });
  }

  reserve(row: ReserveRow): Promise<ReserveOutcome> {
    const shape = shapeOf(row.record);
    let batcher = this.reservers.get(shape);
    if (!batcher) {
      batcher = new Batcher<ReserveRow, ReserveOutcome>({
        many: (items) => this.runReserve(shape, items),
        one: async (item) => (await this.runReserve(shape, [item]))[0],
        // A player account debited twice in one multi-row UPDATE would be debited once.
        keyOf: (item) => (item.source.owner === 'player' ? `a${item.source.id}` : `k${item.key}`),
      });
      this.reservers.set(shape, batcher);
    }
    return batcher.run(row);
  }

  /** Whether this call closed the reservation (false: it was not pending, or its parts fell short). */
  closeOne(row: CloseRow): Promise<boolean> {
    return this.closer.run(row);
  }

  private async runReserve(shape: ReserveShape, items: ReserveRow[]): Promise<ReserveOutcome[]> {
    const values = columnsOf(items, shape.width, (r) => [
      r.key,
      r.source.id,
      r.source.owner === 'player',
      r.holding.id,
      r.amount,
      r.kind,
      r.ref?.type ?? null,
      r.ref?.id ?? null,
      r.at,
      r.session ?? null,
      ...shape.keys.map((k) => (r.record?.values as Record<string, unknown> | undefined)?.[k] ?? null),
    ]);
    const outcomes = Array.from({ length: items.length }, (): ReserveOutcome => 'insufficient');
    for (const row of await run(this.db, shape.statement, values))
      outcomes[Number(row.n) - 1] = row.outcome as ReserveOutcome;
    return outcomes;
  }

  /** Closes one reservation inside the caller's transaction (a decision that commits with its record). */
  async closeIn(tx: Tx, row: CloseRow): Promise<boolean> {
    return (await this.close([row], tx))[0] ?? false;
  }

  private async close(items: CloseRow[], tx?: Tx): Promise<boolean[]> {
    const closing = columnsOf(items, 4, (c) => [c.key, c.state, c.note, c.at]);
    const parts = columnsOf(
      items.flatMap((c) => c.parts.map((p, part) => ({ key: c.key, p, part }))),
      5,
      ({ key, p, part }) => [key, p.to?.id ?? null, p.amount ?? null, p.kind ?? null, part],
    );
    const values = [...closing, ...parts];
    const rows = tx ? await runIn(tx, CLOSE, values) : await run(this.db, CLOSE, values);
    const closed = new Set(rows.map((r) => String(r.key)));
    return items.map((c) => closed.has(c.key));
  }
}
