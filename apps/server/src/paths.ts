import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server). This file sits one level below it both as source
 * (src/paths.ts) and inside the production build (dist/main.js), so the answer holds for both.
 */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's root. */
export const repoRoot = path.resolve(serverRoot, '../..');
