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
  /** PGlite: start from this image of a data directory (`dumpDataDir`) rather than an empty one. */
  image?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** How long a query waits for a new connection to PostgreSQL before it fails (ms). */
  connectTimeoutMs?: number;
}

const CONNECT_TIMEOUT_MS = 3_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: 'platform-api',
      // While the database is away a request waiting for a connection fails fast (503), rather
      // than queueing until its client gives up.
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // The server may end any connection (restart, failover, pg_terminate_backend); pg reports it as
    // an 'error' event, which without a listener ends the process. The pool listens on idle
    // connections only: a checked-out one (a transaction holds it between its statements) needs
    // its own. The failure reaches the holder through its next query, and the pool discards a
    // connection that can no longer be queried when it is released.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
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
  const client = await PGlite.create(options.dataDir, options.image ? { loadDataDir: options.image } : {});
  return {
    db: drizzlePglite({ client }) as unknown as Db,
    kind: 'pglite',
    url: undefined,
    pglite: client,
    poolCounts: () => undefined,
    close: () => client.close(),
  };
}
