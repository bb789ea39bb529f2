import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Queryable } from './client';

/**
 * A hot statement with fixed text, run straight through the driver: no query building per call,
 * and on PostgreSQL a named statement, parsed and planned once per connection instead of on every
 * call (measured: parsing and planning were about half of the server's CPU per wallet transfer).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

const defined = new Map<string, string>();

/** Defines a statement once, at module load: its name must be unique, its text fixed. */
export function statement(name: string, text: string): Statement {
  const known = defined.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement ${name} defined twice`);
  defined.set(name, text);
  return { name, text };
}

export type Row = Record<string, unknown>;

const DEADLOCK_ATTEMPTS = 3;
const isDeadlock = (error: unknown) => (error as { code?: unknown } | null)?.code === '40P01';

/**
 * Runs a statement outside any transaction, as one atomic statement. Values: strings, numbers,
 * bigints, Dates, null and arrays of those. Rows come back as the driver reads them: bigint columns
 * may arrive as strings (pg) or numbers (PGlite), so read them with Number() or BigInt().
 */
export async function run(db: Db, s: Statement, values: readonly unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await client.query<Row>({ name: s.name, text: s.text, values: values as unknown[] });
        return result.rows;
      } catch (error) {
        // A deadlock aborts one statement whole (it changed nothing), so running it again is safe;
        // PostgreSQL's own advice for the victim. Seen with reservations racing settlements.
        if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      }
    }
  }
  // PGlite: in process, nothing to save by naming the statement.
  const pglite = client as { query(text: string, values: unknown[]): Promise<{ rows: Row[] }> };
  return (await pglite.query(s.text, values as unknown[])).rows;
}

/**
 * Runs a statement inside the caller's transaction (so that it commits with the caller's other
 * writes): the same text, its `$n` placeholders bound by drizzle, without a name or a batch.
 */
export async function runIn(q: Queryable, s: Statement, values: readonly unknown[]): Promise<Row[]> {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of s.text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(s.text.slice(last, match.index)), sql`${sql.param(values[Number(match[1]) - 1])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(s.text.slice(last)));
  const result = await q.execute(sql.join(chunks));
  return (result as unknown as { rows: Row[] }).rows;
}
