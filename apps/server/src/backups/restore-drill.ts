import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, openDatabase } from '../db/client';
import { Ledger, type LedgerReport, verifyAll } from '../ledger/ledger';
import { systemClock } from '../lib/clock';
import { asPostgres, handToPostgres, postgresBinaries } from './postgres-tools';

export interface DrillOptions {
  /** pgBackRest's stanza (deploy/pgbackrest: `platform`). */
  stanza: string;
  /** pgBackRest's configuration file; unset: PGBACKREST_CONFIG or pgBackRest's default. */
  config: string | undefined;
  /** The platform's database inside the restored cluster. */
  database: string;
  /** Recover to this moment; unset: to the end of the archived WAL. */
  targetTime: Date | undefined;
  /** Leave the restored instance running for inspection instead of removing it. */
  keep: boolean;
  /** Progress lines. */
  log: (line: string) => void;
}

export interface DrillResult {
  /** The last transaction replayed (its commit time); undefined when none was replayed past the backup. */
  recoveryPoint: Date | undefined;
  durationMs: number;
  report: LedgerReport;
  /** While kept: the restored instance's address and how to stop it. */
  kept?: { url: string; stop: string };
}

/** pgBackRest's time format: `YYYY-MM-DD HH:MM:SS.mmm+00`. */
const pgbackrestTime = (at: Date) => at.toISOString().replace('T', ' ').replace('Z', '+00');

// The drill instance listens on no TCP port: only on a socket in its own folder (0700), so nothing
// else reaches it; any port number names that socket.
const SOCKET_PORT = 5432;

/**
 * The restore drill (`npm run ops -- restore-drill`): restores the latest pgBackRest backup into a
 * fresh data folder, replays the archived WAL up to the target time (or its end), lets the copy
 * promote itself, verifies its ledger, and removes it. The copy never archives (it would write a new
 * timeline into the production repository) and trusts only its own socket.
 */
export async function restoreDrill(options: DrillOptions): Promise<DrillResult> {
  const started = Date.now();
  const bin = postgresBinaries();
  if (!bin) throw new Error('未安装 PostgreSQL（apt-get install postgresql）');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'restore-drill-'));
  const data = path.join(dir, 'data');
  fs.mkdirSync(data, { mode: 0o700 });
  fs.writeFileSync(path.join(dir, 'pg_hba.conf'), 'local all all trust\n');
  await handToPostgres(dir);
  const pgCtl = (...args: string[]) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  let running = false;
  let kept = false;
  try {
    options.log(`从 pgBackRest 恢复最新备份到 ${data} ...`);
    await asPostgres('pgbackrest', [
      ...(options.config ? [`--config=${options.config}`] : []),
      `--stanza=${options.stanza}`,
      `--pg1-path=${data}`,
      ...(options.targetTime
        ? ['--type=time', `--target=${pgbackrestTime(options.targetTime)}`, '--target-action=promote']
        : []),
      'restore',
    ]);
    // Debian keeps postgresql.conf and pg_ident.conf outside the data folder, so a backup holds none.
    for (const file of ['postgresql.conf', 'pg_ident.conf']) {
      const at = path.join(data, file);
      if (!fs.existsSync(at)) fs.writeFileSync(at, '');
    }
    await handToPostgres(dir);
    options.log('重放 WAL ...');
    const settings = [
      `-p ${SOCKET_PORT}`,
      `-k ${dir}`,
      "-c listen_addresses=''",
      `-c hba_file=${path.join(dir, 'pg_hba.conf')}`,
      '-c archive_mode=off',
      // Connections wait for the end of recovery; hot standby would also need every limit at least
      // the primary's (max_connections, ...), which the copy need not know.
      '-c hot_standby=off',
    ].join(' ');
    running = true;
    // -w returns once recovery has begun (without hot standby PostgreSQL then reports "standby").
    await pgCtl('-l', path.join(dir, 'server.log'), '-w', '-t', '600', 'start', '-o', settings);
    const url = `postgres://postgres@localhost/${options.database}?host=${dir}&port=${SOCKET_PORT}`;
    const restored = await openDatabase({ url, poolSize: 2 });
    try {
      const replayed = await promoted(restored.db, () => pgCtl('status'));
      options.log('核对账本 ...');
      const report = await verifyAll(restored.db, new Ledger(restored.db, systemClock));
      kept = options.keep;
      return {
        recoveryPoint: replayed,
        durationMs: Date.now() - started,
        report,
        ...(options.keep
          ? {
              kept: {
                url,
                stop: `runuser -u postgres -- ${path.join(bin, 'pg_ctl')} -D ${data} -m fast stop && rm -rf ${dir}`,
              },
            }
          : {}),
      };
    } finally {
      await restored.close();
    }
  } catch (error) {
    const log = path.join(dir, 'server.log');
    if (fs.existsSync(log)) options.log(fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n'));
    throw error;
  } finally {
    if (!kept) {
      if (running) await pgCtl('-m', 'fast', '-w', 'stop').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
}

/**
 * Waits until the restored instance has replayed its WAL and promoted itself, and answers the commit
 * time of the last transaction replayed (it stays readable after promotion). Fails at once when the
 * server has stopped (recovery failed: its log says why).
 */
async function promoted(db: Db, alive: () => Promise<unknown>): Promise<Date | undefined> {
  for (;;) {
    const state = await db
      .execute('SELECT pg_is_in_recovery() AS recovering, pg_last_xact_replay_timestamp() AS replayed')
      .then((r) => (r as unknown as { rows: { recovering: boolean; replayed: Date | null }[] }).rows[0])
      .catch(() => undefined);
    if (state && !state.recovering) return state.replayed ? new Date(state.replayed) : undefined;
    if (
      !(await alive().then(
        () => true,
        () => false,
      ))
    )
      throw new Error('恢复失败：PostgreSQL 已停止（见上面的日志）');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
