import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NO_EDGE_LIMITS, startNginx } from '../apps/server/test/nginx';
import { waitFor } from '../apps/server/test/wait';

/**
 * The platform the browser tests run against. With TEST_DATABASE_URL, the production path: two
 * nodes of the release (`npm run release`, unpacked into a folder of its own and started by its
 * bin/start on the Node it carries) on a fresh PostgreSQL database of their own, behind the edge
 * (deploy/nginx) over HTTPS with HTTP/2 and a self-signed certificate. Without it, the embedded
 * path: one compiled server on PGlite, as `npm start` runs it.
 */
const root = path.resolve(import.meta.dirname, '..');
/** The Node the `node` package installs (24): the one `npm start` and production run. */
const NODE = path.join(root, 'node_modules/node/bin/node');

/** How a node starts: its program, its arguments, and the folder it runs in. */
interface Command {
  file: string;
  args: string[];
  cwd: string;
}

/** The embedded path: the compiled server (scripts/server-build.mjs) on the project's Node, as `npm start` runs it. */
function compiledServer(): Command {
  execFileSync(NODE, [path.join(root, 'scripts/server-build.mjs')], { stdio: 'inherit' });
  return {
    file: NODE,
    args: ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')],
    cwd: root,
  };
}

/** The production path: the release archive (built when stale), unpacked into `into`. */
function unpackedRelease(into: string): Command {
  const built = execFileSync(NODE, [path.join(root, 'scripts/release.mjs')], { encoding: 'utf8' });
  const archive = built.trim().split('\n').at(-1) ?? '';
  const dir = path.join(into, 'release');
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('tar', ['-xzf', archive, '-C', dir]);
  return { file: path.join(dir, 'bin/start'), args: [], cwd: dir };
}

export interface Platform {
  /** Where the browser goes: https://127.0.0.1:PORT through nginx, or the one node's http://127.0.0.1:PORT. */
  origin: string;
  /** Each node's own address (a test clock is set on every node). */
  nodes: string[];
  stop(): Promise<void>;
}

/** Ports from `port` on: the public one first. */
export const usesEdge = () => Boolean(process.env.TEST_DATABASE_URL);
export const originOf = (port: number) => `${usesEdge() ? 'https' : 'http'}://127.0.0.1:${port}`;

function startNode(command: Command, port: number, env: Record<string, string>): ChildProcess {
  const child = spawn(command.file, command.args, {
    cwd: command.cwd,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its log (warnings and errors only) shows when it fails to start or stops on its own.
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.on('exit', (code, signal) => {
    if (code && !signal)
      console.error(`server on port ${port} exited with ${code}:\n${log.join('').slice(-4_000)}`);
  });
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Waits for a node's /readyz, or fails as soon as it exits. */
function ready(origin: string, node: ChildProcess): Promise<unknown> {
  const exited = new Promise((_, reject) =>
    node.once('exit', () => reject(new Error(`server at ${origin} exited`))),
  );
  const answers = waitFor(`server at ${origin}`, 180_000, async () => (await fetch(`${origin}/readyz`)).ok);
  return Promise.race([answers, exited]);
}

/** A database of this run's own on TEST_DATABASE_URL's server, dropped at the end. */
function freshDatabase(serverUrl: string): { url: string; drop(): void } {
  const name = `e2e_${randomBytes(6).toString('hex')}`;
  const psql = (sql: string) => execFileSync('psql', [serverUrl, '-qc', sql], { stdio: 'inherit' });
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export async function startPlatform(port: number, env: Record<string, string>): Promise<Platform> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const node = startNode(compiledServer(), port, env);
    const origin = originOf(port);
    await ready(origin, node);
    return { origin, nodes: [origin], stop: () => stopProcess(node) };
  }

  const database = freshDatabase(serverUrl);
  const children: ChildProcess[] = [];
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-edge-'));
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(children.map(stopProcess));
    database.drop();
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  try {
    const command = unpackedRelease(prefix);
    const nodePorts = [port + 2, port + 3];
    const nodes = nodePorts.map((p) => `http://127.0.0.1:${p}`);
    const shared = {
      ...env,
      DATABASE_URL: database.url,
      PUBLIC_URL: originOf(port),
      TRUST_PROXY: '127.0.0.1',
    };
    // One after the other: the first migrates and seeds the new database.
    for (const [i, nodePort] of nodePorts.entries()) {
      const node = startNode(command, nodePort, { ...shared, METRICS_PORT: String(port + 4 + i) });
      children.push(node);
      await ready(nodes[i] ?? '', node);
    }
    nginx = await startNginx({
      prefix,
      httpPort: port + 1,
      tlsPort: port,
      nodes: nodePorts.map((p) => ({ port: p })),
      limits: NO_EDGE_LIMITS,
    });
    execFileSync('bash', [path.join(root, 'deploy/nginx/publish-assets.sh'), command.cwd, nginx.staticRoot]);
    return { origin: nginx.entry, nodes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
