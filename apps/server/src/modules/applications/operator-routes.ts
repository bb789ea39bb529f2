import {
  APPLICATION_KINDS,
  type ApplicationKind,
  applicationDecisionSchema,
  applicationQuerySchema,
} from '@app/contract/admin/applications';
import { rowSchema } from '@app/contract/admin/players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { done } from '../../lib/envelope';
import { idParams, messageReplies } from '../../lib/schemas';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import { decideApplication } from './decisions';
import { applicationQueue } from './queues';

const tags = ['admin: applications'];

/** The console's application queues (activities, agents) and their decisions, each taken once. */
export async function applicationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of Object.keys(APPLICATION_KINDS) as ApplicationKind[]) {
    const name = APPLICATION_KINDS[kind];
    consoleListRoute(app, {
      url: `/admin/api/applications/${kind}`,
      permission: 'applications.view',
      tags,
      summary: `${name}队列：按状态、玩家、日期筛选，分页`,
      query: applicationQuerySchema,
      row: rowSchema,
      page: (query) => applicationQueue(ctx.db, kind, query),
    });
    r.post(
      `/admin/api/applications/${kind}/:id/decide`,
      {
        config: { permission: 'applications.review' },
        schema: {
          tags,
          summary:
            kind === 'activities'
              ? '审核活动申请：通过（可发放彩金，计入流水）或拒绝，玩家收到站内信'
              : '审核代理申请：通过（玩家成为代理）或拒绝，玩家收到站内信',
          params: idParams('bigint'),
          body: applicationDecisionSchema,
          response: messageReplies,
        },
      },
      async (request) =>
        done(await decideApplication(ctx, operatorOf(request).actor, kind, request.params.id, request.body)),
    );
  }
}
