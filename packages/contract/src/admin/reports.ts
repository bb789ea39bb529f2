import { z } from 'zod';
import { isCalendarDay } from '../time';
import type { ColumnSpec } from './players';

/**
 * Reports (issue 18), by Beijing day and over a range of days, computed from the ledger and the
 * records (deposits, bets, players), never from a counter. Amounts in the wallet's unit (U).
 */
export const REPORT_MAX_DAYS = 93;

const day = z.string().refine(isCalendarDay, '日期格式应为 YYYY-MM-DD');
export const reportQuerySchema = z
  .object({ from: day, to: day })
  .refine((q) => q.from <= q.to, { message: '开始日期不能晚于结束日期' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < REPORT_MAX_DAYS, {
    message: `一次最多查询 ${REPORT_MAX_DAYS} 天`,
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const countAmount = z.object({ count: z.number(), amount: z.number() });

export const reportFiguresSchema = z.object({
  deposits: countAmount,
  deposit_channels: z.array(countAmount.extend({ channel: z.string(), name: z.string() })),
  withdrawals: countAmount.extend({ fees: z.number() }),
  net_deposits: z.number(),
  bets: z.object({ count: z.number(), stake: z.number(), valid: z.number() }),
  /** Per venue: stakes minus payouts (the house's result; negative when players won). */
  game_results: z.array(z.object({ venue: z.string(), name: z.string(), result: z.number() })),
  game_result: z.number(),
  bonuses: z.object({
    red_packets: z.number(),
    rebates: z.number(),
    activity_bonuses: z.number(),
    manual_credits: z.number(),
    total: z.number(),
  }),
  registrations: z.number(),
  first_depositors: z.number(),
  active_players: z.number(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const dayReportSchema = reportFiguresSchema.extend({ day: z.string() });
export type DayReport = z.infer<typeof dayReportSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(dayReportSchema),
  total: reportFiguresSchema,
});
export type Report = z.infer<typeof reportSchema>;

const money = (key: string, title: string): ColumnSpec => ({ key, title, kind: 'money' });

/** The report's columns, one row a day (the CSV export and the console's table). */
export const REPORT_COLUMNS: readonly ColumnSpec[] = [
  { key: 'day', title: '日期' },
  { key: 'deposit_count', title: '充值笔数' },
  money('deposit_amount', '充值金额'),
  { key: 'withdrawal_count', title: '取款笔数' },
  money('withdrawal_amount', '取款金额'),
  money('withdrawal_fees', '取款手续费'),
  money('net_deposits', '净充值'),
  { key: 'bet_count', title: '注单数' },
  money('bet_stake', '投注额'),
  money('bet_valid', '有效投注'),
  money('game_result', '游戏盈亏'),
  money('red_packets', '红包'),
  money('rebates', '返水'),
  money('activity_bonuses', '活动彩金'),
  money('manual_credits', '人工加款'),
  { key: 'registrations', title: '注册人数' },
  { key: 'first_depositors', title: '首充人数' },
  { key: 'active_players', title: '活跃玩家' },
];

/** A day's (or the total's) figures as one flat row of REPORT_COLUMNS. */
export function reportRow(label: string, f: ReportFigures): Record<string, string | number> {
  return {
    day: label,
    deposit_count: f.deposits.count,
    deposit_amount: f.deposits.amount,
    withdrawal_count: f.withdrawals.count,
    withdrawal_amount: f.withdrawals.amount,
    withdrawal_fees: f.withdrawals.fees,
    net_deposits: f.net_deposits,
    bet_count: f.bets.count,
    bet_stake: f.bets.stake,
    bet_valid: f.bets.valid,
    game_result: f.game_result,
    red_packets: f.bonuses.red_packets,
    rebates: f.bonuses.rebates,
    activity_bonuses: f.bonuses.activity_bonuses,
    manual_credits: f.bonuses.manual_credits,
    registrations: f.registrations,
    first_depositors: f.first_depositors,
    active_players: f.active_players,
  };
}

/** The last ledger verification, as the job that runs it every ten minutes recorded it. */
export const ledgerCheckSchema = z.object({
  at: z.string(),
  ok: z.boolean(),
  violations: z.number(),
  accounts: z.number(),
  transfers: z.number(),
});

/** The console's home for 超级管理员, 财务 and 审计: today against yesterday, what waits, the last 30 days. */
export const dashboardSchema = z.object({
  today: dayReportSchema,
  yesterday: dayReportSchema,
  queues: z.object({
    deposits: z.number(),
    withdrawals: z.number(),
    adjustments: z.number(),
    transfers: z.number(),
    /** Agents' commission statements waiting for a decision (issue 29). */
    commission_statements: z.number(),
  }),
  ledger_check: ledgerCheckSchema.nullable(),
  last_30_days: z.array(dayReportSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
