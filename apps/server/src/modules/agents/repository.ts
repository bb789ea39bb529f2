import { BetStatus } from '@app/contract/status';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { agentApplications } from '../../db/schema/content';
import { bets } from '../../db/schema/games';
import { users } from '../../db/schema/users';

export async function isAgent(q: Queryable, userId: number): Promise<boolean> {
  const [user] = await q.select({ isAgent: users.isAgent }).from(users).where(eq(users.id, userId));
  return user?.isAgent === 1;
}

/** Files an application; answers false when the player already has one open. */
export async function insertAgentApplication(
  q: Queryable,
  values: typeof agentApplications.$inferInsert,
): Promise<boolean> {
  const [row] = await q.insert(agentApplications).values(values).onConflictDoNothing().returning();
  return row !== undefined;
}

/** The agent's name and what the players they invited did: all time, and since `since`. */
export async function agentFigures(q: Queryable, agentId: number, since: Date) {
  const [agent] = await q.select({ username: users.username }).from(users).where(eq(users.id, agentId));
  const [invited] = await q
    .select({ n: count(), deposits: sql<string>`coalesce(sum(${users.depositTotal}), 0)::text` })
    .from(users)
    .where(eq(users.referrerId, agentId));
  const [recent] = await q
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.referrerId, agentId), gte(users.createdAt, since)));
  const [flow] = await q
    .select({ valid: sql<string>`coalesce(sum(${bets.validAmount}), 0)::text` })
    .from(bets)
    .innerJoin(users, eq(users.id, bets.userId))
    .where(and(eq(users.referrerId, agentId), gte(bets.placedAt, since), eq(bets.status, BetStatus.settled)));
  return { agent, invited, recent, flow };
}
