import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../src/paths';
import { waitFor } from './wait';

export { waitFor };

/**
 * Several API processes, as in "Running several nodes" (README): the two-node test (nodes.test.ts)
 * and `npm run bench` start them with this, behind nginx (./nginx.ts).
 */

export interface Node {
  port: number;
  metricsPort: number;
  child: ChildProcess;
  log: string[];
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
