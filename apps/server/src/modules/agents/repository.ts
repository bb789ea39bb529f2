import { STATEMENTS_WAITING, WAITING_STATES } from '@app/contract/admin/agents';
import { and, asc, count, desc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import {
  agentLinks,
  agentMembers,
  agentPlans,
  commissionCloseRuns,
  commissionPlans,
  commissionPlanVersions,
  commissionStatementLines,
  commissionStatements,
} from '../../db/schema/agents';

export type StatementRow = typeof commissionStatements.$inferSelect;
export type LineRow = typeof commissionStatementLines.$inferSelect;
export type MemberRow = typeof agentMembers.$inferSelect;

/** `/7/12/`: the agents above a player, top first; the chain below `agentId` adds `agentId/`. */
export const chainBelow = (above: string, agentId: number) => `${above || '/'}${agentId}/`;

// Members and links

export async function memberRow(q: Queryable, userId: number): Promise<MemberRow | undefined> {
  const [row] = await q.select().from(agentMembers).where(eq(agentMembers.userId, userId));
  return row;
}

export async function insertMember(tx: Tx, row: typeof agentMembers.$inferInsert): Promise<void> {
  await tx.insert(agentMembers).values(row).onConflictDoNothing();
}

/** The agent's direct players, oldest first. */
export async function directMembers(q: Queryable, agentId: number): Promise<MemberRow[]> {
  return q
    .select()
    .from(agentMembers)
    .where(eq(agentMembers.agentId, agentId))
    .orderBy(asc(agentMembers.createdAt), asc(agentMembers.userId));
}

/** The direct players of each agent named, as (agent, player) pairs: one statement for a page of sub-agents. */
export async function membersOfAgents(q: Queryable, agentIds: readonly number[]) {
  if (agentIds.length === 0) return [];
  return q
    .select({ agentId: agentMembers.agentId, userId: agentMembers.userId })
    .from(agentMembers)
    .where(inArray(agentMembers.agentId, [...agentIds]));
}

/** A page of the agent's direct players (newest first) and how many there are. */
export async function memberPage(q: Queryable, agentId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(agentMembers)
      .where(eq(agentMembers.agentId, agentId))
      .orderBy(desc(agentMembers.createdAt), desc(agentMembers.userId))
      .limit(limit)
      .offset(offset),
    q.select({ n: count() }).from(agentMembers).where(eq(agentMembers.agentId, agentId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Every member in the agent's downline (any depth). */
export function downline(q: Queryable, agentId: number): Promise<MemberRow[]> {
  return q
    .select()
    .from(agentMembers)
    .where(like(agentMembers.chain, `%/${agentId}/%`));
}

/** Members of each agent named: how many direct players each has. */
export async function memberCounts(q: Queryable, agentIds: readonly number[]): Promise<Map<number, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await q
    .select({ agentId: agentMembers.agentId, n: count() })
    .from(agentMembers)
    .where(inArray(agentMembers.agentId, [...agentIds]))
    .groupBy(agentMembers.agentId);
  return new Map(rows.map((r) => [r.agentId, r.n]));
}

/** Moves a player to another agent: their row and the chains of their whole downline. */
export async function moveMember(tx: Tx, userId: number, agentId: number, chain: string, oldChain: string) {
  await tx.update(agentMembers).set({ agentId, chain, linkId: null }).where(eq(agentMembers.userId, userId));
  const oldPrefix = chainBelow(oldChain, userId);
  const newPrefix = chainBelow(chain, userId);
  await tx
    .update(agentMembers)
    .set({ chain: sql`${newPrefix} || substr(${agentMembers.chain}, ${oldPrefix.length + 1})` })
    .where(like(agentMembers.chain, `${oldPrefix}%`));
}

export async function linkByCode(q: Queryable, code: string) {
  const [row] = await q.select().from(agentLinks).where(eq(agentLinks.code, code));
  return row;
}

export async function linksOf(q: Queryable, agentId: number) {
  const rows = await q
    .select({
      link: agentLinks,
      registrations: sql<number>`(SELECT count(*) FROM agent_members m WHERE m.link_id = ${agentLinks.id})::int`,
    })
    .from(agentLinks)
    .where(eq(agentLinks.agentId, agentId))
    .orderBy(asc(agentLinks.id));
  return rows.map((r) => ({ ...r.link, registrations: Number(r.registrations) }));
}

export async function insertLink(q: Queryable, row: typeof agentLinks.$inferInsert) {
  const [link] = await q.insert(agentLinks).values(row).onConflictDoNothing().returning();
  return link;
}

export async function countVisit(q: Queryable, linkId: number): Promise<void> {
  await q
    .update(agentLinks)
    .set({ visits: sql`${agentLinks.visits} + 1` })
    .where(eq(agentLinks.id, linkId));
}

export async function firstLinkOf(q: Queryable, agentId: number) {
  const [row] = await q
    .select()
    .from(agentLinks)
    .where(eq(agentLinks.agentId, agentId))
    .orderBy(asc(agentLinks.id))
    .limit(1);
  return row;
}

// Plans

export async function plans(q: Queryable) {
  const [planRows, versions, counts] = await Promise.all([
    q.select().from(commissionPlans).orderBy(asc(commissionPlans.id)),
    q
      .select()
      .from(commissionPlanVersions)
      .orderBy(asc(commissionPlanVersions.planId), desc(commissionPlanVersions.version)),
    q.select({ planId: agentPlans.planId, n: count() }).from(agentPlans).groupBy(agentPlans.planId),
  ]);
  return { planRows, versions, counts: new Map(counts.map((c) => [c.planId, c.n])) };
}

export async function findPlan(q: Queryable, id: number) {
  const [row] = await q.select().from(commissionPlans).where(eq(commissionPlans.id, id));
  return row;
}

export async function insertPlan(tx: Tx, row: typeof commissionPlans.$inferInsert) {
  if (row.isDefault === 1) await tx.update(commissionPlans).set({ isDefault: 0 });
  const [plan] = await tx.insert(commissionPlans).values(row).returning();
  if (!plan) throw new Error('plan not inserted');
  return plan;
}

/** A plan's next version; the plan's row is locked so that two new versions get two numbers. */
export async function insertVersion(
  tx: Tx,
  row: Omit<typeof commissionPlanVersions.$inferInsert, 'version'>,
) {
  await tx
    .select({ id: commissionPlans.id })
    .from(commissionPlans)
    .where(eq(commissionPlans.id, row.planId))
    .for('update');
  const [last] = await tx
    .select({ v: sql<number>`coalesce(max(${commissionPlanVersions.version}), 0)::int` })
    .from(commissionPlanVersions)
    .where(eq(commissionPlanVersions.planId, row.planId));
  const [version] = await tx
    .insert(commissionPlanVersions)
    .values({ ...row, version: Number(last?.v ?? 0) + 1 })
    .returning();
  if (!version) throw new Error('version not inserted');
  return version;
}

export async function setAgentPlan(q: Queryable, agentId: number, planId: number, at: Date) {
  const [before] = await q.select().from(agentPlans).where(eq(agentPlans.agentId, agentId));
  await q
    .insert(agentPlans)
    .values({ agentId, planId, updatedAt: at })
    .onConflictDoUpdate({ target: agentPlans.agentId, set: { planId, updatedAt: at } });
  return before?.planId ?? null;
}

export async function planIdsOf(q: Queryable, agentIds: readonly number[]): Promise<Map<number, number>> {
  if (agentIds.length === 0) return new Map();
  const rows = await q
    .select()
    .from(agentPlans)
    .where(inArray(agentPlans.agentId, [...agentIds]));
  return new Map(rows.map((r) => [r.agentId, r.planId]));
}

export async function defaultPlanId(q: Queryable): Promise<number | undefined> {
  const [row] = await q
    .select({ id: commissionPlans.id })
    .from(commissionPlans)
    .orderBy(desc(commissionPlans.isDefault), asc(commissionPlans.id))
    .limit(1);
  return row?.id;
}

/** The plan's last version created before `before`: the one in force then. */
export async function versionInForce(q: Queryable, planId: number, before: Date) {
  const [row] = await q
    .select({ version: commissionPlanVersions, plan: commissionPlans.name })
    .from(commissionPlanVersions)
    .innerJoin(commissionPlans, eq(commissionPlans.id, commissionPlanVersions.planId))
    .where(and(eq(commissionPlanVersions.planId, planId), lt(commissionPlanVersions.createdAt, before)))
    .orderBy(desc(commissionPlanVersions.version))
    .limit(1);
  return row;
}

export async function versionById(q: Queryable, id: number) {
  const [row] = await q
    .select({ version: commissionPlanVersions, plan: commissionPlans.name })
    .from(commissionPlanVersions)
    .innerJoin(commissionPlans, eq(commissionPlans.id, commissionPlanVersions.planId))
    .where(eq(commissionPlanVersions.id, id));
  return row;
}

// The monthly close and statements

/** Takes the month's close: false when another run closed it (a concurrent one waits here for its commit). */
export async function claimClose(tx: Tx, month: string, at: Date): Promise<boolean> {
  const rows = await tx
    .insert(commissionCloseRuns)
    .values({ month, statements: 0, startedAt: at, finishedAt: at })
    .onConflictDoNothing()
    .returning({ month: commissionCloseRuns.month });
  return rows.length === 1;
}

export async function finishClose(tx: Tx, month: string, statements: number, at: Date): Promise<void> {
  await tx
    .update(commissionCloseRuns)
    .set({ statements, finishedAt: at })
    .where(eq(commissionCloseRuns.month, month));
}

export function closeRuns(q: Queryable, limit: number) {
  return q.select().from(commissionCloseRuns).orderBy(desc(commissionCloseRuns.month)).limit(limit);
}

/** Agents with direct players, and agents carrying a loss from their last statement. */
export async function agentsToSettle(q: Queryable, month: string): Promise<number[]> {
  const [withMembers, carrying] = await Promise.all([
    q.selectDistinct({ id: agentMembers.agentId }).from(agentMembers),
    q
      .selectDistinct({ id: commissionStatements.agentId })
      .from(commissionStatements)
      .where(and(lt(commissionStatements.month, month), lt(commissionStatements.carryOut, sql`0`))),
  ]);
  return [...new Set([...withMembers, ...carrying].map((r) => r.id))].sort((a, b) => a - b);
}

/** The carry-out of the agent's latest statement before `month` (0 when none). */
export async function carryBefore(q: Queryable, agentId: number, month: string): Promise<bigint> {
  const [row] = await q
    .select({ carryOut: commissionStatements.carryOut })
    .from(commissionStatements)
    .where(and(eq(commissionStatements.agentId, agentId), lt(commissionStatements.month, month)))
    .orderBy(desc(commissionStatements.month))
    .limit(1);
  return row?.carryOut ?? 0n;
}

export async function insertStatement(
  tx: Tx,
  row: typeof commissionStatements.$inferInsert,
  lines: Omit<typeof commissionStatementLines.$inferInsert, 'statementId'>[],
): Promise<number> {
  const [statement] = await tx
    .insert(commissionStatements)
    .values(row)
    .returning({ id: commissionStatements.id });
  if (!statement) throw new Error('statement not inserted');
  if (lines.length > 0)
    await tx.insert(commissionStatementLines).values(lines.map((l) => ({ ...l, statementId: statement.id })));
  return statement.id;
}

export async function findStatement(q: Queryable, id: number): Promise<StatementRow | undefined> {
  const [row] = await q.select().from(commissionStatements).where(eq(commissionStatements.id, id));
  return row;
}

export async function lockStatement(tx: Tx, id: number): Promise<StatementRow | undefined> {
  const [row] = await tx
    .select()
    .from(commissionStatements)
    .where(eq(commissionStatements.id, id))
    .for('update');
  return row;
}

export async function updateStatement(
  tx: Tx,
  id: number,
  set: Partial<typeof commissionStatements.$inferInsert>,
) {
  await tx.update(commissionStatements).set(set).where(eq(commissionStatements.id, id));
}

export function linesOf(q: Queryable, statementId: number): Promise<LineRow[]> {
  return q
    .select()
    .from(commissionStatementLines)
    .where(eq(commissionStatementLines.statementId, statementId))
    .orderBy(asc(commissionStatementLines.userId));
}

export interface StatementFilter {
  agentIds?: number[];
  state?: number;
  month?: string;
}

const statementWhere = (f: StatementFilter) =>
  and(
    f.agentIds ? inArray(commissionStatements.agentId, f.agentIds.length > 0 ? f.agentIds : [-1]) : undefined,
    f.state === STATEMENTS_WAITING ? inArray(commissionStatements.state, [...WAITING_STATES]) : undefined,
    f.state !== undefined && f.state >= 0 ? eq(commissionStatements.state, f.state) : undefined,
    f.month ? eq(commissionStatements.month, f.month) : undefined,
  );

export async function statementPage(q: Queryable, f: StatementFilter, limit: number, offset: number) {
  const where = statementWhere(f);
  const [rows, [total]] = await Promise.all([
    q
      .select()
      .from(commissionStatements)
      .where(where)
      .orderBy(desc(commissionStatements.month), asc(commissionStatements.agentId))
      .limit(limit)
      .offset(offset),
    q.select({ n: count() }).from(commissionStatements).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function latestStatement(q: Queryable, agentId: number): Promise<StatementRow | undefined> {
  const [row] = await q
    .select()
    .from(commissionStatements)
    .where(eq(commissionStatements.agentId, agentId))
    .orderBy(desc(commissionStatements.month))
    .limit(1);
  return row;
}

/** Statements waiting for a decision (pending, or with a first approval), per month when asked. */
export async function waitingCount(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(commissionStatements)
    .where(inArray(commissionStatements.state, [...WAITING_STATES]));
  return row?.n ?? 0;
}

export async function monthTotals(q: Queryable, months: readonly string[]) {
  if (months.length === 0) return new Map<string, { waiting: number; paid: bigint }>();
  const rows = await q
    .select({
      month: commissionStatements.month,
      waiting: sql<number>`count(*) FILTER (WHERE ${commissionStatements.state} IN (0, 1, 2))::int`,
      paid: sql<string>`coalesce(sum(${commissionStatements.paid}), 0)::text`,
    })
    .from(commissionStatements)
    .where(inArray(commissionStatements.month, [...months]))
    .groupBy(commissionStatements.month);
  return new Map(rows.map((r) => [r.month, { waiting: Number(r.waiting), paid: BigInt(r.paid) }]));
}

/** The chains of the players named that belong to an agent. */
export async function chainsOf(q: Queryable, userIds: readonly number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await q
    .select({ userId: agentMembers.userId, chain: agentMembers.chain })
    .from(agentMembers)
    .where(inArray(agentMembers.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, r.chain]));
}
