import http from 'node:http';
import { ReviewState } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client';
import { PendingState } from '../db/schema/ledger';

/** A connection pool's counts, as node-postgres keeps them (PostgreSQL only). */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

const reconciliationOutcomes = ['settled', 'refunded', 'unanswered'] as const;

/**
 * What one server process measures, in Prometheus's text format (prom-client): requests, the pool,
 * the event loop, jobs, and the figures an operator watches (money movements, transfers awaiting
 * settlement, reconciliation, review queues, the last ledger verification). The business gauges are
 * read from the database when scraped, so every node reports the platform's figures.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly http = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly shedRequests = new Counter({
    name: 'http_requests_shed_total',
    help: 'Requests answered 503 before any work because the node was past its capacity, by the limit passed',
    labelNames: ['excess'] as const,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Job runs in this process by job and outcome (completed, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly jobSucceededAt = new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: "When a run of the job last completed in this process (the newest across nodes is the platform's)",
    labelNames: ['job'] as const,
    registers: [this.registry],
  });
  private readonly jobLag = new Histogram({
    name: 'job_lag_seconds',
    help: 'From a job being queued to a worker starting it',
    labelNames: ['job'] as const,
    buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long job runs took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [this.registry],
  });
  private readonly movements = new Counter({
    name: 'money_movements_total',
    help: 'Ledger movements by kind and result (applied, replayed, insufficient, reserved, already)',
    labelNames: ['kind', 'result'] as const,
    registers: [this.registry],
  });
  private readonly reconciliation = new Counter({
    name: 'venue_reconciliation_outcomes_total',
    help: 'Venue transfers the reconciliation job concluded, by outcome',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly ledgerCheck = new Gauge({
    name: 'ledger_verification_ok',
    help: 'The last ledger verification of this process: 1 sound, 0 violations found',
    registers: [this.registry],
  });
  private readonly ledgerViolations = new Gauge({
    name: 'ledger_verification_violations',
    help: 'Violations the last ledger verification of this process found',
    registers: [this.registry],
  });
  private readonly ledgerCheckedAt = new Gauge({
    name: 'ledger_verification_timestamp_seconds',
    help: 'When this process last verified the ledger',
    registers: [this.registry],
  });

  constructor(db: Db, pool: () => PoolCounts | undefined) {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
    const poolGauge = (name: string, help: string, read: (p: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          const counts = pool();
          if (counts) this.set(read(counts));
        },
      });
    poolGauge('db_pool_in_use', 'Database connections checked out', (p) => p.totalCount - p.idleCount);
    poolGauge('db_pool_waiting', 'Queries waiting for a database connection', (p) => p.waitingCount);
    // One reading of the database per scrape (prom-client collects every metric at once), none
    // while the database is away: the scrape still answers with the process's own figures.
    let reading: Promise<Awaited<ReturnType<typeof platformFigures>> | undefined> | undefined;
    const figures = () => {
      reading ??= platformFigures(db)
        .catch(() => undefined)
        .finally(() => setImmediate(() => (reading = undefined)));
      return reading;
    };
    new Gauge({
      name: 'platform_database_up',
      help: 'Whether the database answered the last scrape (1) or not (0)',
      registers: [this.registry],
      async collect() {
        this.set((await figures()) ? 1 : 0);
      },
    });
    const oldest = new Gauge({
      name: 'venue_transfer_oldest_awaiting_seconds',
      help: 'Age of the oldest venue transfer awaiting settlement (0: none)',
      registers: [this.registry],
    });
    new Gauge({
      name: 'platform_queue_oldest_seconds',
      help: 'Age of the oldest item waiting, by review queue: deposit_review, withdrawal_review (0: none)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const f = await figures();
        if (!f) return this.reset();
        this.set({ queue: 'deposit_review' }, f.oldestDepositSeconds);
        this.set({ queue: 'withdrawal_review' }, f.oldestWithdrawalSeconds);
      },
    });
    new Gauge({
      name: 'platform_queue_depth',
      help: 'Work waiting, by queue: deposit_review, withdrawal_review, venue_transfers_awaiting_settlement',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const f = await figures();
        if (!f) {
          this.reset();
          oldest.reset();
          return;
        }
        this.set({ queue: 'deposit_review' }, f.deposits);
        this.set({ queue: 'withdrawal_review' }, f.withdrawals);
        this.set({ queue: 'venue_transfers_awaiting_settlement' }, f.transfers);
        oldest.set(f.oldestTransferSeconds);
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.http.observe({ method, route, status: String(status) }, seconds);
  }

  shed(excess: string): void {
    this.shedRequests.inc({ excess });
  }

  movement(kind: string, result: string): void {
    this.movements.inc({ kind, result });
  }

  started(job: string, lagSeconds: number): void {
    this.jobLag.observe({ job }, lagSeconds);
  }

  /** After a job run; the results read are those of the jobs named here (jobs/interval-jobs.ts). */
  finished(job: string, outcome: 'completed' | 'failed', seconds: number, result?: unknown): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job }, seconds);
    if (outcome === 'completed') this.jobSucceededAt.set({ job }, Date.now() / 1_000);
    if (outcome !== 'completed' || typeof result !== 'object' || result === null) return;
    if (job === 'venue-reconciliation') {
      const counts = result as Partial<Record<(typeof reconciliationOutcomes)[number], number>>;
      for (const o of reconciliationOutcomes) this.reconciliation.inc({ outcome: o }, counts[o] ?? 0);
    }
    if (job === 'ledger-verification') {
      const report = result as { violations: readonly unknown[] };
      this.ledgerCheck.set(report.violations.length === 0 ? 1 : 0);
      this.ledgerViolations.set(report.violations.length);
      this.ledgerCheckedAt.set(Date.now() / 1_000);
    }
  }

  /**
   * Serves GET /metrics on its own port (METRICS_PORT), never the public one: a scraper reaches it
   * on the host's private address; it has no token to leak.
   */
  async listen(port: number, host: string): Promise<http.Server> {
    const server = http.createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    return server;
  }
}

