// Builds the player app and the operator console when a build is missing or older than its
// sources. Used by `npm start`, the browser tests and `npm run bench`; run directly it does just that.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const APPS = {
  web: { name: 'Player app', workspace: 'apps/web' },
  admin: { name: 'Operator console', workspace: 'apps/admin' },
};

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function ensureBuild({ name, workspace }) {
  const built = path.join(root, workspace, 'dist/index.html');
  const sources = [
    `${workspace}/src`,
    `${workspace}/index.html`,
    `${workspace}/vite.config.ts`,
    `${workspace}/public`,
    'packages/contract/src',
  ];
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= changedAt) return;
  console.log(builtAt ? `${name} sources changed: rebuilding...` : `Building the ${name.toLowerCase()}...`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

export const ensureWebBuild = () => ensureBuild(APPS.web);
export const ensureAdminBuild = () => ensureBuild(APPS.admin);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild();
  ensureAdminBuild();
}
