import { amountToCents, centsToAmount, formatCurrency } from '@app/contract/money';
import {
  LIMIT_COOLING_MS,
  LIMIT_KIND_LABEL,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type Limit,
  type LimitKind,
  type LimitPeriod,
  PERIOD_LABEL,
  PERIOD_MS,
  PROTECTION_MSG,
} from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { lockPlayer } from '../../db/locks';
import { badInput, refused } from '../../lib/errors';
import { type Authenticated, confirmSession, endGameSessions } from '../auth/service';
import { depositsSince } from '../deposits/service';
import { lossesSince } from '../games/service';
import { protectionChanged } from './guard';
import { notifySecurity } from './notices';
import * as repo from './repository';

/** An amount counted against a limit, at the instant it counts from. */
interface Counted {
  at: Date;
  amount: bigint;
}

const counters: Record<LimitKind, (q: Queryable, userId: number, from: Date) => Promise<Counted[]>> = {
  deposit: depositsSince,
  loss: lossesSince,
};

const total = (items: Counted[]) => items.reduce((sum, c) => sum + c.amount, 0n);

/**
 * When, as the oldest counted amounts leave the rolling window, the total first falls to `target`
 * or below; null when it never does by that alone.
 */
function freesAt(items: Counted[], used: bigint, target: bigint, windowMs: number): Date | null {
  let left = used;
  for (const item of items) {
    left -= item.amount;
    if (left <= target) return new Date(item.at.getTime() + windowMs);
  }
  return null;
}

interface Usage {
  row: repo.LimitRow;
  items: Counted[];
  used: bigint;
}

async function usages(q: Queryable, userId: number, kind: LimitKind, now: Date): Promise<Usage[]> {
  return usagesOf(q, userId, kind, now, await repo.limitsOf(q, userId, kind));
}

/** What each of the player's limits `rows` (of one kind) has used in its window. */
function usagesOf(q: Queryable, userId: number, kind: LimitKind, now: Date, rows: repo.LimitRow[]) {
  return Promise.all(
    rows.map(async (row) => {
      const items = await counters[kind](q, userId, new Date(now.getTime() - PERIOD_MS[row.period]));
      return { row, items, used: total(items) };
    }),
  );
}

/**
 * Refuses a deposit order the player's deposit limits do not leave room for. Runs inside the
 * order's transaction, under the player's row lock, so that concurrent orders are counted one
 * after another and together never pass a limit.
 */
export async function checkDepositLimits(tx: Tx, userId: number, cents: bigint, now: Date): Promise<void> {
  for (const { row, items, used } of await usages(tx, userId, 'deposit', now)) {
    if (used + cents <= row.amount) continue;
    const period = PERIOD_LABEL[row.period];
    // No amount of waiting lets an order larger than the limit itself pass.
    if (cents > row.amount)
      throw refused(PROTECTION_MSG.depositAboveLimit(period, formatCurrency(centsToAmount(row.amount))));
    const window = PERIOD_MS[row.period];
    const at = freesAt(items, used, row.amount - cents, window) ?? new Date(now.getTime() + window);
    throw refused(
      PROTECTION_MSG.depositOverLimit(
        period,
        formatCurrency(centsToAmount(row.amount > used ? row.amount - used : 0n)),
        toBeijingString(at),
      ),
    );
  }
}

/**
 * Refuses money into play (transfers into venues, game launches) while one of the player's loss
 * limits `limits` is reached: what each has used in its window is read now.
 */
export async function checkLossLimits(
  ctx: AppContext,
  userId: number,
  limits: repo.LimitRow[],
  now: Date,
): Promise<void> {
  const reached = await reachedLossLimit(ctx, userId, limits, now);
  if (!reached) return;
  const { row, items, used } = reached;
  const window = PERIOD_MS[row.period];
  const at = freesAt(items, used, row.amount - 1n, window) ?? new Date(now.getTime() + window);
  throw refused(PROTECTION_MSG.lossReached(PERIOD_LABEL[row.period], toBeijingString(at)));
}

/** The first of the player's loss limits `limits` that what its window has used reaches now. */
async function reachedLossLimit(ctx: AppContext, userId: number, limits: repo.LimitRow[], now: Date) {
  return (await usagesOf(ctx.db, userId, 'loss', now, limits)).find(({ row, used }) => used >= row.amount);
}

/**
 * Ends the venue game sessions of each of the players whose loss limit is reached now (after the
 * bet ingestion committed their losing bets), so that a game page left open stops taking bets with
 * the money already at the venue. The limits are read from the database, not the guard cache.
 */
export async function endPlayAtReachedLossLimits(ctx: AppContext, userIds: Iterable<number>): Promise<void> {
  const now = ctx.clock.now();
  for (const userId of userIds) {
    const limits = await repo.limitsOf(ctx.db, userId, 'loss');
    if (limits.length > 0 && (await reachedLossLimit(ctx, userId, limits, now)))
      await endGameSessions(ctx, userId);
  }
}

