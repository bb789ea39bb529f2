import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { CONNECTIONS, DURATION_S } from './http-load';

function pgbenchBinary(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => `${root}/${v}/bin/pgbench`).find((p) => fs.existsSync(p));
}

/**
 * pgbench's TPC-B-like transactions per second on the same PostgreSQL server, in a scratch
 * database of its own, with as many clients as the transfer load has connections.
 */
export async function pgbenchTpcb(databaseUrl: string): Promise<number | undefined> {
  const binary = pgbenchBinary();
  if (!binary) return undefined;
  const name = `pgbench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    execFileSync(binary, ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
    const out = execFileSync(
      binary,
      ['-b', 'tpcb-like', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S * 2), url.toString()],
      {
        encoding: 'utf8',
      },
    );
    const match = /tps = ([\d.]+)/.exec(out);
    return match ? Number(match[1]) : undefined;
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
