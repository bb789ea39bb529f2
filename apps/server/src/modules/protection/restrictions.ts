import {
  GUARDED_ACTIONS,
  type GuardedAction,
  PROTECTION_MSG,
  RESTRICTION_LABEL,
  RETURN_DELAY_MS,
  type Restriction,
  type RestrictionKind,
  type RestrictionTerm,
  TERM_LABEL,
} from '@app/contract/protection';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Queryable, Tx } from '../../db/client';
import { lockPlayer } from '../../db/locks';
import { refused } from '../../lib/errors';
import { type Authenticated, checkPayPassword, confirmSession, logoffEverywhere } from '../auth/service';
import { guardOf, protectionChanged } from './guard';
import { notifySecurity } from './notices';
import * as repo from './repository';

/** The end of a term started at `from`: calendar months and years, exact hours and days. */
export function termEnd(term: RestrictionTerm, from: Date): Date {
  const end = new Date(from);
  const day = 24 * 3_600_000;
  switch (term) {
    case '24h':
      return new Date(from.getTime() + day);
    case '7d':
      return new Date(from.getTime() + 7 * day);
    case '30d':
      return new Date(from.getTime() + 30 * day);
    case '6w':
      return new Date(from.getTime() + 42 * day);
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
  }
}

interface Binding {
  row: repo.RestrictionRow;
  phase: Restriction['phase'];
}

/** The restriction that binds the player now, if any: one within its term first (the longest). */
async function binding(q: Queryable, userId: number, now: Date): Promise<Binding | null> {
  return bindingOf(await repo.restrictionsOf(q, userId), now);
}

/** Of the player's restrictions `rows`, the one that binds now, if any. */
function bindingOf(rows: repo.RestrictionRow[], now: Date): Binding | null {
  const binds = repo.bindingAmong(rows, now, RETURN_DELAY_MS);
  const active = binds.find((r) => r.endsAt > now);
  if (active) return { row: active, phase: 'active' };
  const closed = binds[0];
  if (!closed) return null;
  return { row: closed, phase: closed.returnRequestedAt ? 'returning' : 'ended' };
}

export async function restrictionView(ctx: AppContext, userId: number): Promise<Restriction | null> {
  const found = await binding(ctx.db, userId, ctx.clock.now());
  if (!found) return null;
  const { row, phase } = found;
  return {
    kind: row.kind,
    phase,
    ends_at: toBeijingString(row.endsAt),
    opens_at: row.returnRequestedAt
      ? toBeijingString(new Date(row.returnRequestedAt.getTime() + RETURN_DELAY_MS))
      : null,
  };
}

function refusal(found: Binding, action: GuardedAction): string {
  const doing = GUARDED_ACTIONS[action];
  const { row, phase } = found;
  if (phase === 'active')
    return PROTECTION_MSG.restricted(RESTRICTION_LABEL[row.kind], toBeijingString(row.endsAt), doing);
  if (phase === 'ended') return PROTECTION_MSG.exclusionEnded(doing);
  const opens = new Date((row.returnRequestedAt ?? row.endsAt).getTime() + RETURN_DELAY_MS);
  return PROTECTION_MSG.returning(toBeijingString(opens), doing);
}

/** Refuses the action when one of the player's restrictions `rows` binds now. */
export function assertNoneBinds(rows: repo.RestrictionRow[], now: Date, action: GuardedAction): void {
  const found = bindingOf(rows, now);
  if (found) throw refused(refusal(found, action));
}

/**
 * Refuses the action while a time-out or self-exclusion binds the player. `tx`: the caller's
 * transaction when the action is recorded in one (it holds the player's row lock, which taking a
 * restriction also takes); without one the player's rows come from this process's cache
 * (guardOf).
 */
export async function assertNotRestricted(
  ctx: AppContext,
  userId: number,
  action: GuardedAction,
  tx?: Tx,
): Promise<void> {
  const now = ctx.clock.now();
  const rows = tx ? await repo.restrictionsOf(tx, userId) : (await guardOf(ctx, userId)).restrictions;
  assertNoneBinds(rows, now, action);
}

/** Whether the player is under a time-out or self-exclusion (promotions are not sent to them). */
export async function isRestricted(ctx: AppContext, userId: number): Promise<boolean> {
  return (await binding(ctx.db, userId, ctx.clock.now())) !== null;
}

/** For a broadcast of promotions: players (by their id column) whom no time-out or self-exclusion binds now. */
export const unrestrictedPlayers = (ctx: AppContext): repo.PlayerFilter =>
  repo.noBindingRestriction(ctx.clock.now(), RETURN_DELAY_MS);

/**
 * Starts a time-out or self-exclusion, confirmed with the pay password. A new one may only end
 * later than the one binding now (never shortens it). Every session of the player ends at once.
 */
export async function restrict(
  ctx: AppContext,
  auth: Authenticated,
  input: { kind: RestrictionKind; term: RestrictionTerm; paypassword: string },
): Promise<string> {
  const { userId, sessionId } = auth;
  await checkPayPassword(ctx, userId, input.paypassword);
  const now = ctx.clock.now();
  const endsAt = termEnd(input.term, now);
  await ctx.db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    await confirmSession(ctx, tx, sessionId);
    const found = await binding(tx, userId, now);
    if (found?.phase === 'active' && found.row.endsAt >= endsAt)
      throw refused(PROTECTION_MSG.restrictionNotShorter(toBeijingString(found.row.endsAt)));
    await repo.insertRestriction(tx, { userId, kind: input.kind, term: input.term, startsAt: now, endsAt });
  });
  await protectionChanged(ctx, userId);
  const label = RESTRICTION_LABEL[input.kind];
  const until = toBeijingString(endsAt);
  await notifySecurity(
    ctx,
    userId,
    `${label}已开始`,
    `您已设置${TERM_LABEL[input.term]}${label}，至${until}结束。期间仍可登录提取余额。`,
  );
  await logoffEverywhere(ctx, auth);
  return PROTECTION_MSG.restrictionStarted(label, until);
}

/** After a self-exclusion's term, the player's request to return: the account opens 24 hours later. */
export async function requestReturn(ctx: AppContext, userId: number): Promise<string> {
  const now = ctx.clock.now();
  const found = await binding(ctx.db, userId, now);
  if (found?.row.kind !== 'exclusion') throw refused(PROTECTION_MSG.returnNotExcluded);
  if (found.phase === 'active') throw refused(PROTECTION_MSG.returnNotEnded);
  const at = found.row.returnRequestedAt ?? now;
  if (found.phase === 'ended') {
    await repo.requestReturn(ctx.db, found.row.id, now);
    await protectionChanged(ctx, userId);
  }
  return PROTECTION_MSG.returnRequested(toBeijingString(new Date(at.getTime() + RETURN_DELAY_MS)));
}
