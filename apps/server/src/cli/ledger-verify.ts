import { centsToAmount, formatMoney } from '@app/contract/money';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { Ledger, verifyAll } from '../ledger/ledger';
import { systemClock } from '../lib/clock';

/** `npm run ledger:verify`: checks the ledger invariants of the configured database; exit 1 on any violation. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const report = await verifyAll(database.db, new Ledger(database.db, systemClock));
  console.log(
    `ledger: ${report.accounts} accounts, ${report.transfers} transfers, total ${formatMoney(centsToAmount(report.total))}`,
  );
  for (const v of report.violations) console.error(`VIOLATION ${v}`);
  console.log(
    report.violations.length === 0 ? 'ledger OK' : `ledger BROKEN: ${report.violations.length} violation(s)`,
  );
  process.exitCode = report.violations.length === 0 ? 0 : 1;
} finally {
  await database.close();
}
