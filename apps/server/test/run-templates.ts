import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withClient } from './postgres-admin';

/**
 * Where one Vitest run keeps its prepared databases (test/database-templates.ts), named after the
 * run's id (test/global-setup.ts), and their removal at the run's end.
 */
export const templatePrefix = (run: string) => `tpl_${run}_`;

/** The folder of the run's PGlite data directory images. */
export const imageFolder = (run: string) => path.join(os.tmpdir(), `pglite-templates-${run}`);

export async function removeTemplates(run: string): Promise<void> {
  fs.rmSync(imageFolder(run), { recursive: true, force: true });
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return;
  await withClient(admin, async (c) => {
    const { rows } = await c.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [templatePrefix(run)],
    );
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}
