import { CONTENT_SERVER_MSG } from '@app/contract/content-rules';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { insertAgentApplication } from '../applications/service';
import { isAgent } from './centre-api';

/** An application to the partner programme: one open at a time, none once an agent. */
export async function applyForAgency(
  ctx: AppContext,
  userId: number,
  input: { mobile: string; reason: string },
) {
  if (await isAgent(ctx, userId)) throw conflict(CONTENT_SERVER_MSG.agentAlready);
  const filed = await insertAgentApplication(ctx.db, {
    userId,
    mobile: input.mobile,
    reason: input.reason,
    createdAt: ctx.clock.now(),
  });
  if (!filed) throw conflict(CONTENT_SERVER_MSG.agentPending);
  return CONTENT_SERVER_MSG.agentApplied;
}
