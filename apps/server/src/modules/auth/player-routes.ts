import { SERVER_MSG } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done } from '../../lib/envelope';
import { messageReplies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import * as service from './service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/logoff',
    {
      schema: { tags: ['auth'], summary: '退出登录', response: messageReplies },
    },
    async (request) => {
      await service.logoff(ctx, authOf(request));
      return done(SERVER_MSG.loggedOut);
    },
  );
}
