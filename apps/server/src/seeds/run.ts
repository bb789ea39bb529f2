import type { Database } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDemo } from './demo';
import { seedReference } from './reference';

/** Brings a database to the current schema and seeds it; safe to run on every start. */
export async function prepareDatabase(database: Database, options: { demo: boolean }): Promise<void> {
  await applyMigrations(database);
  await seedReference(database.db);
  if (options.demo) await seedDemo(database.db);
}