async function platformFigures(db: Db) {
  const age = (oldest: ReturnType<typeof sql>) =>
    sql`coalesce((SELECT extract(epoch FROM now() - min(created_at)) ${oldest}), 0)::float8`;
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*) FROM deposits WHERE state = ${ReviewState.pending})::int AS deposits,
      (SELECT count(*) FROM ledger_pending WHERE state = ${PendingState.pending} AND kind = 'withdrawal')::int AS withdrawals,
      (SELECT count(*) FROM ledger_pending WHERE state = ${PendingState.pending} AND kind IN ('venue_in', 'venue_out'))::int AS transfers,
      ${age(sql`FROM ledger_pending WHERE state = ${PendingState.pending} AND kind IN ('venue_in', 'venue_out')`)} AS oldest,
      ${age(sql`FROM deposits WHERE state = ${ReviewState.pending}`)} AS oldest_deposit,
      ${age(sql`FROM ledger_pending WHERE state = ${PendingState.pending} AND kind = 'withdrawal'`)} AS oldest_withdrawal`);
  const [row] = (
    result as unknown as {
      rows: {
        deposits: number;
        withdrawals: number;
        transfers: number;
        oldest: number;
        oldest_deposit: number;
        oldest_withdrawal: number;
      }[];
    }
  ).rows;
  return {
    deposits: row?.deposits ?? 0,
    withdrawals: row?.withdrawals ?? 0,
    transfers: row?.transfers ?? 0,
    oldestTransferSeconds: Number(row?.oldest ?? 0),
    oldestDepositSeconds: Number(row?.oldest_deposit ?? 0),
    oldestWithdrawalSeconds: Number(row?.oldest_withdrawal ?? 0),
  };
}
