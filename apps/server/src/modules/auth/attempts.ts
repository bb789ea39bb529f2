import { SERVER_MSG } from '@app/contract/messages';
import type { AppContext } from '../../context';
import { tooMany, unauthorized } from '../../lib/errors';
import {
  type AttemptRule,
  lockedUntilOf,
  releaseAttemptSlot,
  settleAttempt,
  takeAttemptSlot,
} from '../players/service';

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

export type AttemptOutcome = Awaited<ReturnType<typeof settleAttempt>>;

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
  const deadline = Date.now() + SLOT_WAIT_MS;
  let pause = SLOT_PAUSE_MS.first;
  while (!(await takeAttemptSlot(ctx.db, rule, userId, ctx.clock.now(), STALE_CHECK_MS))) {
    const row = await lockedUntilOf(ctx.db, rule, userId);
    if (!row) throw unauthorized(SERVER_MSG.sessionExpired);
    if (row.lockedUntil && new Date(row.lockedUntil) > ctx.clock.now()) throw tooMany(lockedMessage);
    if (Date.now() > deadline) throw tooMany(SERVER_MSG.tooManyRequests);
    await slotFreedOrPause(rule, userId, pause);
    pause = Math.min(pause * 2, SLOT_PAUSE_MS.max);
  }
  try {
    const right = await check().catch(async (error: unknown) => {
      await releaseAttemptSlot(ctx.db, rule, userId);
      throw error;
    });
    return await settleAttempt(ctx.db, rule, userId, right, ctx.clock.now());
  } finally {
    wakeWaiters(rule, userId);
  }
}
