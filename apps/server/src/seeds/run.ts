import { type Database, openDatabase } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { currentRole, grantApiRole } from '../db/roles';
import { installJobSchema } from '../jobs/runner';
import { systemClock } from '../lib/clock';
import { verifyPassword } from '../modules/auth/passwords';
import { sealStoredOperatorSecrets, type TotpKeys } from '../modules/operators/service';
import { findUserByUsername } from '../modules/players/service';
import { sealStoredPlayerSecrets } from '../modules/security/service';
import { DEMO_PLAYER, seedDemo } from './demo';
import { seedDemoAgent } from './demo-agent';
import { seedReference } from './reference';

export interface PrepareOptions {
  demo: boolean;
  /**
   * With `demo`: the demo agent, its players and last month's statement (`npm start`; the tests'
   * databases leave it out, their figures are their own).
   */
  demoAgent?: boolean;
  /** Production: refuse to serve a database in which the demo player still logs in with its published password. */
  production?: boolean;
  /**
   * The owner role's address (DATABASE_MIGRATION_URL): it migrates, installs the job queue's schema
   * and grants the API's role (the database's own) what it may do. Unset: the API's role migrates.
   */
  migrationUrl?: string | undefined;
  /** The TOTP secrets' keys: demo operators are stored with them, and the stored secrets sealed under the current one. */
  totpKeys: TotpKeys;
}

/** Brings a database to the current schema and seeds it; safe to run on every start. */
export async function prepareDatabase(database: Database, options: PrepareOptions): Promise<void> {
  if (options.migrationUrl && database.kind === 'postgres')
    await migrateAsOwner(database, options.migrationUrl);
  else await applyMigrations(database);
  await seedReference(database.db);
  if (options.demo) await seedDemo(database.db, options.totpKeys);
  if (options.demo && options.demoAgent) await seedDemoAgent(database.db, systemClock);
  await sealStoredOperatorSecrets(database.db, options.totpKeys);
  await sealStoredPlayerSecrets(database.db, options.totpKeys);
  if (options.production) await refuseDemoPlayer(database);
}

async function migrateAsOwner(database: Database, url: string): Promise<void> {
  const apiRole = await currentRole(database.db);
  const owner = await openDatabase({ url, poolSize: 1 });
  try {
    await applyMigrations(owner, async () => {
      await installJobSchema(url);
      if ((await currentRole(owner.db)) !== apiRole) await grantApiRole(owner.db, apiRole);
    });
  } finally {
    await owner.close();
  }
}

async function refuseDemoPlayer(database: Database): Promise<void> {
  const player = await findUserByUsername(database.db, DEMO_PLAYER.username);
  if (player && (await verifyPassword(player.passwordHash, DEMO_PLAYER.password))) {
    throw new Error(
      `The database holds the demo player ${DEMO_PLAYER.username} with its published password: refused with NODE_ENV=production`,
    );
  }
}
