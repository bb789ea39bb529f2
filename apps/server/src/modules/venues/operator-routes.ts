import { reasonField } from '@app/contract/admin/fields';
import { VENUE_MSG } from '@app/contract/admin/venues';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import { recordAudit } from '../audit/service';
import { lockVenue, updateVenueStatus } from './repository';

const statusBody = z
  .object({
    enabled: z.boolean().optional(),
    maintenance: z.boolean().optional(),
    reason: reasonField,
  })
  .refine(
    (b) => b.enabled !== undefined || b.maintenance !== undefined,
    '参数错误：请给出 enabled 或 maintenance',
  );
const venueStatus = z.object({ code: z.string(), enabled: z.boolean(), maintenance: z.boolean() });

/**
 * The operator API of the venues: open, close, or put a venue into maintenance (the venues' list with
 * their games counted is the games module's, operator-routes.ts there). Each change and its audit
 * row are one transaction; then every server process drops its venue list (venues.changed), so that
 * no process lets a player move money into a venue in maintenance.
 */
export async function venueAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/admin/api/venues/:code/status',
    {
      config: { permission: 'venues.manage' },
      schema: {
        tags: ['admin'],
        summary: '开关场馆或设置维护（所有服务进程立即生效）',
        params: z.object({ code: z.string().regex(/^[a-z0-9_]{1,16}$/, '参数错误：场馆代码不正确') }),
        body: statusBody,
        response: replies(venueStatus),
      },
    },
    async (request) => {
      const { code } = request.params;
      const { reason, ...change } = request.body;
      const after = await ctx.db.transaction(async (tx) => {
        const before = await lockVenue(tx, code);
        if (!before) throw new AppError(404, VENUE_MSG.venueNotFound);
        const row = await updateVenueStatus(tx, code, change);
        if (!row) throw new AppError(404, VENUE_MSG.venueNotFound);
        await recordAudit(tx, ctx.clock.now(), operatorOf(request).actor, {
          action: 'venues.manage',
          targetType: 'venue',
          targetId: code,
          reason,
          before: { enabled: before.enabled, maintenance: before.maintenance },
          after: { enabled: row.enabled, maintenance: row.maintenance },
        });
        return { code, enabled: row.enabled, maintenance: row.maintenance };
      });
      await ctx.bus.publish('venues.changed', { code });
      return ok(after);
    },
  );
}