/** Every limit of the player, set or not, with what it has used in its window. */
export async function limitsView(ctx: AppContext, userId: number): Promise<Limit[]> {
  const now = ctx.clock.now();
  const views: Limit[] = [];
  for (const kind of LIMIT_KINDS) {
    const set = await usages(ctx.db, userId, kind, now);
    for (const period of LIMIT_PERIODS) {
      const found = set.find((u) => u.row.period === period);
      const used =
        found?.used ??
        total(await counters[kind](ctx.db, userId, new Date(now.getTime() - PERIOD_MS[period])));
      const shown = used > 0n ? used : 0n;
      const row = found?.row;
      views.push({
        kind,
        period,
        amount: row ? centsToAmount(row.amount) : null,
        used: centsToAmount(shown),
        remaining: row ? centsToAmount(row.amount > shown ? row.amount - shown : 0n) : null,
        pending:
          row?.pendingAt != null
            ? {
                amount: row.pendingAmount === null ? null : centsToAmount(row.pendingAmount),
                confirm_from: toBeijingString(new Date(row.pendingAt.getTime() + LIMIT_COOLING_MS)),
              }
            : null,
      });
    }
  }
  return views;
}

function describeLimit(kind: LimitKind, period: LimitPeriod, cents: bigint | null): string {
  const name = `${PERIOD_LABEL[period]}${LIMIT_KIND_LABEL[kind]}`;
  return cents === null ? `${name}：不限` : `${name}：${formatCurrency(centsToAmount(cents))}`;
}

/**
 * Sets, lowers, raises or removes a limit. Setting a first limit or lowering one binds at once
 * (and drops a raise waiting); a raise or removal is recorded to wait 24 hours for the player's
 * second confirmation (confirmLimit).
 */
export async function setLimit(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  input: { kind: LimitKind; period: LimitPeriod; amount: number | '' | null },
): Promise<string> {
  const cents = input.amount === null ? null : amountToCents(input.amount === '' ? Number.NaN : input.amount);
  if (input.amount !== null && (cents === null || cents <= 0n)) throw badInput(PROTECTION_MSG.limitAmount);
  const now = ctx.clock.now();
  const message = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    await confirmSession(ctx, tx, sessionId);
    const current = await repo.findLimit(tx, userId, input.kind, input.period);
    if (!current && cents === null) throw badInput(PROTECTION_MSG.limitNothingToRemove);
    if (!current || (cents !== null && cents <= current.amount)) {
      await repo.saveLimit(tx, {
        ...input,
        userId,
        amount: cents ?? 0n,
        pendingAmount: null,
        pendingAt: null,
        updatedAt: now,
      });
      return PROTECTION_MSG.limitSet;
    }
    await repo.saveLimit(tx, {
      ...input,
      userId,
      amount: current.amount,
      pendingAmount: cents,
      pendingAt: now,
      updatedAt: now,
    });
    const from = toBeijingString(new Date(now.getTime() + LIMIT_COOLING_MS));
    return cents === null
      ? PROTECTION_MSG.limitRemoveScheduled(from)
      : PROTECTION_MSG.limitRaiseScheduled(from);
  });
  await protectionChanged(ctx, userId);
  await notifySecurity(
    ctx,
    userId,
    '限额设置变更',
    `${describeLimit(input.kind, input.period, cents)}（${message}）`,
  );
  return message;
}

/** The second confirmation of a raise or removal, accepted only 24 hours or more after it was asked. */
export async function confirmLimit(
  ctx: AppContext,
  { userId, sessionId }: Authenticated,
  input: { kind: LimitKind; period: LimitPeriod },
): Promise<string> {
  const now = ctx.clock.now();
  const applied = await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    await confirmSession(ctx, tx, sessionId);
    const current = await repo.findLimit(tx, userId, input.kind, input.period);
    if (!current?.pendingAt) throw refused(PROTECTION_MSG.limitNoPending);
    const from = new Date(current.pendingAt.getTime() + LIMIT_COOLING_MS);
    if (now < from) throw refused(PROTECTION_MSG.limitConfirmTooEarly(toBeijingString(from)));
    if (current.pendingAmount === null) await repo.deleteLimit(tx, userId, input.kind, input.period);
    else
      await repo.saveLimit(tx, {
        ...current,
        amount: current.pendingAmount,
        pendingAmount: null,
        pendingAt: null,
        updatedAt: now,
      });
    return current.pendingAmount;
  });
  await protectionChanged(ctx, userId);
  await notifySecurity(
    ctx,
    userId,
    '限额设置变更',
    `${describeLimit(input.kind, input.period, applied)}（已生效）`,
  );
  return PROTECTION_MSG.limitConfirmed;
}
