import type { ListQuery } from '@app/contract/admin/fields';
import {
  PLAYER_COLUMNS,
  PLAYER_MSG,
  PLAYER_RECORDS,
  PLAYER_SEARCH_FIELDS,
  type PlayerProfile,
  type PlayerRecordList,
  type PlayerSearchQuery,
} from '@app/contract/admin/players';
import type { Permission } from '@app/contract/admin/roles';
import { centsToAmount } from '@app/contract/money';
import { PlayerStatus } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { lockPlayer } from '../../db/locks';
import { consolePage, sliceOf } from '../../lib/console-page';
import { toCsv } from '../../lib/csv';
import { AppError, conflict } from '../../lib/errors';
import { randomPassword } from '../../lib/random-password';
import { withDeadline } from '../../venues/provider';
import { type Actor, recordAudit } from '../audit/service';
import {
  endGameSessions,
  hashPassword,
  liveSessionCount,
  registrationIp,
  revokeUserSessions,
} from '../auth/service';
import { everyCardOf } from '../cards/service';
import * as records from './records-repository';
import * as repo from './repository';
import { playerOr404 } from './service';

const time = (d: Date | null) => (d ? toBeijingString(d) : '');
/** A venue that has not answered the balance question by then is shown as not answering. */
const VENUE_BALANCE_DEADLINE_MS = 5_000;
/** Players' reset passwords: login 10 characters, pay 8 (both within the player app's rules). */
const RESET_LENGTH = { login: 10, pay: 8 } as const;

/** What a search looked for, as the audit log shows it: 用户名=abc, 手机号=（全部）. */
const searchTarget = (query: PlayerSearchQuery) =>
  `${PLAYER_SEARCH_FIELDS[query.field]}=${query.q || '（全部）'}`;

export async function searchPlayers(ctx: AppContext, actor: Actor, query: PlayerSearchQuery) {
  const { data, total } = await records.searchPlayers(ctx.db, query, sliceOf(query));
  await recordAudit(ctx.db, ctx.clock.now(), actor, {
    action: 'players.search',
    targetType: 'search',
    targetId: searchTarget(query),
    after: {
      field: query.field,
      q: query.q,
      status: query.status,
      page: query.page,
      shown: data.map((r) => r.id),
    },
  });
  return consolePage(query, total, data);
}

export async function exportPlayers(ctx: AppContext, actor: Actor, query: PlayerSearchQuery) {
  const { data } = await records.searchPlayers(ctx.db, query, sliceOf(query, true));
  await recordAudit(ctx.db, ctx.clock.now(), actor, {
    action: 'players.export',
    targetType: 'search',
    targetId: searchTarget(query),
    after: { field: query.field, q: query.q, status: query.status, rows: data.length },
  });
  return toCsv(PLAYER_COLUMNS, data);
}

/** A player's page: profile, standing, locks and cards. Every view is an audit row. */
export async function playerProfile(ctx: AppContext, actor: Actor, id: number): Promise<PlayerProfile> {
  const p = await playerOr404(ctx, id);
  const now = ctx.clock.now();
  const [balance, referrer, registerIp, liveSessions, cards] = await Promise.all([
    ctx.ledger.balance({ central: id }),
    repo.usernameOf(ctx.db, p.referrerId),
    registrationIp(ctx.db, id),
    liveSessionCount(ctx.db, id, now),
    everyCardOf(ctx.db, id),
  ]);
  await recordAudit(ctx.db, now, actor, { action: 'players.view', targetType: 'player', targetId: id });
  const lockedAt = (until: Date | null) => (until && until > now ? toBeijingString(until) : '');
  return {
    id: p.id,
    username: p.username,
    realname: p.realname,
    mobile: p.mobile,
    email: p.email,
    birthday: p.birthday,
    vip: p.vip,
    is_agent: p.isAgent,
    status: p.status,
    referrer,
    balance: centsToAmount(balance),
    deposit_total: centsToAmount(p.depositTotal),
    turnover_required: centsToAmount(p.turnoverRequired),
    created_at: time(p.createdAt),
    register_ip: registerIp,
    last_login_at: time(p.lastLoginAt),
    last_login_ip: p.lastLoginIp ?? '',
    failed_logins: p.failedLogins,
    login_locked_until: lockedAt(p.lockedUntil),
    failed_pay_passwords: p.failedPayPasswords,
    pay_locked_until: lockedAt(p.payLockedUntil),
    live_sessions: liveSessions,
    cards: cards.map((c) => ({
      id: c.id,
      type: c.type,
      bank: c.bank,
      owner: c.bankOwner,
      number: c.bankNo,
      address: c.bankAddress,
      created_at: time(c.createdAt),
      removed_at: time(c.removedAt),
    })),
  };
}

