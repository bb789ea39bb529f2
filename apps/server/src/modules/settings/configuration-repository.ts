import type {
  ChannelConfig,
  ReceivingAccountBody,
  ReceivingAccountConfig,
  VipLevelBody,
  VipLevelConfig,
} from '@app/contract/admin/config';
import { amountToCents, centsToAmount } from '@app/contract/money';
import type { AmountRule } from '@app/contract/payment-rules';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { receivingAccounts } from '../../db/schema/payments';
import { payChannels, vipLevels } from '../../db/schema/reference';

export type ChannelRow = typeof payChannels.$inferSelect;
type AccountRow = typeof receivingAccounts.$inferSelect;
type VipRow = typeof vipLevels.$inferSelect;

export const channelOf = (c: ChannelRow): ChannelConfig => ({
  code: c.code,
  name: c.name,
  kind: c.kind,
  enabled: c.enabled,
  sort: c.sort,
  amount_rule: c.amountRule,
});

export async function channels(q: Queryable): Promise<ChannelConfig[]> {
  return (await channelRows(q)).map(channelOf);
}

/** The payment channels' rows, in their order. */
export function channelRows(q: Queryable): Promise<ChannelRow[]> {
  return q.select().from(payChannels).orderBy(asc(payChannels.sort), asc(payChannels.code));
}

/** The payment channels named, by code (a list of orders names its channels after its page). */
export async function channelsByCodes(
  q: Queryable,
  codes: readonly string[],
): Promise<Map<string, ChannelRow>> {
  if (codes.length === 0) return new Map();
  const rows = await q
    .select()
    .from(payChannels)
    .where(inArray(payChannels.code, [...new Set(codes)]));
  return new Map(rows.map((c) => [c.code, c]));
}

export async function findChannel(q: Queryable, code: string): Promise<ChannelRow | undefined> {
  const [row] = await q.select().from(payChannels).where(eq(payChannels.code, code));
  return row;
}

export async function lockChannel(tx: Tx, code: string): Promise<ChannelRow | undefined> {
  const [row] = await tx.select().from(payChannels).where(eq(payChannels.code, code)).for('update');
  return row;
}

export async function updateChannel(
  tx: Tx,
  code: string,
  change: { enabled: boolean; sort: number; amountRule: AmountRule },
): Promise<ChannelRow | undefined> {
  const [row] = await tx.update(payChannels).set(change).where(eq(payChannels.code, code)).returning();
  return row;
}

export const accountOf = (a: AccountRow): ReceivingAccountConfig => ({
  id: a.id,
  kind: a.kind,
  bank_name: a.bankName,
  owner: a.owner,
  number: a.number,
  note: a.note,
  enabled: a.enabled,
  sort: a.sort,
});

export async function accounts(q: Queryable): Promise<ReceivingAccountConfig[]> {
  const rows = await q
    .select()
    .from(receivingAccounts)
    .orderBy(asc(receivingAccounts.kind), asc(receivingAccounts.sort), asc(receivingAccounts.id));
  return rows.map(accountOf);
}

const accountValues = (b: Omit<ReceivingAccountBody, 'reason'>) => ({
  kind: b.kind,
  bankName: b.bank_name,
  owner: b.owner,
  number: b.number,
  note: b.note,
  enabled: b.enabled,
  sort: b.sort,
});

/** A new receiving account; undefined when the same number (or address) is already there. */
export async function insertAccount(tx: Tx, b: Omit<ReceivingAccountBody, 'reason'>) {
  const [row] = await tx.insert(receivingAccounts).values(accountValues(b)).onConflictDoNothing().returning();
  return row;
}

/** The enabled receiving accounts of a kind, in their order (what a depositor is shown). */
export function enabledReceivingAccounts(q: Queryable, kind: 'bank' | 'usdt') {
  return q
    .select()
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.kind, kind), eq(receivingAccounts.enabled, true)))
    .orderBy(asc(receivingAccounts.sort), asc(receivingAccounts.id));
}

export async function findReceivingAccount(q: Queryable, id: number): Promise<AccountRow | undefined> {
  const [row] = await q.select().from(receivingAccounts).where(eq(receivingAccounts.id, id));
  return row;
}

export async function accountWithNumber(q: Queryable, kind: 'bank' | 'usdt', number: string) {
  const [row] = await q
    .select()
    .from(receivingAccounts)
    .where(and(eq(receivingAccounts.kind, kind), eq(receivingAccounts.number, number)));
  return row;
}

export async function lockAccount(tx: Tx, id: number): Promise<AccountRow | undefined> {
  const [row] = await tx.select().from(receivingAccounts).where(eq(receivingAccounts.id, id)).for('update');
  return row;
}

export async function updateAccount(tx: Tx, id: number, b: Omit<ReceivingAccountBody, 'reason'>) {
  const [row] = await tx
    .update(receivingAccounts)
    .set(accountValues(b))
    .where(eq(receivingAccounts.id, id))
    .returning();
  return row;
}

const percent = (basisPoints: number) => basisPoints / 100;
const basisPoints = (p: number) => Math.round(p * 100);
const cents = (amount: number) => amountToCents(amount) ?? 0n;

export const vipLevelOf = (v: VipRow): VipLevelConfig => ({
  level: v.level,
  name: v.name,
  recharge: centsToAmount(v.recharge),
  flow: centsToAmount(v.flow),
  retention_flow: centsToAmount(v.retentionFlow),
  rebates: {
    realperson: percent(v.rebateRealperson),
    sport: percent(v.rebateSport),
    e_sport: percent(v.rebateESport),
    joker: percent(v.rebateJoker),
    electron: percent(v.rebateElectron),
    lottery: percent(v.rebateLottery),
  },
});

export async function vipRows(q: Queryable): Promise<VipRow[]> {
  return q.select().from(vipLevels).orderBy(asc(vipLevels.level));
}

/** Every level, locked: a level's requirements are checked against its neighbours'. */
export async function lockVipLevels(tx: Tx): Promise<VipRow[]> {
  return tx.select().from(vipLevels).orderBy(asc(vipLevels.level)).for('update');
}

export async function updateVipLevel(tx: Tx, level: number, b: Omit<VipLevelBody, 'reason'>) {
  const [row] = await tx
    .update(vipLevels)
    .set({
      name: b.name,
      recharge: cents(b.recharge),
      flow: cents(b.flow),
      retentionFlow: cents(b.retention_flow),
      rebateRealperson: basisPoints(b.rebates.realperson),
      rebateSport: basisPoints(b.rebates.sport),
      rebateESport: basisPoints(b.rebates.e_sport),
      rebateJoker: basisPoints(b.rebates.joker),
      rebateElectron: basisPoints(b.rebates.electron),
      rebateLottery: basisPoints(b.rebates.lottery),
    })
    .where(eq(vipLevels.level, level))
    .returning();
  return row;
}
