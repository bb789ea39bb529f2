import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/** The one database type the code is written against: PGlite and PostgreSQL look the same here. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle; repository functions take it so that a use case is one transaction. */
export type Tx = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: what a read-only repository function accepts. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL server's address; undefined for PGlite. */
  url: string | undefined;
  /** The embedded database itself (PGlite only): the job queue runs on it in-process. */
  pglite: PGlite | undefined;
  /** The pool's connections (PostgreSQL only), for the metrics. */
  poolCounts(): { totalCount: number; idleCount: number; waitingCount: number } | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... for a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) is discarded by the pool and
    // replaced on the next query; without a listener the event would crash the process.
    pool.on('error', () => {});
    return {
      db: drizzlePg({ client: pool }) as unknown as Db,
      kind: 'postgres',
      url: options.url,
      pglite: undefined,
      poolCounts: () => pool,
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  return {
    db: drizzlePglite({ client }) as unknown as Db,
    kind: 'pglite',
    url: undefined,
    pglite: client,
    poolCounts: () => undefined,
    close: () => client.close(),
  };
}
