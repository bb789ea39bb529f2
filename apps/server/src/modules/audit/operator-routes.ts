import { auditQuerySchema, auditRowSchema } from '@app/contract/admin/audit';
import { beijingDay } from '@app/contract/time';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendCsv } from '../../lib/csv';
import { consoleListRoute } from '../../plugins/console-list';
import { operatorOf } from '../../plugins/operator-access';
import { auditCsv, auditPage } from './log';
import { recordAudit } from './service';

const tags = ['admin: audit'];

export async function auditRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  consoleListRoute(app, {
    url: '/admin/api/audit',
    permission: 'audit.view',
    tags,
    summary: '审计日志（按操作员、操作、对象、日期筛选）',
    query: auditQuerySchema,
    row: auditRowSchema,
    page: (query) => auditPage(ctx, query),
  });

  r.get(
    '/admin/api/audit/export',
    {
      config: { permission: 'audit.export' },
      schema: { tags, summary: '导出审计日志（CSV）', querystring: auditQuerySchema },
    },
    async (request, reply) => {
      const { csv, rows } = await auditCsv(ctx, request.query);
      const now = ctx.clock.now();
      await recordAudit(ctx.db, now, operatorOf(request).actor, {
        action: 'audit.export',
        targetType: 'search',
        targetId: 'audit',
        after: { filter: request.query, rows },
      });
      return sendCsv(reply, `审计日志-${beijingDay(now)}`, csv);
    },
  );
}
