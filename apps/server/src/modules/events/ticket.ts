import { createHmac, timingSafeEqual } from 'node:crypto';
import { PlayerStatus } from '@app/contract/status';
import type { AppContext } from '../../context';
import { type Authenticated, findLiveSessionById } from '../auth/service';

/** How long a stream ticket opens a stream: long enough to connect, too short to be worth stealing. */
export const TICKET_LIFE_MS = 60_000;

const sign = (tokenHash: string, payload: string) =>
  createHmac('sha256', tokenHash).update(payload).digest('base64url');

/**
 * A ticket that opens the player's event stream: EventSource sends no Authorization header, so
 * the stream's URL carries this instead of the session token (URLs land in access logs). It names
 * the session and its end, signed with the session's token hash, a secret only the server keeps:
 * it dies with the session, and nobody can make one from a logged ticket.
 */
export function issueTicket(auth: Authenticated, tokenHash: string, now: Date): string {
  const payload = `${auth.sessionId}.${now.getTime() + TICKET_LIFE_MS}`;
  return `${payload}.${sign(tokenHash, payload)}`;
}

/** The live session a ticket opens, or undefined (malformed, expired, forged, or its session ended). */
export async function redeemTicket(ctx: AppContext, ticket: string): Promise<Authenticated | undefined> {
  const match = /^(\d{1,12})\.(\d{1,15})\.([\w-]{43})$/.exec(ticket);
  if (!match) return undefined;
  const [, session, until, signature = ''] = match;
  const now = ctx.clock.now();
  if (Number(until) < now.getTime()) return undefined;
  const sessionId = Number(session);
  const live = await findLiveSessionById(ctx.db, sessionId, now);
  if (live?.userStatus !== PlayerStatus.active) return undefined;
  const expected = Buffer.from(sign(live.tokenHash, `${session}.${until}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: live.userId, sessionId };
}
