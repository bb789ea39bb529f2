import type { Database } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { verifyPassword } from '../modules/auth/passwords';
import { findUserByUsername } from '../modules/auth/repository';
import { DEMO_PLAYER, seedDemo } from './demo';
import { seedReference } from './reference';

export interface PrepareOptions {
  demo: boolean;
  /** Production: refuse to serve a database in which the demo player still logs in with its published password. */
  production?: boolean;
}

/** Brings a database to the current schema and seeds it; safe to run on every start. */
export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<void> {
  await applyMigrations(database);
  await seedReference(database.db);
  if (options.demo) await seedDemo(database.db);
  if (options.production) await refuseDemoPlayer(database);
}

async function refuseDemoPlayer(database: Database): Promise<void> {
  const player = await findUserByUsername(database.db, DEMO_PLAYER.username);
  if (player && (await verifyPassword(player.passwordHash, DEMO_PLAYER.password))) {
    throw new Error(
      `The database holds the demo player ${DEMO_PLAYER.username} with its published password: refused with NODE_ENV=production`,
    );
  }
}
