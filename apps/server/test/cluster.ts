import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../src/paths';
import { freePort } from './harness';

/**
 * Several API processes behind nginx (deploy/nginx.conf.template), as in "Running several nodes"
 * (README): the two-node test (nodes.test.ts) and `npm run bench` start them with this. nginx from
 * Debian runs with a prefix of its own in a temporary folder (scripts/ensure-nginx.sh installs it).
 */
const NGINX = '/usr/sbin/nginx';

export interface Node {
  port: number;
  metricsPort: number;
  child: ChildProcess;
  log: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor(
  what: string,
  withinMs: number,
  check: () => Promise<boolean>,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await sleep(20);
  }
}

/** One API process (the server's sources through tsx) on PostgreSQL; `env` adds to or overrides its settings. */
export function startNode(options: {
  databaseUrl: string;
  port: number;
  metricsPort: number;
  dataDir: string;
  env?: Record<string, string>;
}): Node {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(options.metricsPort),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'info',
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: '0',
      DATABASE_POOL_SIZE: '5',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const node: Node = { port: options.port, metricsPort: options.metricsPort, child, log: [] };
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => node.log.push(...chunk.toString().split('\n').filter(Boolean)));
  }
  return node;
}

/** Waits until the node answers /readyz; slow on a shared two-core machine (tsx compiles, pg-boss starts). */
export async function nodeReady(node: Node, withinMs = 240_000): Promise<void> {
  await waitFor(
    'node ready',
    withinMs,
    async () => (await fetch(`http://127.0.0.1:${node.port}/readyz`)).ok,
  ).catch((error: Error) => {
    console.error(node.log.slice(-20).join('\n'));
    throw error;
  });
}

/** The sum of a counter's series whose labels contain `labels`, in one node's /metrics. */
export async function metric(node: Node, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${node.metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

export async function stopNode(node: Node): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise((resolve) => node.child.once('exit', resolve));
  node.child.kill('SIGTERM');
  await exited;
}

export interface Nginx {
  /** The address clients call, http://127.0.0.1:PORT. */
  entry: string;
  /** The same over TLS with HTTP/2, https://127.0.0.1:PORT (a self-signed certificate for 127.0.0.1). */
  tlsEntry: string;
  stop(): Promise<void>;
}

/**
 * nginx in front of `nodes`, listening on `listen` (and on a free port for HTTPS with HTTP/2), with
 * `prefix` (a folder of its own) for its rendered configuration, certificate, pid and temp files;
 * answers once it passes /livez through.
 */
export async function startNginx(prefix: string, listen: number, nodes: { port: number }[]): Promise<Nginx> {
  fs.mkdirSync(prefix, { recursive: true });
  const [certificate, key] = [path.join(prefix, 'tls.crt'), path.join(prefix, 'tls.key')];
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', key, '-out', certificate],
    ],
    { stdio: 'ignore' },
  );
  const tlsListen = await freePort();
  const conf = fs
    .readFileSync(path.join(repoRoot, 'deploy/nginx.conf.template'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{TLS_LISTEN}}', `127.0.0.1:${tlsListen}`)
    .replaceAll('{{TLS_CERTIFICATE}}', certificate)
    .replaceAll('{{TLS_CERTIFICATE_KEY}}', key)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${listen}`)
    .replaceAll(
      '{{UPSTREAM_SERVERS}}',
      nodes.map((n) => `    server 127.0.0.1:${n.port} max_fails=1 fail_timeout=5s;`).join('\n'),
    );
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  const entry = `http://127.0.0.1:${listen}`;
  await waitFor('nginx', 10_000, async () => (await fetch(`${entry}/livez`)).ok);
  return {
    entry,
    tlsEntry: `https://127.0.0.1:${tlsListen}`,
    async stop() {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    },
  };
}
