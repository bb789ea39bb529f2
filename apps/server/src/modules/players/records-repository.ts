import type { PlayerRecordList, PlayerSearchQuery, Row } from '@app/contract/admin/players';
import { centsToAmount } from '@app/contract/money';
import { PlayerStatus } from '@app/contract/status';
import { toBeijingString } from '@app/contract/time';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { activities, activityApplications, agentApplications } from '../../db/schema/content';
import { bets } from '../../db/schema/games';
import { accounts, ledgerPending } from '../../db/schema/ledger';
import { deposits } from '../../db/schema/payments';
import { payChannels } from '../../db/schema/reference';
import { rebates, redPacketGrabs } from '../../db/schema/rewards';
import { sessions, users } from '../../db/schema/users';
import { cards, venues, venueTransfers, withdrawals } from '../../db/schema/wallet';
import type { Slice } from '../../lib/console-page';
import { venueTransferState } from '../wallet/service';
import { withdrawalState } from '../withdrawals/service';

/**
 * The read model of the operator's player pages: the player search (sorted by central balance,
 * found by a card number or a session's address) and the lists of a player's page (sessions,
 * deposits, withdrawals, transfers, bets, red packets, rebates, applications). Each joins tables
 * other modules own, read-only, in one query a page can sort and slice; test/table-ownership.test.ts
 * names this file as the one place that may. Writes stay with the owners.
 */

const time = (d: Date | null) => (d ? toBeijingString(d) : '');
const money = (cents: bigint) => centsToAmount(cents);
/** A LIKE pattern that matches `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function ordering(slice: Slice, sortable: Record<string, PgColumn>, fallback: PgColumn, tiebreak: PgColumn) {
  const column = (slice.sort && sortable[slice.sort]) || fallback;
  const direction = slice.ascending ? asc : desc;
  return [direction(column), direction(tiebreak)];
}

async function countOf(q: Queryable, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await q.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

const centralAccount = and(eq(accounts.userId, users.id), eq(accounts.kind, 'central'));

/** `EXISTS (SELECT 1 FROM table WHERE ...)`. */
const existsIn = (table: PgTable, where: SQL | undefined) =>
  sql`EXISTS (SELECT 1 FROM ${table} WHERE ${where})`;

function searchCondition(query: PlayerSearchQuery): SQL | undefined {
  const term = query.q;
  const status =
    query.status === 'active'
      ? eq(users.status, PlayerStatus.active)
      : query.status === 'frozen'
        ? eq(users.status, PlayerStatus.frozen)
        : undefined;
  if (!term) return status;
  const byField: Record<PlayerSearchQuery['field'], () => SQL | undefined> = {
    username: () => ilike(users.username, containing(term)),
    realname: () => ilike(users.realname, containing(term)),
    mobile: () => ilike(users.mobile, containing(term)),
    card: () => existsIn(cards, and(eq(cards.userId, users.id), ilike(cards.bankNo, containing(term)))),
    ip: () =>
      or(
        eq(users.lastLoginIp, term),
        existsIn(sessions, and(eq(sessions.userId, users.id), eq(sessions.ip, term))),
      ),
  };
  return and(status, byField[query.field]());
}

const PLAYER_SORT = {
  id: users.id,
  username: users.username,
  vip: users.vip,
  balance: accounts.balance,
  created_at: users.createdAt,
  last_login_at: users.lastLoginAt,
} as const;

/** Players matching the search, with their central balance. */
export async function searchPlayers(q: Queryable, query: PlayerSearchQuery, slice: Slice) {
  const where = searchCondition(query);
  const [rows, total] = await Promise.all([
    q
      .select({ u: users, balance: accounts.balance })
      .from(users)
      .leftJoin(accounts, centralAccount)
      .where(where)
      .orderBy(...ordering(slice, PLAYER_SORT, users.id, users.id))
      .limit(slice.limit)
      .offset(slice.offset),
    countOf(q, users, where),
  ]);
  const data: Row[] = rows.map(({ u, balance }) => ({
    id: u.id,
    username: u.username,
    realname: u.realname,
    mobile: u.mobile,
    vip: u.vip,
    is_agent: u.isAgent,
    status: u.status,
    balance: money(balance ?? 0n),
    created_at: time(u.createdAt),
    last_login_at: time(u.lastLoginAt),
    last_login_ip: u.lastLoginIp ?? '',
  }));
  return { data, total };
}

