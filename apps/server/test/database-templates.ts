import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/seeds/run';
import { databaseUrl, withClient } from './postgres-admin';
import { imageFolder, templatePrefix } from './run-templates';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Vitest run's id (test/global-setup.ts): it names the run's prepared databases. */
    templateRun: string;
  }
}

/**
 * Migrating and seeding a database takes seconds (on PGlite its initdb alone does), and the tests
 * make hundreds. Each variant of the seed (demo content or not, the TOTP keys) is prepared once per
 * Vitest run and copied for every test app: on PostgreSQL a template database (CREATE DATABASE ...
 * TEMPLATE), on PGlite an image of its data directory in a file (loadDataDir). Every copy is a new
 * database, exactly as migrated and seeded.
 */
export interface SeedVariant {
  demo: boolean;
  totpKeys: Config['totpKeys'];
}

const variantKey = (variant: SeedVariant) =>
  createHash('sha1')
    .update(JSON.stringify([variant.demo, variant.totpKeys.current, variant.totpKeys.previous]))
    .digest('hex')
    .slice(0, 12);

/** Migrates and seeds the database at `url`. */
async function prepareOn(url: string, variant: SeedVariant): Promise<void> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await prepareDatabase(database, variant);
  } finally {
    await database.close();
  }
}

/**
 * Builds the run's template of `variant` unless it is there. Two workers may ask at once: one builds
 * under a session lock while the other waits on it. A finished template accepts no connections
 * (so that nobody holds it open while it is copied); one that still does was left half-built by a
 * worker that died, and is built again.
 */
async function buildTemplate(admin: string, name: string, variant: SeedVariant): Promise<void> {
  await withClient(admin, async (c) => {
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await c.query<{ datallowconn: boolean }>(
      'SELECT datallowconn FROM pg_database WHERE datname = $1',
      [name],
    );
    if (rows[0]?.datallowconn === false) return;
    if (rows[0]) await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
    await prepareOn(databaseUrl(admin, name), variant);
    await c.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
  });
}

/** The data directory of a PGlite database migrated and seeded as `variant` says. */
async function buildImage(variant: SeedVariant): Promise<Blob> {
  const database = await openDatabase({});
  try {
    await prepareDatabase(database, variant);
    if (!database.pglite) throw new Error('not a PGlite database');
    return await database.pglite.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/** Writes `image` to `file` atomically (two workers may write the same file at once). */
async function save(image: Blob, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  fs.renameSync(partial, file);
}

/** The Vitest run's id; none outside Vitest (the chaos run), where each database is prepared on its own. */
const vitestRun = () => (process.env.VITEST ? inject('templateRun') : undefined);

const prepared = new Map<string, Promise<unknown>>();

/** Once per test file (its module state); a failed preparation is not kept, the next caller tries again. */
function once(key: string, make: () => Promise<unknown>): Promise<unknown> {
  let made = prepared.get(key);
  if (!made) {
    made = make();
    prepared.set(key, made);
    made.catch(() => prepared.delete(key));
  }
  return made;
}

/** A new database on `admin`'s server, a copy of the run's template of `variant`; answers its name. */
export async function copyOfTemplate(admin: string, variant: SeedVariant): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = vitestRun();
  if (!run) {
    await withClient(admin, (c) => c.query(`CREATE DATABASE ${name}`));
    await prepareOn(databaseUrl(admin, name), variant);
    return name;
  }
  const template = `${templatePrefix(run)}${variantKey(variant)}`;
  await once(template, () => buildTemplate(admin, template, variant));
  await withClient(admin, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return name;
}

/**
 * The run's PGlite image of `variant`, built by the first worker to need it (two workers needing it
 * at once both build it; the one renamed last stays, the same content).
 */
export async function pgliteImage(variant: SeedVariant): Promise<Blob> {
  const run = vitestRun();
  if (!run) return buildImage(variant);
  const file = path.join(imageFolder(run), `${variantKey(variant)}.tar`);
  await once(file, async () => {
    if (!fs.existsSync(file)) await save(await buildImage(variant), file);
  });
  return new Blob([await fs.promises.readFile(file)]);
}
