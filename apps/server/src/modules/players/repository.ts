import { TransferMode } from '@app/contract/status';
import {
  and,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notLike,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { users } from '../../db/schema/users';

export type PlayerRecord = typeof users.$inferSelect;

export async function findPlayer(q: Queryable, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updatePlayer(q: Queryable, id: number, values: Partial<typeof users.$inferInsert>) {
  await q.update(users).set(values).where(eq(users.id, id));
}

export async function usernameOf(q: Queryable, id: number | null): Promise<string> {
  if (id === null) return '';
  const [row] = await q.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? '';
}

export async function transferStatusOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.select({ status: users.transferStatus }).from(users).where(eq(users.id, userId));
  return row?.status ?? TransferMode.manual;
}

export async function setTransferStatus(q: Queryable, userId: number, status: number): Promise<void> {
  await q.update(users).set({ transferStatus: status }).where(eq(users.id, userId));
}

export async function realityCheckMinutesOf(q: Queryable, userId: number): Promise<number> {
  const [row] = await q
    .select({ minutes: users.realityCheckMinutes })
    .from(users)
    .where(eq(users.id, userId));
  return row?.minutes ?? 0;
}

export async function setRealityCheckMinutes(q: Queryable, userId: number, minutes: number): Promise<void> {
  await q.update(users).set({ realityCheckMinutes: minutes }).where(eq(users.id, userId));
}

export async function turnoverRequiredOf(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.select({ required: users.turnoverRequired }).from(users).where(eq(users.id, userId));
  return row?.required ?? 0n;
}

/** A new player's account; undefined when the username is taken. */
export async function insertPlayer(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx
    .insert(users)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  return row;
}

export async function playerExists(q: Queryable, id: number): Promise<boolean> {
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, id));
  return Boolean(row);
}

export async function recordLogin(q: Queryable, userId: number, ip: string): Promise<void> {
  await q.update(users).set({ lastLoginAt: new Date(), lastLoginIp: ip }).where(eq(users.id, userId));
}

export async function depositTotalOf(q: Queryable, userId: number): Promise<bigint> {
  const [row] = await q.select({ total: users.depositTotal }).from(users).where(eq(users.id, userId));
  return row?.total ?? 0n;
}

/** The usernames of the players named, by id. */
export async function usernamesByIds(q: Queryable, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function addToDepositTotal(tx: Tx, userId: number, amount: bigint): Promise<void> {
  await tx
    .update(users)
    .set({ depositTotal: sql`${users.depositTotal} + ${amount}` })
    .where(eq(users.id, userId));
}

export interface TwoFactorRow {
  username: string;
  secret: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
}

export async function twoFactorOf(q: Queryable, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await q
    .select({
      username: users.username,
      secret: users.totpSecret,
      enabledAt: users.totpEnabledAt,
      lastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A new secret waiting for its first code; refused (false) while two-factor is on. */
export async function storePendingTotpSecret(q: Queryable, userId: number, secret: string): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpSecret: secret, totpLastStep: null })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Accepts a time step once: false when this step or a later one was accepted before. */
export async function acceptTotpStep(q: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), sql`(${users.totpLastStep} IS NULL OR ${users.totpLastStep} < ${step})`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Turns two-factor on if the pending secret is still `secret` and it is not on already. */
export async function enableTotp(q: Queryable, userId: number, secret: string, at: Date): Promise<boolean> {
  const rows = await q
    .update(users)
    .set({ totpEnabledAt: at })
    .where(and(eq(users.id, userId), eq(users.totpSecret, secret), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function clearTotp(q: Queryable, userId: number): Promise<void> {
  await q
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(eq(users.id, userId));
}

/** Players whose stored TOTP secret does not start with `prefix` (the current key's). */
export async function secretsNotStartingWith(q: Queryable, prefix: string) {
  const rows = await q
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(and(isNotNull(users.totpSecret), notLike(users.totpSecret, `${prefix}%`)));
  return rows.flatMap((r) => (r.secret === null ? [] : [{ id: r.id, secret: r.secret }]));
}

/** Replaces a stored TOTP secret, only while it is still `from`. */
export async function replaceSecret(q: Queryable, id: number, from: string, to: string): Promise<void> {
  await q
    .update(users)
    .set({ totpSecret: to })
    .where(and(eq(users.id, id), eq(users.totpSecret, from)));
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The ids of the players whose username is `name`, case aside (a console list's player filter). */
export async function playerIdsNamed(q: Queryable, name: string): Promise<number[]> {
  const rows = await q
    .select({ id: users.id })
    .from(users)
    .where(ilike(users.username, escapeLike(name)));
  return rows.map((r) => r.id);
}

/**
 * The ids of every player (of a VIP level), `only` those it lets through, as a subquery: a statement
 * writing one row to each (a message to all) selects from it in one go.
 */
export function playerIdsWhere(q: Queryable, to: { vip?: number; only?: (userId: SQLWrapper) => SQL }) {
  return q
    .select({ id: users.id })
    .from(users)
    .where(and(to.vip === undefined ? undefined : eq(users.vip, to.vip), to.only?.(users.id)));
}

export async function findUserByUsername(q: Queryable, username: string) {
  const [row] = await q.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function payPasswordHashOf(q: Queryable, userId: number): Promise<string | undefined> {
  const [user] = await q.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, userId));
  return user?.hash;
}

/**
 * The player's status as a scalar subquery of the caller's statement (the session check reads the
 * session and its player's status in one prepared statement, on every uncached request).
 */
export const playerStatusOf = (userId: SQLWrapper) =>
  sql<number>`(SELECT ${users.status} FROM ${users} WHERE ${users.id} = ${userId})`;

/** What the agent programme shows of players: name, agent flag, registration and last login. */
export async function playerCards(q: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, PlayerCard>();
  const rows = await q
    .select({
      id: users.id,
      username: users.username,
      isAgent: users.isAgent,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { ...r, isAgent: r.isAgent === 1 }]));
}
export interface PlayerCard {
  id: number;
  username: string;
  isAgent: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
}

/** Every agent's id (the partner programme's members), in id order. */
export async function agentIds(q: Queryable): Promise<number[]> {
  const rows = await q.select({ id: users.id }).from(users).where(eq(users.isAgent, 1)).orderBy(users.id);
  return rows.map((r) => r.id);
}