/** One list of a player's page: its rows (each with its record's `id`) for a slice, and how many there are. */
type RecordSource = (
  q: Queryable,
  userId: number,
  slice: Slice,
  now: Date,
) => Promise<{ data: Row[]; total: number }>;

const sessionState = (s: typeof sessions.$inferSelect, now: Date) =>
  s.revokedAt ? '已退出' : s.expiresAt <= now ? '已过期' : '在线';

const RECORD_SOURCES: Record<PlayerRecordList, RecordSource> = {
  async sessions(q, userId, slice, now) {
    const where = eq(sessions.userId, userId);
    const sort = { created_at: sessions.createdAt, last_seen_at: sessions.lastSeenAt };
    const rows = await q
      .select()
      .from(sessions)
      .where(where)
      .orderBy(...ordering(slice, sort, sessions.createdAt, sessions.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, sessions, where),
      data: rows.map((s) => ({
        id: s.id,
        created_at: time(s.createdAt),
        ip: s.ip,
        user_agent: s.userAgent,
        last_seen_at: time(s.lastSeenAt),
        state: sessionState(s, now),
      })),
    };
  },

  async deposits(q, userId, slice) {
    const where = eq(deposits.userId, userId);
    const sort = { created_at: deposits.createdAt, amount: deposits.amount };
    const rows = await q
      .select({ d: deposits, channel: payChannels.name })
      .from(deposits)
      .innerJoin(payChannels, eq(payChannels.code, deposits.channel))
      .where(where)
      .orderBy(...ordering(slice, sort, deposits.createdAt, deposits.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, deposits, where),
      data: rows.map(({ d, channel }) => ({
        id: d.id,
        order_no: d.orderNo,
        channel,
        amount: money(d.amount),
        state: d.state,
        depositor: [d.depositorName, d.depositorBank, d.protocol].filter(Boolean).join(' '),
        note: d.note,
        created_at: time(d.createdAt),
        settled_at: time(d.settledAt),
      })),
    };
  },

  async withdrawals(q, userId, slice) {
    const where = eq(withdrawals.userId, userId);
    const sort = { created_at: withdrawals.createdAt, amount: withdrawals.amount };
    const rows = await q
      .select({ w: withdrawals, card: cards, pending: ledgerPending })
      .from(withdrawals)
      .innerJoin(cards, eq(cards.id, withdrawals.cardId))
      .innerJoin(ledgerPending, eq(ledgerPending.key, withdrawals.pendingKey))
      .where(where)
      .orderBy(...ordering(slice, sort, withdrawals.createdAt, withdrawals.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, withdrawals, where),
      data: rows.map(({ w, card, pending }) => ({
        id: w.id,
        order_no: w.orderNo,
        to: `${card.bank} ${card.bankOwner} ${card.bankNo}`,
        amount: money(w.amount),
        fee: money(w.fee),
        state: withdrawalState(pending.state),
        note: pending.note,
        created_at: time(w.createdAt),
        reviewed_at: time(pending.resolvedAt),
      })),
    };
  },

  async transfers(q, userId, slice) {
    const where = eq(venueTransfers.userId, userId);
    const sort = { created_at: venueTransfers.createdAt, amount: venueTransfers.amount };
    const rows = await q
      .select({ t: venueTransfers, venue: venues.name, pending: ledgerPending })
      .from(venueTransfers)
      .innerJoin(venues, eq(venues.code, venueTransfers.venue))
      .innerJoin(ledgerPending, eq(ledgerPending.key, venueTransfers.pendingKey))
      .where(where)
      .orderBy(...ordering(slice, sort, venueTransfers.createdAt, venueTransfers.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, venueTransfers, where),
      data: rows.map(({ t, venue, pending }) => ({
        id: t.id,
        order_no: t.orderNo,
        venue,
        direction: t.direction === 'in' ? '转入场馆' : '转出场馆',
        amount: money(t.amount),
        state: venueTransferState(pending.state),
        error: pending.note,
        created_at: time(t.createdAt),
        settled_at: time(pending.resolvedAt),
      })),
    };
  },

  async bets(q, userId, slice) {
    const where = eq(bets.userId, userId);
    const sort = { placed_at: bets.placedAt, bet_amount: bets.betAmount, win_loss: bets.winLoss };
    const rows = await q
      .select({ b: bets, venue: venues.name })
      .from(bets)
      .innerJoin(venues, eq(venues.code, bets.venue))
      .where(where)
      .orderBy(...ordering(slice, sort, bets.placedAt, bets.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, bets, where),
      data: rows.map(({ b, venue }) => ({
        id: b.id,
        bet_id: b.betId,
        venue,
        game_code: b.gameCode,
        bet_amount: money(b.betAmount),
        valid_amount: money(b.validAmount),
        win_loss: money(b.winLoss),
        status: b.status,
        placed_at: time(b.placedAt),
      })),
    };
  },

  async 'red-packets'(q, userId, slice) {
    const where = eq(redPacketGrabs.userId, userId);
    const sort = { grabbed_at: redPacketGrabs.grabbedAt, amount: redPacketGrabs.amount };
    const rows = await q
      .select()
      .from(redPacketGrabs)
      .where(where)
      .orderBy(...ordering(slice, sort, redPacketGrabs.grabbedAt, redPacketGrabs.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, redPacketGrabs, where),
      data: rows.map((g) => ({
        id: g.id,
        day: g.day,
        rule: g.rule,
        deposits: money(g.deposits),
        amount: money(g.amount),
        grabbed_at: time(g.grabbedAt),
      })),
    };
  },

  async rebates(q, userId, slice) {
    const where = eq(rebates.userId, userId);
    const sort = { created_at: rebates.createdAt, amount: rebates.amount };
    const rows = await q
      .select()
      .from(rebates)
      .where(where)
      .orderBy(...ordering(slice, sort, rebates.createdAt, rebates.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, rebates, where),
      data: rows.map((r) => ({
        id: r.id,
        day: r.day,
        category: r.category,
        valid_amount: money(r.validAmount),
        rate: `${(r.rate / 100).toFixed(2)}%`,
        amount: money(r.amount),
        state: r.state,
        created_at: time(r.createdAt),
        claimed_at: time(r.claimedAt),
      })),
    };
  },

  async applications(q, userId, slice) {
    const where = eq(activityApplications.userId, userId);
    const sort = { created_at: activityApplications.createdAt };
    const rows = await q
      .select({ a: activityApplications, title: activities.title })
      .from(activityApplications)
      .innerJoin(activities, eq(activities.id, activityApplications.activityId))
      .where(where)
      .orderBy(...ordering(slice, sort, activityApplications.createdAt, activityApplications.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, activityApplications, where),
      data: rows.map(({ a, title }) => ({
        id: a.id,
        activity: title,
        state: a.state,
        created_at: time(a.createdAt),
        reviewed_at: time(a.reviewedAt),
      })),
    };
  },

  async 'agent-applications'(q, userId, slice) {
    const where = eq(agentApplications.userId, userId);
    const sort = { created_at: agentApplications.createdAt };
    const rows = await q
      .select()
      .from(agentApplications)
      .where(where)
      .orderBy(...ordering(slice, sort, agentApplications.createdAt, agentApplications.id))
      .limit(slice.limit)
      .offset(slice.offset);
    return {
      total: await countOf(q, agentApplications, where),
      data: rows.map((a) => ({
        id: a.id,
        mobile: a.mobile,
        reason: a.reason,
        state: a.state,
        created_at: time(a.createdAt),
      })),
    };
  },
};

export const playerRecords = (
  q: Queryable,
  list: PlayerRecordList,
  userId: number,
  slice: Slice,
  now: Date,
) => RECORD_SOURCES[list](q, userId, slice, now);
