import type { AppContext } from '../../context';

/**
 * Tells every node that console sessions ended, after the change committed: the session is
 * refused at its next call anyway, but an open console stream makes no calls, so each node closes
 * the streams it holds of these sessions at once (events/hub.ts).
 */
export const sessionEnded = (ctx: AppContext, sessionId: number) =>
  ctx.bus.publish('operator.session.revoked', { sessionId });

/** Every console session of the operator ended, but `keepSessionId` (the one that changed its own password). */
export const sessionsEnded = (ctx: AppContext, operatorId: number, keepSessionId?: number) =>
  ctx.bus.publish('operator.sessions.revoked', { operatorId, keepSessionId: keepSessionId ?? null });
