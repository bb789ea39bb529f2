import { ledgerCheckSchema } from '@app/contract/admin/reports';
import { toBeijingString } from '@app/contract/time';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { LedgerReport } from '../../ledger/ledger';
import { readSetting, type SettingDefinition, writeSetting } from '../settings/service';

type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

/** The last verification's outcome, kept where every server process reads it (none yet: null). */
const ledgerCheckSetting: SettingDefinition<LedgerCheck | null> = {
  key: 'ledger_check',
  schema: ledgerCheckSchema.nullable(),
  reference: null,
};

/** Verifies the ledger (the ten-minute job) and records the outcome for the dashboard. */
export async function verifyAndRecordLedger(ctx: AppContext): Promise<LedgerReport> {
  const report = await ctx.ledger.verify();
  await writeSetting(ctx.db, ledgerCheckSetting, {
    at: toBeijingString(ctx.clock.now()),
    ok: report.violations.length === 0,
    violations: report.violations.length,
    accounts: report.accounts,
    transfers: report.transfers,
  });
  return report;
}

export const lastLedgerCheck = (ctx: AppContext) => readSetting(ctx.db, ledgerCheckSetting);
