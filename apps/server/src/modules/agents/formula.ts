import type { CommissionRules } from '@app/contract/agents';
import { amountToCents } from '@app/contract/money';

/**
 * The commission formula (contract `commissionRulesSchema` says it in words), pure and in integer
 * cents: shares are basis points (1 % = 100), every share of an amount is rounded down to the cent.
 */

/** A plan version's rules in cents and basis points. */
export interface Plan {
  feeBasis: 'stakes' | 'net_loss';
  feeBp: bigint;
  negative: 'carry' | 'reset';
  activeMinDeposit: bigint;
  activeMinValidStake: bigint;
  tiers: { minNetLoss: bigint; minActive: number; shareBp: bigint }[];
  overrideBp: bigint[];
  cpaAmount: bigint;
  cpaMinFirstDeposit: bigint;
  /** The payout's turnover multiple, in hundredths (1.5 times: 150). */
  turnoverHundredths: bigint;
}

const cents = (yuan: number) => amountToCents(yuan) ?? 0n;
const bp = (percent: number) => BigInt(Math.round(percent * 100));

export function planOf(rules: CommissionRules): Plan {
  return {
    feeBasis: rules.fee_basis,
    feeBp: bp(rules.fee_percent),
    negative: rules.negative,
    activeMinDeposit: cents(rules.active_min_deposit),
    activeMinValidStake: cents(rules.active_min_valid_stake),
    tiers: rules.tiers.map((t) => ({
      minNetLoss: cents(t.min_net_loss),
      minActive: t.min_active,
      shareBp: bp(t.share_percent),
    })),
    overrideBp: rules.override_percents.map(bp),
    cpaAmount: cents(rules.cpa_amount),
    cpaMinFirstDeposit: cents(rules.cpa_min_first_deposit),
    turnoverHundredths: BigInt(Math.round(rules.turnover_multiple * 100)),
  };
}

/** What one direct player did in the month, read from the ledger and the bet records. */
export interface PlayerMonth {
  userId: number;
  deposits: bigint;
  withdrawals: bigint;
  /** Settled bets: stakes, valid stakes, and what they paid back (stake + the player's result). */
  stakes: bigint;
  validStakes: bigint;
  payouts: bigint;
  /** Rebates, red packets, activity bonuses and manual credits received. */
  bonuses: bigint;
  /** The player's first deposit ever, when it fell in this month. */
  firstDepositInMonth: bigint | null;
}

export interface Line extends PlayerMonth {
  fee: bigint;
  net: bigint;
  active: boolean;
  cpa: boolean;
}

export const share = (amount: bigint, shareBp: bigint) => (amount * shareBp) / 10_000n;

/** A player's 净输赢 for the month, after bonuses and the platform fee. */
export function lineOf(plan: Plan, p: PlayerMonth): Line {
  const beforeFee = p.stakes - p.payouts - p.bonuses;
  const feeBase = plan.feeBasis === 'stakes' ? p.stakes : beforeFee > 0n ? beforeFee : 0n;
  const fee = share(feeBase, plan.feeBp);
  return {
    ...p,
    fee,
    net: beforeFee - fee,
    active: p.deposits >= plan.activeMinDeposit && p.validStakes >= plan.activeMinValidStake,
    cpa:
      plan.cpaAmount > 0n &&
      p.firstDepositInMonth !== null &&
      p.firstDepositInMonth >= plan.cpaMinFirstDeposit,
  };
}

/** The highest tier whose net loss AND active members are both reached, by its index; -1 for none. */
export function tierOf(plan: Plan, netLoss: bigint, active: number): number {
  let reached = -1;
  plan.tiers.forEach((t, i) => {
    if (netLoss >= t.minNetLoss && active >= t.minActive) reached = i;
  });
  return reached;
}

export interface OwnResult {
  lines: Line[];
  netLoss: bigint;
  activeMembers: number;
  tier: number;
  shareBp: bigint;
  carryIn: bigint;
  carryOut: bigint;
  /** The agent's own commission (before overrides and CPA). */
  commission: bigint;
  cpaCount: number;
  cpa: bigint;
}

/**
 * An agent's own month: the lines, the net loss, the tier, and the commission on the net loss plus
 * the carry-in (a loss carried from earlier months, ≤ 0; ignored by a plan that resets). What stays
 * negative carries out (or is dropped, `reset`).
 */
export function ownMonth(plan: Plan, players: PlayerMonth[], carryIn: bigint): OwnResult {
  const lines = players.map((p) => lineOf(plan, p));
  const netLoss = lines.reduce((sum, l) => sum + l.net, 0n);
  const activeMembers = lines.filter((l) => l.active).length;
  const tier = tierOf(plan, netLoss, activeMembers);
  const shareBp = plan.tiers[tier]?.shareBp ?? 0n;
  const carried = plan.negative === 'carry' ? carryIn : 0n;
  const base = netLoss + carried;
  const cpaCount = lines.filter((l) => l.cpa).length;
  return {
    lines,
    netLoss,
    activeMembers,
    tier,
    shareBp,
    carryIn: carried,
    carryOut: plan.negative === 'carry' && base < 0n ? base : 0n,
    commission: base > 0n ? share(base, shareBp) : 0n,
    cpaCount,
    cpa: plan.cpaAmount * BigInt(cpaCount),
  };
}

export interface OverrideLine {
  agentId: number;
  level: number;
  commission: bigint;
  shareBp: bigint;
  amount: bigint;
}

/**
 * Sub-agent overrides: the plan's share for each level of the own commission of every sub-agent
 * that many levels below (`level` 1: direct sub-agents). Own commissions only, so that nothing is
 * paid twice up the chain.
 */
export function overridesOf(
  plan: Plan,
  below: { agentId: number; level: number; commission: bigint }[],
): OverrideLine[] {
  return below
    .filter((b) => b.level >= 1 && b.level <= plan.overrideBp.length && b.commission > 0n)
    .map((b) => {
      const shareBp = plan.overrideBp[b.level - 1] ?? 0n;
      return { ...b, shareBp, amount: share(b.commission, shareBp) };
    })
    .filter((o) => o.amount > 0n);
}

/** The turnover (打码量) a payout of `amount` requires. */
export const payoutTurnover = (plan: Plan, amount: bigint) => (amount * plan.turnoverHundredths) / 100n;
