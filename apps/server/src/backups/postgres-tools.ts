import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** The newest installed PostgreSQL's binaries (Debian's layout), or undefined. */
export function postgresBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return undefined;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest && path.join(base, newest, 'bin');
}

export const runningAsRoot = () => process.getuid?.() === 0;

/**
 * Runs a PostgreSQL or pgBackRest tool: as the postgres user when we are root (initdb, the server
 * and pgBackRest refuse root, and the files they write must be postgres's), else as ourselves.
 */
export function asPostgres(command: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return runningAsRoot()
    ? execFileAsync('runuser', ['-u', 'postgres', '--', command, ...args], { maxBuffer: 16 << 20 })
    : execFileAsync(command, args, { maxBuffer: 16 << 20 });
}

/** Makes `dir` the postgres user's when we are root (a folder a tool above writes into). */
export async function handToPostgres(dir: string): Promise<void> {
  if (runningAsRoot()) await execFileAsync('chown', ['-R', 'postgres:postgres', dir]);
}
