import { createHash } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { CATCH_UP_DAYS, closedDays, DAILY_JOBS, type DailyJob, databaseNow } from './daily-jobs';
import { INTERVAL_JOBS, type IntervalJob, intervalJobs } from './interval-jobs';
import { pgliteJobDb } from './pglite-job-db';

/** Where pg-boss keeps its queues and jobs (its own schema, migrated by pg-boss under its own lock). */
export const JOB_SCHEMA = 'pgboss';

/** What the runner reports about each run (the metrics listen). */
export interface JobObserver {
  started(job: string, lagSeconds: number): void;
  finished(job: string, outcome: 'completed' | 'failed', seconds: number, result?: unknown): void;
}

export interface JobLog {
  debug(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

/** How often each process offers the daily jobs their closed days (each day is queued once). */
const DAILY_CHECK_SECONDS = 60;
/**
 * A run's lease, on the database's clock: pg-boss's expire_in of the run, which the process running
 * it renews every `renewSeconds` while the run works. A process that dies (kill -9, a lost machine)
 * renews nothing: within `renewSeconds` of its lease lapsing a surviving process hands the run back
 * to the queue, and works it at once. A lease outlives a database restart of a few seconds.
 */
export interface Lease {
  seconds: number;
  renewSeconds: number;
}
const LEASE: Lease = { seconds: 12, renewSeconds: 3 };
/**
 * What pg-boss keeps, for every queue (pg-boss 10 sets this per schema, not per queue): a finished
 * run moves from the queue's table to pgboss.archive after an hour (a failed one after a week), and
 * the archive is kept one day longer than a daily job offers a day. A daily run found in either is
 * not queued again; the interval jobs' slots are all shorter than the hour.
 */
const RETENTION = {
  archiveCompletedAfterSeconds: 3_600,
  archiveFailedAfterSeconds: 7 * 86_400,
  deleteAfterDays: CATCH_UP_DAYS + 1,
} as const;
/**
 * pg-boss 10's back-off waits retryDelay × 2^n × (1 to 2, jittered) before retry n + 1, with no
 * ceiling of its own: the delays are chosen so that the last wait stays under a minute for the
 * interval jobs (at most 16 s) and under an hour for the daily jobs (at most 3,584 s).
 */
const INTERVAL_RETRY = { retryLimit: 3, retryDelay: 2, retryBackoff: true } as const;
const DAILY_RETRY = { retryLimit: 8, retryDelay: 14, retryBackoff: true } as const;

type Retry = Required<PgBoss.RetryOptions>;

/** Which jobs to run (all, at the configuration's intervals, by default) and, for tests, quicker retries. */
interface StartOptions {
  intervals?: IntervalJob[];
  daily?: DailyJob[];
  retry?: Retry;
}

/** One run of a job as pg-boss keeps it. */
export interface Run {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  output: unknown;
  createdOn: Date;
}

interface QueuedData {
  /** When the job was queued, in epoch milliseconds: its lag is measured from here. */
  queuedAt: number;
  day?: string;
}

/** The job of one daily job and day has this id: queuing it again is a no-op while its record is kept. */
export function dailyJobId(job: string, day: string): string {
  const h = createHash('sha1').update(`${job}:${day}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * A run's result as pg-boss 10 stores it (the job's output, through JSON.stringify, which refuses a
 * bigint: amounts in cents are bigints here, kept as their decimal strings).
 */
const storable = (result: unknown): unknown =>
  result === undefined
    ? undefined
    : JSON.parse(
        JSON.stringify(result, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
      );

/** How long a stop waits for the runs under way. */
const STOP_WAIT_MS = 15_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  wait(ms, undefined, signal ? { signal } : {}).catch(() => undefined);

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

const dailyQueue = (job: DailyJob) => `daily.${job.name}`;

const intervalQueueOf = (job: IntervalJob, retry: Retry, lease: Lease): PgBoss.Queue => ({
  name: job.name,
  policy: 'singleton',
  ...retry,
  expireInSeconds: lease.seconds,
});
const dailyQueueOf = (job: DailyJob, retry: Retry, lease: Lease): PgBoss.Queue => ({
  name: dailyQueue(job),
  ...retry,
  expireInSeconds: lease.seconds,
});

/**
 * Creates a queue unless it exists. pg-boss 10 creates a queue (a partition of pgboss.job) without
 * its schema lock, so two processes starting together can deadlock on it; PostgreSQL then aborts
 * one of them, which tries again (creating is a no-op once the queue exists). The settings are
 * applied to a queue that exists too: one made by an earlier version keeps its own otherwise (the
 * run's expiry that was its lease, say).
 */
async function createQueue(boss: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(queue.name, queue);
      return await boss.updateQueue(queue.name, queue);
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 5) throw err;
      await sleep(50 + Math.random() * 200 * attempt);
    }
  }
}

/**
 * pg-boss's schema and every queue (each a table of its own), made with the owner role's address
 * (DATABASE_MIGRATION_URL): the API's role, which owns no table, then only uses them, and its
 * pg-boss starts without migrating (a queue that exists is not created again).
 */
export async function installJobSchema(connectionString: string): Promise<void> {
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    schedule: false,
    supervise: false,
    ...RETENTION,
    connectionString,
    max: 1,
    application_name: 'platform-migrate',
  });
  await boss.start();
  try {
    for (const job of INTERVAL_JOBS) await createQueue(boss, intervalQueueOf(job, INTERVAL_RETRY, LEASE));
    for (const job of DAILY_JOBS) await createQueue(boss, dailyQueueOf(job, DAILY_RETRY, LEASE));
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/**
 * The background jobs on pg-boss, in the platform's database: each interval job runs once per
 * interval across every server process (every process offers a job for the interval's slot, the
 * slot's unique key keeps one; a singleton queue lets one run at a time), each daily job once per
 * Beijing day. Workers claim jobs with FOR UPDATE SKIP LOCKED; a failed run is retried with
 * exponential back-off and, once out of retries, stays in pgboss.job with state 'failed' and its
 * error for a week, then in pgboss.archive (see RETENTION). On the embedded database the same queues
 * run in-process on PGlite (pgliteJobDb).
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private readonly timers: NodeJS.Timeout[] = [];
  /** The workers' loops: a stop waits for the runs under way (up to STOP_WAIT_MS). */
  private readonly workers: Promise<unknown>[] = [];
  /** Wakes the idle workers at a stop. */
  private readonly idle = new AbortController();
  /** Wakes a queue's idle worker in this process (a run handed back to it). */
  private readonly alarms = new Map<string, AbortController>();
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    database: Database,
    private readonly log: JobLog,
    private readonly observer?: JobObserver,
    /** Tests shorten it, to prove in seconds what the production lease takes tens of seconds to. */
    private readonly lease: Lease = LEASE,
  ) {
    // pg-boss 10 keeps no warnings table and no instance registry (12's persistWarnings and
    // registerInstance, both turned off here before): nothing to set. Its cron (and the clock-skew
    // check that serves it) is off: the offers above are the schedule.
    const common = { schema: JOB_SCHEMA, schedule: false, ...RETENTION };
    if (database.pglite) {
      this.boss = new PgBoss({ ...common, db: pgliteJobDb(database.pglite) });
    } else {
      this.boss = new PgBoss({
        ...common,
        // Under a role that owns no table, the schema is the owner's to install (installJobSchema).
        migrate: !ctx.config.databaseMigrationUrl,
        connectionString: database.url,
        max: 3,
        application_name: 'platform-jobs',
      });
    }
    this.boss.on('error', (err: unknown) => log.error({ err }, 'jobs: pg-boss error'));
  }

  /** Installs or migrates pg-boss's schema, creates the queues and starts the workers and the offers. */
  async start(options: StartOptions = {}): Promise<void> {
    await this.boss.start();
    for (const job of options.intervals ?? intervalJobs(this.ctx.config)) {
      await this.startInterval(job, options.retry ?? INTERVAL_RETRY);
    }
    const daily = options.daily ?? DAILY_JOBS;
    for (const job of daily) {
      await createQueue(this.boss, dailyQueueOf(job, options.retry ?? DAILY_RETRY, this.lease));
      this.work(dailyQueue(job), 2, job.name, (data) => job.run(this.ctx, data?.day ?? ''));
    }
    if (daily.length > 0)
      await this.every(DAILY_CHECK_SECONDS, 'queueing', () => this.queueClosedDays(daily));
    await this.every(this.lease.renewSeconds, 'taking over lapsed runs', () => this.takeOverLapsedRuns());
  }

  /** Queues each daily job for every closed day it has not run for; answers how many were new. */
  async queueClosedDays(jobs: DailyJob[] = DAILY_JOBS): Promise<number> {
    const days = closedDays(await databaseNow(this.ctx));
    let queued = 0;
    for (const job of jobs) {
      for (const day of days) {
        const id = dailyJobId(job.name, day);
        // Already run and archived: not queued again. Otherwise the id is the queue's key, and a
        // second process offering the same day inserts nothing.
        if (await this.boss.getJobById(dailyQueue(job), id, { includeArchive: true })) continue;
        const data: QueuedData = { day, queuedAt: Date.now() };
        if (await this.boss.send(dailyQueue(job), data, { id })) queued++;
      }
    }
    return queued;
  }

  /**
   * The runs of a job, newest first, as pg-boss keeps them (state, retries, error output), in its
   * queue and in its archive (pg-boss 10 answers one job by id only; these are its own tables).
   */
  async runsOf(queue: string): Promise<Run[]> {
    const columns = `id, state, retry_count AS "retryCount", output, created_on AS "createdOn"`;
    const { rows } = await this.boss
      .getDb()
      .executeSql(
        `SELECT ${columns} FROM ${JOB_SCHEMA}.job WHERE name = $1 UNION ALL SELECT ${columns} FROM ${JOB_SCHEMA}.archive WHERE name = $1 ORDER BY "createdOn" DESC`,
        [queue],
      );
    return rows as Run[];
  }

  /** Stops offering, waits for the runs under way (a graceful shutdown waits for it), closes. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.idle.abort();
    await Promise.race([Promise.all(this.workers), sleep(STOP_WAIT_MS)]);
    await this.boss.stop({ graceful: true, timeout: STOP_WAIT_MS, close: true });
  }

  private async startInterval(job: IntervalJob, retry: Retry): Promise<void> {
    await createQueue(this.boss, intervalQueueOf(job, retry, this.lease));
    this.work(job.name, Math.min(5, Math.max(0.5, job.everySeconds / 4)), job.name, () => job.run(this.ctx));
    // pg-boss's own cron is per minute; bet ingestion runs every 2 s. A throttled send keeps one job
    // per slot of the interval (a unique key on the slot, on the database's clock) whichever
    // process offers it, so every process offers and none is special.
    await this.every(job.everySeconds, 'queueing', async () => {
      // Queued by this process: its idle worker of the queue claims the run now, not at its next poll.
      if (await this.boss.sendThrottled(job.name, { queuedAt: Date.now() }, {}, job.everySeconds))
        this.alarms.get(job.name)?.abort();
    });
  }

  /**
   * Hands every run whose lease has lapsed back to its queue, to start now (pg-boss's own expiry
   * runs at its maintenance, every two minutes, after the retry's back-off): its process died, which
   * is no failure of the job's. It counts as one of the run's retries, and a run out of retries
   * fails. Several processes may check at once: a row handed back by one is no longer active for
   * the others. This process's idle workers of those queues claim them at once.
   */
  private async takeOverLapsedRuns(): Promise<void> {
    const { rows } = await this.boss.getDb().executeSql(
      `UPDATE ${JOB_SCHEMA}.job SET
         state = (CASE WHEN retry_count < retry_limit THEN 'retry' ELSE 'failed' END)::${JOB_SCHEMA}.job_state,
         start_after = now(),
         completed_on = CASE WHEN retry_count < retry_limit THEN NULL ELSE now() END,
         output = '{"message": "lease lapsed: the process running it stopped"}'::jsonb
       WHERE state = 'active' AND started_on + expire_in < now()
       RETURNING name`,
      [],
    );
    for (const { name } of rows as { name: string }[]) {
      this.log.error({ queue: name }, 'jobs: a run whose process stopped renewing its lease was taken over');
      this.alarms.get(name)?.abort();
    }
  }

  /**
   * Works a queue in this process: claims one job at a time (pg-boss's fetch, FOR UPDATE SKIP
   * LOCKED), runs it while renewing its lease, and records the outcome, waiting for that write.
   * (pg-boss 10's own `work` does not wait for it: a write failing while the database restarts would
   * be an unhandled rejection, which stops the process.) A write that fails is logged; the run stays
   * active until its lease lapses, and a process then hands it back to the queue.
   */
  private work(
    queue: string,
    pollSeconds: number,
    name: string,
    run: (data: QueuedData | undefined) => Promise<unknown>,
  ): void {
    const loop = async () => {
      while (!this.stopped) {
        // Set before the claim: a run queued or handed back while the claim finds nothing wakes it.
        const alarm = new AbortController();
        this.alarms.set(queue, alarm);
        // A failed claim (the database restarting) is logged and tried again at the next poll: a
        // worker that stopped here would leave its queue unworked in this process for good.
        const [job] = await this.boss
          .fetch<QueuedData>(queue, { includeMetadata: true })
          .catch((err: unknown) => {
            this.log.error({ err, queue }, 'jobs: claiming failed');
            return [];
          });
        if (!job) {
          await sleep(pollSeconds * 1_000, AbortSignal.any([alarm.signal, this.idle.signal]));
          continue;
        }
        let held = true;
        const lease = setInterval(async () => {
          held = (await this.keepLease(queue, job, name)) && held;
        }, this.lease.renewSeconds * 1_000);
        const outcome = await this.execute(name, job.data, () => run(job.data)).finally(() =>
          clearInterval(lease),
        );
        // Taken over: the run (same id) is another process's now, and so is its outcome. Renewed
        // here, it cannot be taken over before its outcome is written.
        if (!(held && (await this.keepLease(queue, job, name)))) continue;
        const recorded =
          'result' in outcome
            ? this.boss.complete(queue, job.id, outcome.result as object)
            : this.boss.fail(queue, job.id, outcome.error as object);
        await recorded.catch((err: unknown) =>
          this.log.error({ err, job: name }, 'jobs: outcome not recorded'),
        );
      }
    };
    this.workers.push(loop().catch((err: unknown) => this.log.error({ err, queue }, 'jobs: worker stopped')));
  }

  /**
   * Renews a run's lease while it works; false once the run has been taken over (this process cut
   * off from the database for longer than a lease), when it may run elsewhere too: the jobs are
   * safe to run twice at once (keyed writes, compare-and-set cursors), and this is logged.
   */
  private async keepLease(
    queue: string,
    run: { id: string; retryCount: number },
    name: string,
  ): Promise<boolean> {
    try {
      // A run taken over and claimed again keeps its id; its retry count tells the claims apart.
      const { rows } = await this.boss.getDb().executeSql(
        `UPDATE ${JOB_SCHEMA}.job SET expire_in = now() - started_on + $4 * interval '1 second'
           WHERE name = $1 AND id = $2 AND retry_count = $3 AND state = 'active' RETURNING id`,
        [queue, run.id, run.retryCount, this.lease.seconds],
      );
      if (rows.length === 0) this.log.error({ job: name }, 'jobs: lease lost: the run was taken over');
      return rows.length > 0;
    } catch (err) {
      this.log.error({ err, job: name }, 'jobs: lease not renewed');
      return true;
    }
  }

  /** Does `step` now (a start waits for its first offers) and then every `seconds`. */
  private async every(seconds: number, what: string, step: () => Promise<unknown>): Promise<void> {
    const tick = async () => {
      if (this.stopped) return;
      await step().catch((err: unknown) => this.log.error({ err }, `jobs: ${what} failed`));
    };
    this.timers.push(setInterval(() => void tick(), seconds * 1_000));
    await tick();
  }

  private async execute(
    name: string,
    data: QueuedData | undefined,
    run: () => Promise<unknown>,
  ): Promise<{ result: unknown } | { error: unknown }> {
    const started = Date.now();
    this.observer?.started(name, data ? Math.max(0, started - data.queuedAt) / 1_000 : 0);
    try {
      const result = await run();
      this.observer?.finished(name, 'completed', (Date.now() - started) / 1_000, result);
      this.log.debug({ job: name, result }, 'job ran');
      return { result: storable(result) };
    } catch (error) {
      this.observer?.finished(name, 'failed', (Date.now() - started) / 1_000);
      this.log.error({ job: name, err: error }, 'job failed: retried with back-off');
      return { error };
    }
  }
}
