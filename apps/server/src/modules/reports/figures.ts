import type { DayReport, Report, ReportFigures } from '@app/contract/admin/reports';
import { centsToAmount } from '@app/contract/money';
import { beijingDayStart } from '@app/contract/time';
import type { Queryable } from '../../db/client';
import * as repo from './repository';

/**
 * The report's figures, by Beijing day, read from the ledger (money that moved: deposits credited,
 * withdrawals paid and their fees, bonuses, the venues' results) and from the records (bets,
 * registrations); nothing is read from a counter kept beside them.
 */

/** Ledger kinds of the bonuses a player is paid. `activity_bonus`: approved activity applications. */
export const BONUS_KINDS = {
  red_packets: 'red_packet',
  rebates: 'rebate',
  activity_bonuses: 'activity_bonus',
  manual_credits: 'operator_credit',
} as const;

const cents = (v: unknown): bigint => BigInt(String(v ?? 0).split('.')[0] || '0');
const int = (v: unknown): number => Number(v ?? 0);

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

interface Totals {
  deposits: { count: number; cents: bigint };
  channels: Map<string, { name: string; count: number; cents: bigint }>;
  withdrawals: { count: number; cents: bigint; fees: bigint };
  bets: { count: number; stake: bigint; valid: bigint };
  venues: Map<string, { name: string; cents: bigint }>;
  bonuses: Record<keyof typeof BONUS_KINDS, bigint>;
  registrations: number;
  firstDepositors: number;
  activePlayers: number;
}

const emptyTotals = (): Totals => ({
  deposits: { count: 0, cents: 0n },
  channels: new Map(),
  withdrawals: { count: 0, cents: 0n, fees: 0n },
  bets: { count: 0, stake: 0n, valid: 0n },
  venues: new Map(),
  bonuses: { red_packets: 0n, rebates: 0n, activity_bonuses: 0n, manual_credits: 0n },
  registrations: 0,
  firstDepositors: 0,
  activePlayers: 0,
});

function figuresOf(t: Totals): ReportFigures {
  const gameCents = [...t.venues.values()].reduce((sum, v) => sum + v.cents, 0n);
  const bonusCents = Object.values(t.bonuses).reduce((sum, v) => sum + v, 0n);
  return {
    deposits: { count: t.deposits.count, amount: centsToAmount(t.deposits.cents) },
    deposit_channels: [...t.channels].map(([channel, c]) => ({
      channel,
      name: c.name,
      count: c.count,
      amount: centsToAmount(c.cents),
    })),
    withdrawals: {
      count: t.withdrawals.count,
      amount: centsToAmount(t.withdrawals.cents),
      fees: centsToAmount(t.withdrawals.fees),
    },
    net_deposits: centsToAmount(t.deposits.cents - t.withdrawals.cents),
    bets: { count: t.bets.count, stake: centsToAmount(t.bets.stake), valid: centsToAmount(t.bets.valid) },
    game_results: [...t.venues].map(([venue, v]) => ({
      venue,
      name: v.name,
      result: centsToAmount(v.cents),
    })),
    game_result: centsToAmount(gameCents),
    bonuses: {
      red_packets: centsToAmount(t.bonuses.red_packets),
      rebates: centsToAmount(t.bonuses.rebates),
      activity_bonuses: centsToAmount(t.bonuses.activity_bonuses),
      manual_credits: centsToAmount(t.bonuses.manual_credits),
      total: centsToAmount(bonusCents),
    },
    registrations: t.registrations,
    first_depositors: t.firstDepositors,
    active_players: t.activePlayers,
  };
}

/**
 * Reads every figure for the days from `from` to `to` (Beijing), grouped by day (`byDay`) or over
 * the whole range (one group, keyed 'all': active players are counted once across the range).
 */
async function collect(q: Queryable, from: string, to: string, byDay: boolean): Promise<Map<string, Totals>> {
  const range = {
    start: beijingDayStart(from),
    end: new Date(beijingDayStart(to).getTime() + 86_400_000),
    byDay,
  };
  const groups = new Map<string, Totals>();
  const at = (day: unknown) => {
    const key = byDay ? String(day) : 'all';
    const totals = groups.get(key) ?? emptyTotals();
    groups.set(key, totals);
    return totals;
  };
  const kinds = [...Object.values(BONUS_KINDS), 'withdrawal_payout', 'withdrawal_fee'];

  for (const r of await repo.depositsByChannel(q, range)) {
    const t = at(r.day);
    t.deposits.count += int(r.n);
    t.deposits.cents += cents(r.amount);
    t.channels.set(String(r.channel), { name: String(r.name), count: int(r.n), cents: cents(r.amount) });
  }

  for (const r of await repo.ledgerKindTotals(q, range, kinds)) {
    const t = at(r.day);
    const kind = String(r.kind);
    if (kind === 'withdrawal_payout' || kind === 'withdrawal_fee') {
      t.withdrawals.cents += cents(r.amount);
      if (kind === 'withdrawal_fee') t.withdrawals.fees += cents(r.amount);
    } else {
      for (const [name, k] of Object.entries(BONUS_KINDS))
        if (k === kind) t.bonuses[name as keyof typeof BONUS_KINDS] += cents(r.amount);
    }
  }
  // A paid withdrawal is one order, however many parts (payout, fee) it settled in.
  for (const r of await repo.paidWithdrawalCounts(q, range)) at(r.day).withdrawals.count += int(r.n);

  // The venues' results: what the game-results account gained (players' losses) less what it paid.
  for (const r of await repo.venueResults(q, range))
    at(r.day).venues.set(String(r.venue), { name: String(r.name), cents: cents(r.result) });

  for (const r of await repo.settledBets(q, range))
    at(r.day).bets = { count: int(r.n), stake: cents(r.stake), valid: cents(r.valid) };

  for (const r of await repo.activePlayers(q, range)) at(r.day).activePlayers = int(r.n);

  for (const r of await repo.registrations(q, range)) at(r.day).registrations = int(r.n);

  // First-time depositors: players whose first credited deposit falls in the range.
  for (const r of await repo.firstDepositors(q, range)) at(r.day).firstDepositors = int(r.n);

  return groups;
}

/** The report for the days from `from` to `to`: each day's figures, and the range's. */
export async function buildReport(q: Queryable, from: string, to: string): Promise<Report> {
  const [byDay, all] = await Promise.all([collect(q, from, to, true), collect(q, from, to, false)]);
  const days: DayReport[] = daysBetween(from, to).map((day) => ({
    day,
    ...figuresOf(byDay.get(day) ?? emptyTotals()),
  }));
  return { from, to, days, total: figuresOf(all.get('all') ?? emptyTotals()) };
}
