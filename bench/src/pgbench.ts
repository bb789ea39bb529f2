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

export interface Pgbench {
  /** One TPC-B-like round of DURATION_S seconds: transactions per second. */
  round(): number;
  drop(): Promise<void>;
}

/**
 * pgbench's TPC-B-like load on the same PostgreSQL server, in a scratch database of its own
 * (scale 10), with as many clients as the transfer load has connections. Rounds are as long as the
 * transfer rounds, so that the two can alternate and meet the same moments of the machine.
 */
export async function pgbenchTpcb(databaseUrl: string): Promise<Pgbench | undefined> {
  const binary = pgbenchBinary();
  if (!binary) return undefined;
  const name = `pgbench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  execFileSync(binary, ['-i', '-q', '-s', '10', url.toString()], { stdio: 'ignore' });
  return {
    round() {
      const out = execFileSync(
        binary,
        ['-b', 'tpcb-like', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S), url.toString()],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
      );
      const match = /tps = ([\d.]+)/.exec(out);
      if (!match) throw new Error('pgbench printed no tps');
      return Number(match[1]);
    },
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
