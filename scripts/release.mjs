// `npm run release`: one archive, release/<name>-<version>.tar.gz, that runs the platform on a machine
// without the repository or npm. It holds the compiled server, the built player app and console, the
// migrations, the server's production packages copied from the installed tree (offline: the
// lockfile says which, and where each sits), the Node binary of the `node` package, and bin/start.
// The archive mirrors the repository's layout (apps/server/dist, apps/web/dist...), so the server
// finds its files where it does in a clone (src/paths.ts). RELEASE_VERSION names the version
// (default: `git describe --always --dirty`; outside a git checkout it must be set).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from './freshness.mjs';
import { ensureServerBuild } from './server-build.mjs';
import { ensureAdminBuild, ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const lockfile = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

/** Packages the server lists as dependencies but never loads at run time (the CLI scripts' runner). */
const NOT_AT_RUN_TIME = new Set(['tsx']);
/** What must never be in a release: development tools. The build fails if one is reached. */
const DEV_TOOLS = ['tsx', 'vitest', 'typescript', '@biomejs/biome', 'playwright', 'vite', 'esbuild'];

/** What the archive is made of, relative to the repository (and to the archive's root). */
const BUILT = ['apps/server/dist', 'apps/web/dist', 'apps/admin/dist'];
const MIGRATIONS = 'apps/server/drizzle';

function releaseVersion() {
  if (process.env.RELEASE_VERSION) return process.env.RELEASE_VERSION;
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    throw new Error('not a git checkout: name the version with RELEASE_VERSION');
  }
}

const releaseArchive = (version = releaseVersion()) =>
  path.join(root, 'release', `${manifest.name}-${version}.tar.gz`);

/** Where `name`, required from the package at lockfile path `from`, is installed (Node's lookup). */
function resolveInstalled(name, from) {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lockfile.packages[candidate] && fs.existsSync(path.join(root, candidate))) return candidate;
    if (!dir) return undefined;
    const nested = dir.match(/^(.*?)\/?node_modules\/(?:@[^/]+\/)?[^/]+$/);
    dir = nested ? nested[1] : path.dirname(dir) === '.' ? '' : path.dirname(dir);
  }
}

/** Lockfile paths of every package the server loads at run time, its dependencies' included. */
function productionPackages() {
  const server = lockfile.packages['apps/server'];
  const wanted = Object.keys(server.dependencies).filter(
    (name) => !name.startsWith('@app/') && !NOT_AT_RUN_TIME.has(name),
  );
  const found = new Set();
  const visit = (name, from, required) => {
    const at = resolveInstalled(name, from);
    if (!at) {
      if (required) throw new Error(`${name} (needed by ${from}) is not installed: run npm ci`);
      return;
    }
    if (found.has(at)) return;
    found.add(at);
    const entry = lockfile.packages[at];
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(dep, at, true);
    // Peers the package cannot do without; platform binaries: the ones this machine installed.
    const optionalPeer = (dep) => entry.peerDependenciesMeta?.[dep]?.optional === true;
    for (const dep of Object.keys(entry.peerDependencies ?? {})) if (!optionalPeer(dep)) visit(dep, at, true);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(dep, at, false);
  };
  for (const name of wanted) visit(name, 'apps/server', true);
  const tools = [...found].filter((at) => DEV_TOOLS.some((tool) => at.endsWith(`node_modules/${tool}`)));
  if (tools.length > 0) throw new Error(`development tools reached from the server: ${tools.join(', ')}`);
  return [...found].sort();
}

/** The Node binary the `node` package installed (node_modules/.bin/node links to it). */
function nodeBinary() {
  const binary = fs.realpathSync(path.join(root, 'node_modules/node/bin/node'));
  const version = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  if (version !== `v${manifest.engines.node}`) {
    throw new Error(
      `node_modules/node is ${version}, engines.node says ${manifest.engines.node}: run npm ci`,
    );
  }
  return binary;
}

const START = `#!/bin/sh
# Starts the platform with the Node this release carries. Configuration comes from the environment
# (README: Configuration); NODE_ENV is production unless set. The release's real folder, not a
# symlink to it (/opt/platform/current): a running node stays on its release when the link moves.
here="$(cd "$(dirname "$0")/.." && pwd -P)"
export NODE_ENV="\${NODE_ENV:-production}"
exec "$here/runtime/bin/node" --enable-source-maps "$here/apps/server/dist/main.js" "$@"
`;

function stage(dir, version) {
  fs.rmSync(dir, { recursive: true, force: true });
  for (const built of BUILT) {
    fs.cpSync(path.join(root, built), path.join(dir, built), {
      recursive: true,
      filter: (src) => !src.endsWith('.map') || built === 'apps/server/dist',
    });
  }
  // The SQL and the journal the migrator reads; drizzle-kit's schema snapshots stay behind.
  fs.cpSync(path.join(root, MIGRATIONS), path.join(dir, MIGRATIONS), {
    recursive: true,
    filter: (src) => !src.endsWith('_snapshot.json'),
  });
  for (const at of productionPackages()) {
    const from = path.join(root, at);
    // A package's own node_modules are other lockfile entries: copied only when reached.
    fs.cpSync(from, path.join(dir, at), {
      recursive: true,
      filter: (src) => path.relative(from, src) !== 'node_modules',
    });
  }
  fs.mkdirSync(path.join(dir, 'runtime/bin'), { recursive: true });
  fs.copyFileSync(nodeBinary(), path.join(dir, 'runtime/bin/node'));
  fs.chmodSync(path.join(dir, 'runtime/bin/node'), 0o755);
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.writeFileSync(path.join(dir, 'bin/start'), START, { mode: 0o755 });
  const described = {
    name: manifest.name,
    version,
    type: 'module',
    private: true,
    engines: manifest.engines,
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(described, null, 2)}\n`);
  fs.writeFileSync(
    path.join(dir, 'apps/server/package.json'),
    `${JSON.stringify({ name: '@app/server', version, type: 'module', private: true }, null, 2)}\n`,
  );
}

/** Builds the archive; answers its path. */
function buildRelease(version = releaseVersion()) {
  ensureWebBuild();
  ensureAdminBuild();
  const archive = releaseArchive(version);
  const dir = path.join(root, 'release', `stage-${process.pid}`);
  stage(dir, version);
  fs.mkdirSync(path.dirname(archive), { recursive: true });
  const partial = `${archive}.partial`;
  execFileSync('tar', ['-czf', partial, '-C', dir, '.']);
  fs.renameSync(partial, archive);
  fs.rmSync(dir, { recursive: true, force: true });
  return archive;
}

/** The archive of the current version, built when missing or older than what goes into it (tests share one). */
export async function ensureRelease() {
  await ensureServerBuild();
  ensureWebBuild();
  ensureAdminBuild();
  const archive = releaseArchive();
  const inputs = [...BUILT, MIGRATIONS, 'package-lock.json', 'scripts/release.mjs'].map((p) =>
    path.join(root, p),
  );
  return buildState(archive, inputs) === 'fresh' ? archive : buildRelease();
}

// Run directly (`npm run release`): builds what is stale, says the size, and prints the archive's
// path alone on the last line (the tests read it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const archive = await ensureRelease();
  console.log(`release: ${(fs.statSync(archive).size / 1024 / 1024).toFixed(1)} MB`);
  console.log(archive);
}
