import { OPERATOR_MSG } from '@app/contract/admin/auth';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { sessionOf } from '../../plugins/operator-access';
import { roleOf } from '../operators/service';

/**
 * The console's event stream: the operator's own session (its cookie, which EventSource sends),
 * and each event only to roles allowed to see its area (hub.ts).
 */
export async function eventAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/admin/api/events',
    {
      config: { permission: 'self' },
      schema: { tags: ['events'], summary: '控制台事件流（Server-Sent Events）' },
    },
    async (request, reply) => {
      // A console session (an API key has no console), so that the stream ends with the session.
      const { operator, session } = sessionOf(request);
      const role = roleOf(operator);
      if (!role) throw new AppError(403, OPERATOR_MSG.forbidden);
      const header = request.headers['last-event-id'];
      reply.hijack();
      ctx.events.openOperator(
        reply.raw,
        { operatorId: operator.id, sessionId: session.id, role },
        typeof header === 'string' ? header : undefined,
      );
    },
  );
}
