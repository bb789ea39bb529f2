import { cardWaitBodySchema, cardWaitSchema } from '@app/contract/protection';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import { audited } from '../audit/service';
import { cardWaitSetting, readSetting, replaceSetting } from '../settings/service';

/** The operator's setting of account security: how long a newly bound card waits before a withdrawal. */
export async function securitySettingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin: security'];
  r.get(
    '/admin/api/settings/card-wait',
    {
      config: { permission: 'withdrawals.view' },
      schema: { tags, summary: '新绑定收款账户的取款等待时长（小时）', response: replies(cardWaitSchema) },
    },
    async () => ok(await readSetting(ctx.db, cardWaitSetting)),
  );
  r.post(
    '/admin/api/settings/card-wait',
    {
      config: { permission: 'settings.site' },
      schema: {
        tags,
        summary: '修改新绑定收款账户的取款等待时长（小时，0为立即可用）',
        body: cardWaitBodySchema,
        response: replies(cardWaitSchema),
      },
    },
    async (request) => {
      const { reason, ...next } = request.body;
      await audited(
        ctx,
        operatorOf(request).actor,
        { action: 'settings.site', targetType: 'setting', targetId: cardWaitSetting.key, reason },
        (tx) => replaceSetting(tx, cardWaitSetting, next),
      );
      return ok(next);
    },
  );
}
