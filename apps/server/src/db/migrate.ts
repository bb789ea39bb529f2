import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths';
import type { Database, Db } from './client';

const migrationsFolder = path.join(serverRoot, 'drizzle');
/** Any constant: serialises migrations when several server processes start against one database. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the migrations, then `afterwards` (on PostgreSQL still under the migration lock, so that
 * processes starting together do not race in it).
 */
export async function applyMigrations(database: Database, afterwards?: () => Promise<void>): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    await afterwards?.();
    return;
  }
  // A session lock must stay on one connection, so it is held by a client of its own.
  const lock = new pg.Client({ connectionString: database.url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
    await afterwards?.();
  } finally {
    await lock.end();
  }
}

/** Whether the database has every migration of this build (drizzle records each by its folder time). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const latest = readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  const result = await db.execute(sql`SELECT max(created_at) AS at FROM drizzle.__drizzle_migrations`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { at: unknown }[] }).rows) as {
    at: unknown;
  }[];
  return Number(rows[0]?.at ?? 0) >= latest;
}
