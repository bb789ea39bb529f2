import type { Config } from '../config';
import type { AppContext } from '../context';
import { purgeIdempotencyKeys } from '../lib/idempotency';
import { ingestBets } from '../modules/bet-feed/service';
import { expireUnpaidDeposits } from '../modules/deposits/service';
import { verifyAndRecordLedger } from '../modules/reports/service';
import { reconcileVenueTransfers } from '../modules/wallet/service';

export interface IntervalJob {
  name: string;
  /** One run per interval across every server process. */
  everySeconds: number;
  run(ctx: AppContext): Promise<unknown>;
}

const RECONCILIATION = 'venue-reconciliation';

/** Jobs that run every few seconds, each once per interval however many server processes there are. */
export const INTERVAL_JOBS: IntervalJob[] = [
  { name: RECONCILIATION, everySeconds: 30, run: reconcileVenueTransfers },
  { name: 'deposit-expiry', everySeconds: 60, run: expireUnpaidDeposits },
  // The sandbox stands in for an outside gateway, which retries its own notifications.
  { name: 'sandbox-notify-retry', everySeconds: 30, run: (ctx) => ctx.gateway.redeliver() },
  { name: 'bet-ingestion', everySeconds: 2, run: ingestBets },
  { name: 'demo-venue-session-sweep', everySeconds: 3_600, run: (ctx) => ctx.demoVenue.sessions.sweep() },
  // Keys are answered for at least 24 hours (lib/idempotency.ts), then forgotten.
  { name: 'idempotency-key-purge', everySeconds: 3_600, run: purgeIdempotencyKeys },
  // Its result is the ledger_verification_* metrics (an alert on violations pages the operator) and
  // the dashboard's last verification.
  { name: 'ledger-verification', everySeconds: 600, run: verifyAndRecordLedger },
];

/** The interval jobs with the configuration's intervals: reconciliation's VENUE_RECONCILIATION_SECONDS when set. */
export const intervalJobs = (config: Pick<Config, 'reconciliationSeconds'>): IntervalJob[] =>
  INTERVAL_JOBS.map((job) =>
    job.name === RECONCILIATION && config.reconciliationSeconds !== undefined
      ? { ...job, everySeconds: config.reconciliationSeconds }
      : job,
  );
