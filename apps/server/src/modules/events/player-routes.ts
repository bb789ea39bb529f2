import { streamTicketSchema } from '@app/contract/events';
import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { unauthorized } from '../../lib/errors';
import { replies } from '../../lib/schemas';
import { authOf, bearer } from '../../plugins/auth';
import { hashToken } from '../auth/service';
import { issueTicket, redeemTicket, TICKET_LIFE_MS } from './ticket';

export const streamQuerySchema = z.object({
  /** Absent: a visitor, told to log in as on any other player route. */
  ticket: z.string().max(120).optional(),
  /** A reconnect's last event when it cannot send the `Last-Event-ID` header (a new EventSource). */
  last_event_id: z.string().max(40).optional(),
});

/** The player's event stream: a ticket from an authenticated call, then the stream it opens. */
export async function eventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];

  r.post(
    '/api/events/ticket',
    { schema: { tags, summary: '事件流票据（60 秒内有效）', response: replies(streamTicketSchema) } },
    async (request) => {
      const tokenHash = hashToken(bearer(request) ?? '');
      const ticket = issueTicket(authOf(request), tokenHash, ctx.clock.now());
      return ok({ ticket, expires_in: TICKET_LIFE_MS / 1000 });
    },
  );

  r.get(
    '/api/events',
    {
      config: { public: true },
      schema: { tags, summary: '事件流（Server-Sent Events）', querystring: streamQuerySchema },
    },
    async (request, reply) => {
      const { ticket } = request.query;
      if (ticket === undefined) throw unauthorized(SERVER_MSG.notLoggedIn);
      const auth = await redeemTicket(ctx, ticket);
      if (!auth) throw unauthorized(SERVER_MSG.sessionExpired);
      const header = request.headers['last-event-id'];
      const lastEventId =
        (typeof header === 'string' ? header.slice(0, 40) : undefined) ?? request.query.last_event_id;
      reply.hijack();
      ctx.events.openPlayer(reply.raw, auth, lastEventId);
    },
  );
}
