import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where a development server keeps its operator token when ADMIN_TOKEN is not set. */
export const localTokenFile = (dataDir: string) => path.join(dataDir, 'admin-token');

/**
 * The operator token of a development installation: read from DATA_DIR, or made once and stored
 * there (owner-only), so that `npm run ops` works after a plain `npm start`. Production sets ADMIN_TOKEN.
 */
export async function localAdminToken(dataDir: string): Promise<string> {
  const file = localTokenFile(dataDir);
  const existing = await fs.readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 24) return existing.trim();
  const token = randomBytes(24).toString('base64url');
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}
