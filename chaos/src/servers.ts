import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** One server process of the platform, as `npm start` runs it: the compiled server on Node 24. */
export interface ServerProcess {
  readonly name: string;
  readonly base: string;
  /** False from a kill until the restarted process is ready. */
  live: boolean;
  /** The running process's id; undefined once it has exited. */
  pid(): number | undefined;
  /** kill -9: no shutdown, no answer to the requests under way. */
  kill(): Promise<void>;
  /** Starts the process again on the same port and waits until it is ready. */
  restart(): Promise<void>;
  /** SIGTERM, the graceful shutdown. */
  stop(): Promise<void>;
  /** SIGKILL now, without waiting: when the run itself is stopped. */
  abort(): void;
}

/** Compiles the server (apps/server/dist) when missing or stale, exactly as `npm start` does. */
export function buildServer(root: string): string {
  const built = spawnSync(process.execPath, ['scripts/server-build.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not compile');
  return path.join(root, 'apps/server/dist/main.js');
}

export async function startServer(options: {
  root: string;
  entry: string;
  name: string;
  port: number;
  env: Record<string, string>;
  logDir: string;
}): Promise<ServerProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const log = fs.openSync(path.join(options.logDir, `${options.name}.log`), 'a');
  let child: ChildProcess | undefined;
  let exited: Promise<unknown> = Promise.resolve();

  const launch = async () => {
    child = spawn(process.execPath, ['--enable-source-maps', options.entry], {
      cwd: options.root,
      env: {
        ...process.env,
        ...options.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
      },
      stdio: ['ignore', log, log],
    });
    const running = child;
    exited = new Promise((resolve) => running.once('exit', resolve));
    for (let waited = 0; ; waited += 200) {
      const ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      if (running.exitCode !== null || waited > 60_000) {
        throw new Error(`server ${options.name} did not start: see ${options.logDir}/${options.name}.log`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    server.live = true;
  };

  const server: ServerProcess = {
    name: options.name,
    base,
    live: false,
    pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
    kill: async () => {
      server.live = false;
      child?.kill('SIGKILL');
      await exited;
    },
    restart: launch,
    abort: () => {
      child?.kill('SIGKILL');
    },
    stop: async () => {
      server.live = false;
      child?.kill('SIGTERM');
      await exited;
    },
  };
  await launch();
  return server;
}