/** The central balance and each enabled venue's, asked of the venues now. */
export async function playerBalances(ctx: AppContext, id: number) {
  await playerOr404(ctx, id);
  const [central, list] = await Promise.all([ctx.ledger.balance({ central: id }), ctx.venues.list()]);
  const answered = await withDeadline(ctx.venues.balances({ userId: id }), VENUE_BALANCE_DEADLINE_MS).then(
    (rows) => new Map(rows.map((r) => [r.venue.code, r.balance])),
    () => undefined,
  );
  return {
    central: centsToAmount(central),
    venues: list.map((v) => {
      const balance = answered?.get(v.code);
      return {
        code: v.code,
        name: v.name,
        balance: balance === undefined ? null : centsToAmount(balance),
        error: balance === undefined ? '场馆未响应' : '',
      };
    }),
  };
}

export async function playerRecordsPage(
  ctx: AppContext,
  actor: Actor,
  id: number,
  list: PlayerRecordList,
  query: ListQuery,
) {
  await playerOr404(ctx, id);
  const now = ctx.clock.now();
  const { data, total } = await records.playerRecords(ctx.db, list, id, sliceOf(query), now);
  await recordAudit(ctx.db, now, actor, {
    action: 'players.records',
    targetType: 'player',
    targetId: id,
    after: { list, page: query.page },
  });
  return consolePage(query, total, data);
}

export async function playerRecordsCsv(
  ctx: AppContext,
  actor: Actor,
  id: number,
  list: PlayerRecordList,
  query: ListQuery,
) {
  const player = await playerOr404(ctx, id);
  const now = ctx.clock.now();
  const { data } = await records.playerRecords(ctx.db, list, id, sliceOf(query, true), now);
  await recordAudit(ctx.db, now, actor, {
    action: 'players.records',
    targetType: 'player',
    targetId: id,
    after: { list, export: true, rows: data.length },
  });
  return {
    csv: toCsv(PLAYER_RECORDS[list].columns, data),
    name: `${player.username}-${PLAYER_RECORDS[list].label}`,
  };
}

interface PlayerChange {
  action: Permission;
  /** Refuses the change (with a message) when the player is not in a state it applies to. */
  precondition?: (p: repo.PlayerRecord) => string | undefined;
  apply(tx: Tx, p: repo.PlayerRecord, now: Date): Promise<{ before: object; after: object }>;
  /** The change ends the player's sessions: they are dropped from every process's session cache. */
  endsSessions?: boolean;
}

/**
 * Changes a player in one transaction with its audit row, the player's row locked so that two
 * operators' changes apply one after the other and each audit row's "before" is true.
 */
async function changePlayer(ctx: AppContext, actor: Actor, id: number, reason: string, change: PlayerChange) {
  const now = ctx.clock.now();
  const after = await ctx.db.transaction(async (tx) => {
    const player = await lockPlayer(tx, id);
    if (!player) throw new AppError(404, PLAYER_MSG.notFound);
    const refusal = change.precondition?.(player);
    if (refusal) throw conflict(refusal);
    const diff = await change.apply(tx, player, now);
    await recordAudit(tx, now, actor, {
      action: change.action,
      targetType: 'player',
      targetId: id,
      reason,
      ...diff,
    });
    return diff.after;
  });
  // Every process's session cache forgets the player at once (DESIGN.md section 13).
  if (change.endsSessions) {
    await ctx.bus.publish(change.action === 'players.freeze' ? 'player.frozen' : 'user.sessions.revoked', {
      userId: id,
    });
    await endGameSessions(ctx, id);
  }
  return after;
}

const endSessions = async (tx: Tx, id: number, now: Date) => ({
  sessions_ended: await revokeUserSessions(tx, id, now),
});

