import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresBinaries } from '../src/backups/postgres-tools';
import { freePort } from './harness';

export { postgresBinaries };

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL server of a test's own (as scripts/postgres-test-server.sh starts one), for
 * tests that stop, restart or cut it: never the shared TEST_DATABASE_URL server, which other test
 * files use at the same time.
 */
export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Its data folder, which also holds its socket. */
  dataDir: string;
  port: number;
  /** `pg_ctl restart -m fast`: every session is ended, the server comes back on the same port. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgown-'));
  const port = await freePort();
  // initdb and the server refuse to run as root: as root they run as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres', dataDir]);
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args])
      : run(path.join(bin, name), args);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const pgCtl = (...args: string[]) =>
    tool('pg_ctl', ['-D', dataDir, '-l', path.join(dataDir, 'server.log'), '-w', ...args]);
  await tool('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres']);
  await pgCtl('start', '-o', options);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    port,
    restart: async () => void (await pgCtl('restart', '-m', 'fast', '-o', options)),
    stop: async () => void (await pgCtl('stop', '-m', 'fast')),
    start: async () => void (await pgCtl('start', '-o', options)),
    destroy: async () => {
      await pgCtl('stop', '-m', 'immediate').catch(() => {});
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
