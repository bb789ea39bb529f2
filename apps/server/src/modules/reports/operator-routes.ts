import {
  dashboardSchema,
  REPORT_COLUMNS,
  reportQuerySchema,
  reportRow,
  reportSchema,
} from '@app/contract/admin/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { sendCsv, toCsv } from '../../lib/csv';
import { ok } from '../../lib/envelope';
import { replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import { recordAudit } from '../audit/service';
import { dashboard } from './dashboard';
import { buildReport } from './figures';

/** Reports by Beijing day and range, their CSV, and the dashboard's figures. */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-reports'];

  r.get(
    '/admin/api/reports',
    {
      config: { permission: 'reports.view' },
      schema: {
        tags,
        summary: '报表：按北京日期，每天一行及合计（from、to 为 YYYY-MM-DD）',
        querystring: reportQuerySchema,
        response: replies(reportSchema),
      },
    },
    async (request) => ok(await buildReport(ctx.db, request.query.from, request.query.to)),
  );
  r.get(
    '/admin/api/reports/export',
    {
      config: { permission: 'reports.export' },
      schema: { tags, summary: '导出报表 CSV（每天一行及合计）', querystring: reportQuerySchema },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const report = await buildReport(ctx.db, from, to);
      const rows = [...report.days.map((d) => reportRow(d.day, d)), reportRow('合计', report.total)];
      await recordAudit(ctx.db, ctx.clock.now(), operatorOf(request).actor, {
        action: 'reports.export',
        targetType: 'search',
        targetId: 'reports',
        after: { from, to, rows: rows.length },
      });
      return sendCsv(reply, `报表_${from}_${to}`, toCsv(REPORT_COLUMNS, rows));
    },
  );
  r.get(
    '/admin/api/dashboard',
    {
      config: { permission: 'dashboard.view' },
      schema: {
        tags,
        summary: '工作台：今日与昨日、待处理队列、最近一次账本校验、近 30 天',
        response: replies(dashboardSchema),
      },
    },
    async () => ok(await dashboard(ctx)),
  );
}