/** A frozen player's sessions end at once and login is refused (账号已被冻结，请联系客服). */
export const freeze = (ctx: AppContext, actor: Actor, id: number, reason: string) =>
  changePlayer(ctx, actor, id, reason, {
    action: 'players.freeze',
    precondition: (p) => (p.status === PlayerStatus.frozen ? PLAYER_MSG.alreadyFrozen : undefined),
    endsSessions: true,
    async apply(tx, p, now) {
      await repo.updatePlayer(tx, p.id, { status: PlayerStatus.frozen });
      return {
        before: { status: p.status },
        after: { status: PlayerStatus.frozen, ...(await endSessions(tx, p.id, now)) },
      };
    },
  });

export const unfreeze = (ctx: AppContext, actor: Actor, id: number, reason: string) =>
  changePlayer(ctx, actor, id, reason, {
    action: 'players.unfreeze',
    precondition: (p) => (p.status !== PlayerStatus.frozen ? PLAYER_MSG.notFrozen : undefined),
    async apply(tx, p) {
      await repo.updatePlayer(tx, p.id, { status: PlayerStatus.active });
      return { before: { status: p.status }, after: { status: PlayerStatus.active } };
    },
  });

export const unlock = (ctx: AppContext, actor: Actor, id: number, lock: 'login' | 'pay', reason: string) =>
  changePlayer(ctx, actor, id, reason, {
    action: 'players.unlock',
    async apply(tx, p) {
      const [failures, until] =
        lock === 'login' ? [p.failedLogins, p.lockedUntil] : [p.failedPayPasswords, p.payLockedUntil];
      await repo.updatePlayer(
        tx,
        p.id,
        lock === 'login'
          ? { failedLogins: 0, lockedUntil: null }
          : { failedPayPasswords: 0, payLockedUntil: null },
      );
      return {
        before: { lock, failures, locked_until: time(until) },
        after: { lock, failures: 0, locked_until: '' },
      };
    },
  });

/**
 * A new random login or pay password, answered once and never recorded. A new login password ends
 * the player's sessions, as the player's own change does.
 */
export async function resetPassword(
  ctx: AppContext,
  actor: Actor,
  id: number,
  which: 'login' | 'pay',
  reason: string,
): Promise<{ password: string }> {
  const password = randomPassword(RESET_LENGTH[which]);
  const hash = await hashPassword(password);
  await changePlayer(ctx, actor, id, reason, {
    action: 'players.reset-password',
    endsSessions: which === 'login',
    async apply(tx, p, now) {
      if (which === 'pay') {
        await repo.updatePlayer(tx, p.id, {
          payPasswordHash: hash,
          payPasswordChangedAt: now,
          failedPayPasswords: 0,
          payLockedUntil: null,
        });
        return { before: { which }, after: { which } };
      }
      await repo.updatePlayer(tx, p.id, {
        passwordHash: hash,
        passwordChangedAt: now,
        failedLogins: 0,
        lockedUntil: null,
      });
      return { before: { which }, after: { which, ...(await endSessions(tx, p.id, now)) } };
    },
  });
  return { password };
}

export const endPlayerSessions = (ctx: AppContext, actor: Actor, id: number, reason: string) =>
  changePlayer(ctx, actor, id, reason, {
    action: 'players.end-sessions',
    endsSessions: true,
    async apply(tx, p, now) {
      return { before: {}, after: await endSessions(tx, p.id, now) };
    },
  });

export const setAgent = (ctx: AppContext, actor: Actor, id: number, isAgent: 0 | 1, reason: string) =>
  changePlayer(ctx, actor, id, reason, {
    action: 'players.set-agent',
    async apply(tx, p) {
      await repo.updatePlayer(tx, p.id, { isAgent });
      return { before: { is_agent: p.isAgent }, after: { is_agent: isAgent } };
    },
  });

/** The VIP level an operator sets starts a new retention period, as a promotion does. */
export const setVip = (ctx: AppContext, actor: Actor, id: number, level: number, reason: string) =>
  changePlayer(ctx, actor, id, reason, {
    action: 'players.set-vip',
    async apply(tx, p, now) {
      await repo.updatePlayer(tx, p.id, { vip: level, vipSince: now });
      return { before: { vip: p.vip }, after: { vip: level } };
    },
  });
