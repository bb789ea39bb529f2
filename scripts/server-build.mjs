// Compiles the server to JavaScript (apps/server/dist/main.js) when the build is missing or older
// than its sources: production runs that, not TypeScript through tsx. One esbuild bundle of our own
// code (the server and the shared contract); npm packages stay in node_modules, loaded as they are.
// dist/main.js is the entry (src/start.ts: the Node version check), which imports dist/server.js
// (src/main.ts) only once the check has passed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'apps/server');
const dist = path.join(server, 'dist');
export const serverEntry = path.join(dist, 'main.js');
const sources = ['apps/server/src', 'apps/server/package.json', 'packages/contract/src'].map((s) =>
  path.join(root, s),
);
/** Files the server reads beside its own module at run time (the demo venue's game page script and style). */
const RUNTIME_FILES = 'src/venues/demo/games/client';

export async function ensureServerBuild() {
  const state = buildState(serverEntry, sources);
  if (state === 'fresh') return;
  console.log(state === 'stale' ? 'Server sources changed: recompiling...' : 'Compiling the server...');
  const { build } = await import('esbuild');
  const manifest = JSON.parse(fs.readFileSync(path.join(server, 'package.json'), 'utf8'));
  const external = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
    (name) => !name.startsWith('@app/'),
  );
  fs.rmSync(dist, { recursive: true, force: true });
  await build({
    entryPoints: [
      { in: path.join(server, 'src/start.ts'), out: 'main' },
      { in: path.join(server, 'src/main.ts'), out: 'server' },
    ],
    outdir: dist,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  fs.cpSync(path.join(server, RUNTIME_FILES), path.join(dist, 'client'), { recursive: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await ensureServerBuild();
