// Builds the player app and the operator console when a build is missing or older than its sources.
// Used by `npm start` and `npm run bench`; run directly it does just that for both.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const APPS = {
  web: { name: 'Player app', workspace: 'apps/web', extra: ['apps/web/build-plugins.ts'] },
  admin: { name: 'Operator console', workspace: 'apps/admin', extra: [] },
};

function ensureBuild({ name, workspace, extra }) {
  const sources = [
    `${workspace}/src`,
    `${workspace}/index.html`,
    `${workspace}/vite.config.ts`,
    `${workspace}/public`,
    'packages/contract/src',
    ...extra,
  ].map((s) => path.join(root, s));
  const state = buildState(path.join(root, workspace, 'dist/index.html'), sources);
  if (state === 'fresh') return;
  console.log(
    state === 'stale' ? `${name} sources changed: rebuilding...` : `Building the ${name.toLowerCase()}...`,
  );
  // A production build whoever asks: a test process's NODE_ENV=test would go into the bundle (antd then
  // gives every dialog the same title id, and dialogs lose their names).
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export const ensureWebBuild = () => ensureBuild(APPS.web);
export const ensureAdminBuild = () => ensureBuild(APPS.admin);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild();
  ensureAdminBuild();
}
