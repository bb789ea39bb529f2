import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { agentApplications } from '../../db/schema/content';
import { users } from '../../db/schema/users';
import { conflict } from '../../lib/errors';

/** An application to the partner programme: one open at a time, none once an agent. */
export async function applyForAgency(
  ctx: AppContext,
  userId: number,
  input: { mobile: string; reason: string },
) {
  const [user] = await ctx.db.select({ isAgent: users.isAgent }).from(users).where(eq(users.id, userId));
  if (user?.isAgent === 1) throw conflict(CONTENT_SERVER_MSG.agentAlready);
  const [row] = await ctx.db
    .insert(agentApplications)
    .values({ userId, mobile: input.mobile, reason: input.reason, createdAt: ctx.clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(CONTENT_SERVER_MSG.agentPending);
  return CONTENT_SERVER_MSG.agentApplied;
}
