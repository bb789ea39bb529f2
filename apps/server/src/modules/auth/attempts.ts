import { SERVER_MSG } from '@app/contract/messages';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { tooMany, unauthorized } from '../../lib/errors';

/**
 * A password that locks after `max` wrong answers in a row. Its counters live on the player's row:
 * `failures` (wrong answers since the last right one), `checks` (checks running now, with
 * `checksAt`, when the last one started) and `lockedUntil`.
 */
export interface AttemptRule {
  failures: UserColumn;
  checks: UserColumn;
  checksAt: UserColumn;
  lockedUntil: UserColumn;
  max: number;
  lockMs: number;
}
type UserColumn = keyof typeof users.$inferInsert;

export const loginAttempts: AttemptRule = {
  failures: 'failedLogins',
  checks: 'loginChecks',
  checksAt: 'loginChecksAt',
  lockedUntil: 'lockedUntil',
  max: 5,
  lockMs: 15 * 60_000,
};

export const payPasswordAttempts: AttemptRule = {
  failures: 'failedPayPasswords',
  checks: 'payChecks',
  checksAt: 'payChecksAt',
  lockedUntil: 'payLockedUntil',
  max: 5,
  lockMs: 30 * 60_000,
};

/** Two-factor codes (谷歌验证器 or a recovery code) of a player who turned two-factor on. */
export const totpAttempts: AttemptRule = {
  failures: 'failedTotps',
  checks: 'totpChecks',
  checksAt: 'totpChecksAt',
  lockedUntil: 'totpLockedUntil',
  max: 5,
  lockMs: 30 * 60_000,
};

/** A check that started this long ago belongs to a process that died: its slot is free again. */
const STALE_CHECK_MS = 30_000;
/**
 * How long a check waits for a slot while others run. It asks again as soon as a check of this
 * process ends, and otherwise after a pause that grows (slots held by checks of other processes).
 */
const SLOT_WAIT_MS = 10_000;
const SLOT_PAUSE_MS = { first: 20, max: 200 };

/** Requests of this process waiting for a slot, by rule and player; woken when a check ends. */
const waiters = new Map<string, Set<() => void>>();
const waiterKey = (rule: AttemptRule, userId: number) => `${rule.failures}:${userId}`;

function slotFreedOrPause(rule: AttemptRule, userId: number, pauseMs: number): Promise<void> {
  const key = waiterKey(rule, userId);
  const set = waiters.get(key) ?? new Set();
  waiters.set(key, set);
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0) waiters.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, pauseMs);
    set.add(wake);
  });
}

function wakeWaiters(rule: AttemptRule, userId: number): void {
  for (const wake of [...(waiters.get(waiterKey(rule, userId)) ?? [])]) wake();
}

export type AttemptOutcome = { ok: true } | { ok: false; left: number };

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Runs `check` (the slow Argon2 verification) in an attempt slot, so that wrong answers are checked
 * and counted atomically however many arrive at once. A slot is taken by one conditional UPDATE
 * before the check: wrong answers so far plus checks running now stay under `max`, so no more than
 * `max` wrong answers are ever checked before the lock. A right answer gives its slot back and
 * clears the wrong ones; a wrong one keeps its slot as a failure, and the one that reaches `max`
 * locks. When every slot is taken by checks still running, the request waits for one.
 * Throws 429 `lockedMessage` while locked; answers whether the password was right and, if not, how
 * many tries are left (0: this answer locked it).
 */
export async function withAttemptSlot(
  ctx: AppContext,
  rule: AttemptRule,
  userId: number,
  lockedMessage: string,
  check: () => Promise<boolean>,
): Promise<AttemptOutcome> {
  const c = columnsOf(rule);
  const deadline = Date.now() + SLOT_WAIT_MS;
  let pause = SLOT_PAUSE_MS.first;
  while (!(await takeSlot(ctx, rule, userId))) {
    const [row] = await ctx.db
      .select({ lockedUntil: sql<string | null>`${c.lockedUntil}::text` })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw unauthorized(SERVER_MSG.sessionExpired);
    if (row.lockedUntil && new Date(row.lockedUntil) > ctx.clock.now()) throw tooMany(lockedMessage);
    if (Date.now() > deadline) throw tooMany(SERVER_MSG.tooManyRequests);
    await slotFreedOrPause(rule, userId, pause);
    pause = Math.min(pause * 2, SLOT_PAUSE_MS.max);
  }
  try {
    return await settle(
      ctx,
      rule,
      userId,
      await check().catch(async (error: unknown) => {
        await ctx.db
          .update(users)
          .set({ [rule.checks]: released(rule) })
          .where(eq(users.id, userId));
        throw error;
      }),
    );
  } finally {
    wakeWaiters(rule, userId);
  }
}

const released = (rule: AttemptRule) => sql`GREATEST(${users[rule.checks]} - 1, 0)`;

/** Gives the slot back: a right answer clears the wrong ones, a wrong one counts and may lock. */
async function settle(
  ctx: AppContext,
  rule: AttemptRule,
  userId: number,
  right: boolean,
): Promise<AttemptOutcome> {
  const c = columnsOf(rule);
  if (right) {
    await ctx.db
      .update(users)
      .set({ [rule.failures]: sql`0`, [rule.checks]: released(rule) })
      .where(eq(users.id, userId));
    return { ok: true };
  }
  const lockUntil = new Date(ctx.clock.now().getTime() + rule.lockMs);
  const [after] = await ctx.db
    .update(users)
    .set({
      [rule.failures]: sql`${c.failures} + 1`,
      [rule.checks]: released(rule),
      [rule.lockedUntil]: sql`CASE WHEN ${c.failures} + 1 >= ${rule.max} THEN ${at(lockUntil)} ELSE ${c.lockedUntil} END`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: sql<number>`${c.failures}` });
  return { ok: false, left: Math.max(rule.max - Number(after?.failures ?? rule.max), 0) };
}

const columnsOf = (rule: AttemptRule) => ({
  failures: users[rule.failures],
  checks: users[rule.checks],
  checksAt: users[rule.checksAt],
  lockedUntil: users[rule.lockedUntil],
});

/** One conditional UPDATE: a slot when not locked and failures plus running checks are under max. */
async function takeSlot(ctx: AppContext, rule: AttemptRule, userId: number): Promise<boolean> {
  const c = columnsOf(rule);
  const now = ctx.clock.now();
  const stale = new Date(now.getTime() - STALE_CHECK_MS);
  const lockOver = sql`${c.lockedUntil} <= ${at(now)}`;
  // An expired lock starts a fresh count; checks of a process that died are forgotten.
  const failures = sql`CASE WHEN ${lockOver} THEN 0 ELSE ${c.failures} END`;
  const running = sql`CASE WHEN ${c.checksAt} IS NULL OR ${c.checksAt} < ${at(stale)} THEN 0 ELSE ${c.checks} END`;
  const rows = await ctx.db
    .update(users)
    .set({
      [rule.failures]: failures,
      [rule.checks]: sql`${running} + 1`,
      [rule.checksAt]: at(now),
      [rule.lockedUntil]: sql`CASE WHEN ${lockOver} THEN NULL ELSE ${c.lockedUntil} END`,
    })
    .where(
      sql`${users.id} = ${userId} AND (${c.lockedUntil} IS NULL OR ${lockOver}) AND ${failures} + ${running} < ${rule.max}`,
    )
    .returning({ id: users.id });
  return rows.length === 1;
}
