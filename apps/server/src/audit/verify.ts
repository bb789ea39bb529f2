import type { Db } from '../db/client';
import type { Ledger, LedgerReport } from '../ledger/ledger';
import { verifyHoldings } from './holdings';

/** Everything `ledger:verify` checks: the ledger's own invariants, then the holdings behind it. */
export async function verifyAll(db: Db, ledger: Ledger): Promise<LedgerReport> {
  const report = await ledger.verify();
  return { ...report, violations: [...report.violations, ...(await verifyHoldings(db))] };
}
