import type { Db } from '../db/client';
import { run, type Statement, statement } from '../db/statements';
import { movementValues, type TransferInput } from './post-transfer';

/*
 * Multi-row forms of postDebitWith and postTransferIf, for micro-batching concurrent movements
 * (db/batch.ts): the same statements over many movements at once, each movement keeping its own
 * outcome. A batch is one statement: it applies whole or not at all. Player accounts are locked in
 * ascending id order before they change, as postTransfer does, so that concurrent batches cannot
 * deadlock on them.
 *
 * Parameters: $1..$8 are arrays of the movements (debit, credit, amount, kind, key, ref type, ref
 * id, memo), one element per movement; the caller's own columns follow, one array each, and are
 * read as `i.<name>` from `input i`, whose `n` numbers the movements from 1.
 */

/** The caller's per-movement columns: name and PostgreSQL type. */
export type Columns = readonly (readonly [name: string, type: string])[];

const MOVEMENT_COLUMNS: Columns = [
  ['debit', 'bigint'],
  ['credit', 'bigint'],
  ['amount', 'bigint'],
  ['kind', 'varchar'],
  ['key', 'varchar'],
  ['ref_type', 'varchar'],
  ['ref_id', 'varchar'],
  ['memo', 'text'],
];

function inputCte(columns: Columns): string {
  const arrays = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
  const names = columns.map(([name]) => name).join(', ');
  return `input AS (SELECT * FROM unnest(${arrays}) WITH ORDINALITY AS i(${names}, n))`;
}

const RECORD = `INSERT INTO ledger_transfers
    (debit_account_id, credit_account_id, amount, kind, idempotency_key, ref_type, ref_id, memo)
  SELECT i.debit, i.credit, i.amount, i.kind, i.key, i.ref_type, i.ref_id, i.memo FROM input i`;

/** Column arrays of the movements, then of the caller's values (one row of values per movement). */
function arrays(inputs: readonly TransferInput[], rows: readonly (readonly unknown[])[], extra: number) {
  const columns: unknown[][] = Array.from({ length: 8 + extra }, () => []);
  inputs.forEach((input, index) => {
    if (input.amount <= 0n) throw new Error('transfer amount must be positive');
    const movement = movementValues(input);
    const values = rows[index] ?? [];
    if (values.length !== extra) throw new Error('one value per column');
    [...movement, ...values].forEach((value, column) => {
      columns[column]?.push(value);
    });
  });
  return columns;
}

export interface DebitsWith {
  statement: Statement;
  columns: Columns;
}

/**
 * postDebitWith over many movements, each from a different player account to a house account.
 * `alongside` is the caller's INSERT ... SELECT ... FROM input i WHERE i.n IN (SELECT n FROM debited)
 * RETURNING id and what `match` needs to pair its rows (`a`) with the movements (`i`).
 */
export function debitsWithStatement(
  name: string,
  columns: Columns,
  alongside: string,
  match: string,
): DebitsWith {
  const all = [...MOVEMENT_COLUMNS, ...columns];
  return {
    columns,
    statement: statement(
      name,
      `WITH ${inputCte(all)},
      locked AS MATERIALIZED (SELECT id FROM accounts WHERE id IN (SELECT debit FROM input) ORDER BY id FOR NO KEY UPDATE),
      debited AS (UPDATE accounts a SET balance = a.balance - i.amount FROM input i
        WHERE a.id = i.debit AND a.balance >= i.amount AND a.id IN (SELECT id FROM locked) RETURNING i.n),
      recorded AS (${RECORD} WHERE i.n IN (SELECT n FROM debited) RETURNING idempotency_key),
      alongside AS (${alongside})
      SELECT i.n, a.id::text AS id FROM input i
        JOIN recorded r ON r.idempotency_key = i.key JOIN alongside a ON ${match}`,
    ),
  };
}

/**
 * Runs a debitsWithStatement: per movement, the id its alongside row returned, or null when the
 * player held less than the amount (and nothing happened for that movement). The debit accounts
 * must be distinct and players'; the credit accounts houses'; the keys new.
 */
export async function postDebitsWith(
  db: Db,
  s: DebitsWith,
  items: readonly { input: TransferInput; values: readonly unknown[] }[],
): Promise<(number | null)[]> {
  const debits = new Set<number>();
  for (const { input } of items) {
    if (input.debit.owner !== 'player' || input.credit.owner !== 'house') {
      throw new Error('postDebitWith moves from a player account to a house account');
    }
    if (debits.has(input.debit.id)) throw new Error('one debit per account in a batch');
    debits.add(input.debit.id);
  }
  const rows = await run(
    db,
    s.statement,
    arrays(
      items.map((i) => i.input),
      items.map((i) => i.values),
      s.columns.length,
    ),
  );
  const ids: (number | null)[] = items.map(() => null);
  for (const row of rows) ids[Number(row.n) - 1] = Number(row.id);
  return ids;
}

export interface TransfersIf {
  statement: Statement;
  columns: Columns;
}

/**
 * postTransferIf over many movements: `gate` is the caller's UPDATE ... FROM input i WHERE ...
 * RETURNING i.n; a movement happens only if its row came through the gate and its key is new.
 * Credits to the same player account in one batch add up.
 */
export function transfersIfStatement(name: string, columns: Columns, gate: string): TransfersIf {
  const all = [...MOVEMENT_COLUMNS, ['to_player', 'boolean'] as const, ...columns];
  return {
    columns,
    statement: statement(
      name,
      `WITH ${inputCte(all)},
      g AS (${gate}),
      t AS (${RECORD} WHERE i.n IN (SELECT n FROM g)
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING idempotency_key),
      locked AS MATERIALIZED (SELECT id FROM accounts
        WHERE id IN (SELECT credit FROM input WHERE to_player) ORDER BY id FOR NO KEY UPDATE),
      u AS (UPDATE accounts a SET balance = a.balance + s.total
        FROM (SELECT i.credit, sum(i.amount) AS total FROM input i
              WHERE i.to_player AND i.key IN (SELECT idempotency_key FROM t) GROUP BY i.credit) s
        WHERE a.id = s.credit AND a.id IN (SELECT id FROM locked) RETURNING a.id)
      SELECT i.n FROM input i WHERE i.key IN (SELECT idempotency_key FROM t)`,
    ),
  };
}

/** Runs a transfersIfStatement: per movement, whether its gate opened and the money moved. */
export async function postTransfersIf(
  db: Db,
  s: TransfersIf,
  items: readonly { input: TransferInput; values: readonly unknown[] }[],
): Promise<boolean[]> {
  for (const { input } of items) {
    if (input.debit.owner !== 'house') throw new Error('postTransferIf moves credits only');
  }
  const columns = arrays(
    items.map((i) => i.input),
    items.map((i) => [i.input.credit.owner === 'player', ...i.values]),
    s.columns.length + 1,
  );
  const rows = await run(db, s.statement, columns);
  const moved = items.map(() => false);
  for (const row of rows) moved[Number(row.n) - 1] = true;
  return moved;
}
