import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** What the bench target (target.ts) prints once it listens: addresses and funded players' tokens. */
export interface Target {
  app: string;
  bare: string;
  db: string;
  tokens: string[];
}

/**
 * The bench target in a process of its own; `env` adds to the environment (the server's settings),
 * `nodeArgs` to node's flags.
 */
export function startTarget(
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): Promise<{ child: ChildProcess; target: Target }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'bench/src/target.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench target exited with ${code}`)));
    lines.once('line', (line) => resolve({ child, target: JSON.parse(line) as Target }));
  });
}

/** Stops a target started above and waits until it has exited. */
export async function stopTarget(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
