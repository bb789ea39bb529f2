// Builds the player app when its build is missing or older than its sources. Used by `npm start`
// and `npm run bench`; run directly it does just that.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build-plugins.ts',
  'apps/web/public',
  'packages/contract/src',
].map((s) => path.join(root, s));

export function ensureWebBuild() {
  const state = buildState(path.join(root, 'apps/web/dist/index.html'), sources);
  if (state === 'fresh') return;
  console.log(state === 'stale' ? 'Player app sources changed: rebuilding...' : 'Building the player app...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild();
