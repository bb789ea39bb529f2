import { isCalendarDay } from '@app/contract/time';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { DAILY_JOBS } from '../../jobs/daily-jobs';
import { SettableClock } from '../../lib/clock';
import { done, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { messageReplies, replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import { type AuditEntry, recordAudit } from '../audit/service';
import { listDeposits } from '../deposits/service';
import { decideByApi, reviewerOf } from '../money-review/service';
import { patchSite, siteSetting, siteSettingPatch } from '../settings/service';
import { listWithdrawals } from '../withdrawals/service';

/**
 * The operator API that scripts (`npm run ops`, with an operator's API key) and tests use, each
 * route behind its permission. Deposits and withdrawals are decided as the console decides them
 * (claim, decision and audit row in one transaction).
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const audit = (request: FastifyRequest, entry: AuditEntry) =>
    recordAudit(ctx.db, ctx.clock.now(), operatorOf(request).actor, entry);

  r.post(
    '/admin/api/settings/site',
    {
      config: { permission: 'settings.site' },
      schema: {
        tags: ['admin'],
        summary: '修改站点设置（地址只能是 http(s) 地址或本站路径）',
        body: siteSettingPatch,
        response: replies(siteSetting.schema),
      },
    },
    async (request) => {
      const { before, next } = await patchSite(ctx.db, request.body);
      await audit(request, {
        action: 'settings.site',
        targetType: 'setting',
        targetId: 'site',
        before,
        after: next,
      });
      return ok(next);
    },
  );

  const reviewQuery = z.object({ state: z.coerce.number().int().min(1).max(3).default(1) });
  const decisionBody = z.object({
    order_no: z.string().min(1).max(32),
    note: z.string().max(200).default(''),
  });
  const reviewed = {
    deposits: {
      list: listDeposits,
      name: '充值',
      view: 'deposits.view',
      review: 'deposits.review',
      kind: 'deposit',
    },
    withdrawals: {
      list: listWithdrawals,
      name: '取款',
      view: 'withdrawals.view',
      review: 'withdrawals.review',
      kind: 'withdrawal',
    },
  } as const;
  for (const [path, review] of Object.entries(reviewed)) {
    const tags = ['admin'];
    r.get(
      `/admin/api/${path}`,
      {
        config: { permission: review.view },
        schema: { tags, summary: `${review.name}订单列表（默认待审核）`, querystring: reviewQuery },
      },
      async (request) => ok(await review.list(ctx, request.query.state)),
    );
    for (const [decision, verb] of [
      ['approve', '通过'],
      ['reject', '拒绝'],
    ] as const) {
      r.post(
        `/admin/api/${path}/${decision}`,
        {
          config: { permission: review.review },
          schema: {
            tags,
            summary: `${verb}${review.name}订单`,
            body: decisionBody,
            response: messageReplies,
          },
        },
        async (request) => {
          const actor = reviewerOf(operatorOf(request).actor);
          const { order_no, note } = request.body;
          return done(await decideByApi(ctx, actor, review.kind, order_no, decision, note));
        },
      );
    }
  }

  r.post(
    '/admin/api/jobs/run',
    {
      config: { permission: 'jobs.run' },
      schema: {
        tags: ['admin'],
        summary:
          '为某个北京日期运行每日任务（返水、VIP、代理佣金月结：该日次日所在月的上一个月）；再次运行只补上尚未计算的部分',
        body: z.object({
          job: z.enum(['rebates', 'vip-evaluation', 'agent-commission']),
          day: z.string().refine(isCalendarDay, '参数错误：day 应为 YYYY-MM-DD 格式的日期'),
        }),
      },
    },
    async (request) => {
      const job = DAILY_JOBS.find((j) => j.name === request.body.job);
      if (!job) throw new AppError(404, '任务不存在');
      // Each job is keyed (per player and day, or per month): a run again adds only what is still owed.
      await job.run(ctx, request.body.day);
      const outcome = 'ran';
      await audit(request, {
        action: 'jobs.run',
        targetType: 'job',
        targetId: job.name,
        after: { day: request.body.day, outcome },
      });
      return ok({ outcome });
    },
  );
  if (ctx.clock instanceof SettableClock) {
    const clock = ctx.clock;
    r.post(
      '/admin/api/test-clock',
      {
        config: { permission: 'test-clock.set' },
        schema: {
          tags: ['admin'],
          summary: '测试时钟（仅 TEST_CLOCK）',
          body: z.object({ at: z.iso.datetime({ offset: true }) }),
        },
      },
      async (request) => {
        clock.set(new Date(request.body.at));
        await audit(request, {
          action: 'test-clock.set',
          targetType: 'setting',
          targetId: 'test-clock',
          after: request.body,
        });
        return ok({ now: clock.now().toISOString() });
      },
    );
  }
}
