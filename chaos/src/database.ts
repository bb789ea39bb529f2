import { postgresBinaries, startPostgresCluster } from '@app/server/test/postgres-cluster';
import type { ServerProcess } from './servers';

/** Where the run's database lives, and whether the run may restart that server. */
export interface DatabaseServer {
  /** The server's admin URL (each run creates its own database on it). */
  url: string;
  /** `pg_ctl restart -m fast`; undefined on a server the run does not own. */
  restart: (() => Promise<void>) | undefined;
  close(): Promise<void>;
}

/**
 * A throwaway PostgreSQL server of the run's own where PostgreSQL's binaries are installed, so that
 * the run can restart it under load; otherwise the one TEST_DATABASE_URL (or DATABASE_URL) names,
 * which is never restarted.
 */
export async function databaseServer(): Promise<DatabaseServer | undefined> {
  if (postgresBinaries()) {
    const cluster = await startPostgresCluster();
    return { url: cluster.url, restart: cluster.restart, close: cluster.destroy };
  }
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return url ? { url, restart: undefined, close: async () => {} } : undefined;
}

/** How soon after the database is back every server must be ready again. */
const READY_WITHIN_MS = 5_000;

/**
 * Restarts the database while the load runs: every server process must live through it (the same
 * process, not restarted) and answer /readyz within READY_WITHIN_MS of the database's return.
 * Answers what went wrong, and says how long the servers took.
 */
export async function restartDatabase(
  database: DatabaseServer,
  servers: ServerProcess[],
  say: (message: string) => void,
): Promise<string[]> {
  if (!database.restart) return [];
  const before = servers.map((s) => s.pid());
  say('pg_ctl restart -m fast of the database');
  await database.restart();
  const back = Date.now();
  const wrong: string[] = [];
  await Promise.all(
    servers.map(async (server, i) => {
      while (Date.now() - back < READY_WITHIN_MS) {
        const ready = await fetch(`${server.base}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ready) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const took = Date.now() - back;
      if (server.pid() === undefined || server.pid() !== before[i]) {
        wrong.push(`${server.name} did not live through the database restart`);
      } else if (took >= READY_WITHIN_MS) {
        wrong.push(`${server.name} not ready within ${READY_WITHIN_MS} ms of the database's return`);
      } else say(`${server.name} lived through it, ready ${took} ms after the database was back`);
    }),
  );
  return wrong;
}
