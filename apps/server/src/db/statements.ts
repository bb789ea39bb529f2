import pg from 'pg';
import type { Db } from './client';

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

/**
 * Runs a statement outside any transaction, as one atomic statement. Values: strings, numbers,
 * bigints, Dates, null and arrays of those. Rows come back as the driver reads them: bigint columns
 * may arrive as strings (pg) or numbers (PGlite), so read them with Number() or BigInt().
 */
export async function run(db: Db, s: Statement, values: readonly unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<Row>({ name: s.name, text: s.text, values: values as unknown[] });
    return result.rows;
  }
  // PGlite: in process, nothing to save by naming the statement.
  const pglite = client as { query(text: string, values: unknown[]): Promise<{ rows: Row[] }> };
  return (await pglite.query(s.text, values as unknown[])).rows;
}
