import { timingSafeEqual } from 'node:crypto';
import { amountNumber } from '@app/contract/amount';
import { SERIAL_ID_MAX } from '@app/contract/constants';
import { SERVER_MSG } from '@app/contract/messages';
import { isCalendarDay } from '@app/contract/time';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { DAILY_JOBS, runDailyJob } from '../../jobs/daily-jobs';
import { SettableClock } from '../../lib/clock';
import { done, ok } from '../../lib/envelope';
import { AppError, unauthorized } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { messageReplies, replies } from '../../lib/schemas';
import { publishActivity, publishNotice, sendMessage } from '../content/publish';
import { approveDeposit, listDeposits, rejectDeposit } from '../deposits/review';
import { siteSetting, siteSettingPatch } from '../settings/definitions';
import { readSetting, writeSetting } from '../settings/repository';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../withdrawals/review';
import { creditPlayer } from './service';

function adminGuard(expected: string) {
  const want = Buffer.from(expected);
  return async (request: FastifyRequest) => {
    const got = Buffer.from(request.headers.authorization?.replace(/^Bearer /i, '') ?? '');
    if (got.length !== want.length || !timingSafeEqual(got, want)) throw unauthorized(SERVER_MSG.notLoggedIn);
  };
}

/**
 * The operator API, until the operator console exists: enabled only when ADMIN_TOKEN is set.
 * It works against a running server, which matters with the embedded database (one process only).
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const token = ctx.config.adminToken;
  if (!token) return;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/admin/api/settings/site',
    {
      onRequest: adminGuard(token),
      schema: {
        tags: ['admin'],
        summary: '修改站点设置（地址只能是 http(s) 地址或本站路径）',
        body: siteSettingPatch,
        response: replies(siteSetting.schema),
      },
    },
    async (request) => {
      const next = { ...(await readSetting(ctx.db, siteSetting)), ...request.body };
      next.webcontent = sanitizeHtml(next.webcontent);
      await writeSetting(ctx.db, siteSetting, next);
      return ok(next);
    },
  );

  r.post(
    '/admin/api/players/credit',
    {
      onRequest: adminGuard(token),
      schema: {
        tags: ['admin'],
        summary: '为玩家加款（经账本，可重复提交同一 key）',
        body: z.object({
          username: z.string().min(1),
          amount: amountNumber('amount').pipe(z.number().positive()),
          memo: z.string().max(200).default(''),
          turnover_multiple: z.number().min(0).max(50).default(1),
          key: z.string().min(8).max(100),
        }),
        response: messageReplies,
      },
    },
    async (request) => {
      const { username, amount, memo, turnover_multiple, key } = request.body;
      const { applied } = await creditPlayer(ctx, {
        username,
        amount,
        memo,
        turnoverMultiple: turnover_multiple,
        key,
      });
      return done(applied ? '加款成功' : '该 key 已加款，未重复加款');
    },
  );

  const reviewQuery = z.object({ state: z.coerce.number().int().min(1).max(3).default(1) });
  const decisionBody = z.object({
    order_no: z.string().min(1).max(32),
    note: z.string().max(200).default(''),
  });
  const reviewed = {
    deposits: { list: listDeposits, approve: approveDeposit, reject: rejectDeposit, name: '充值' },
    withdrawals: {
      list: listWithdrawals,
      approve: approveWithdrawal,
      reject: rejectWithdrawal,
      name: '取款',
    },
  } as const;
  for (const [path, review] of Object.entries(reviewed)) {
    const tags = ['admin'];
    r.get(
      `/admin/api/${path}`,
      {
        onRequest: adminGuard(token),
        schema: { tags, summary: `${review.name}订单列表（默认待审核）`, querystring: reviewQuery },
      },
      async (request) => ok(await review.list(ctx, request.query.state)),
    );
    r.post(
      `/admin/api/${path}/approve`,
      {
        onRequest: adminGuard(token),
        schema: { tags, summary: `通过${review.name}订单`, body: decisionBody, response: messageReplies },
      },
      async (request) => done(await review.approve(ctx, request.body.order_no)),
    );
    r.post(
      `/admin/api/${path}/reject`,
      {
        onRequest: adminGuard(token),
        schema: { tags, summary: `拒绝${review.name}订单`, body: decisionBody, response: messageReplies },
      },
      async (request) => done(await review.reject(ctx, request.body.order_no, request.body.note)),
    );
  }

  const html = z.string().max(20_000);
  r.post(
    '/admin/api/activities',
    {
      onRequest: adminGuard(token),
      schema: {
        tags: ['admin'],
        summary: '发布活动（HTML 经过清理后保存）',
        body: z.object({
          type_id: z.number().int().positive().max(SERIAL_ID_MAX),
          cate: z.number().int().min(1).max(3).default(1),
          title: z.string().min(1).max(64),
          content: html,
          memo: html.default(''),
        }),
      },
    },
    async (request) => ok(await publishActivity(ctx, request.body)),
  );
  r.post(
    '/admin/api/notices',
    {
      onRequest: adminGuard(token),
      schema: {
        tags: ['admin'],
        summary: '发布公告',
        body: z.object({ title: z.string().min(1).max(100), content: html }),
      },
    },
    async (request) => ok(await publishNotice(ctx, request.body)),
  );
  r.post(
    '/admin/api/messages',
    {
      onRequest: adminGuard(token),
      schema: {
        tags: ['admin'],
        summary: '发送站内信',
        body: z.object({ username: z.string().min(1), title: z.string().min(1).max(100), content: html }),
      },
    },
    async (request) => ok(await sendMessage(ctx, request.body)),
  );

  r.post(
    '/admin/api/jobs/run',
    {
      onRequest: adminGuard(token),
      schema: {
        tags: ['admin'],
        summary: '为某个北京日期运行每日任务（返水、VIP）；已运行则跳过',
        body: z.object({
          job: z.enum(['rebates', 'vip-evaluation']),
          day: z.string().refine(isCalendarDay, '参数错误：day 应为 YYYY-MM-DD 格式的日期'),
        }),
      },
    },
    async (request) => {
      const job = DAILY_JOBS.find((j) => j.name === request.body.job);
      if (!job) throw new AppError(404, '任务不存在');
      return ok({ outcome: await runDailyJob(ctx, job, request.body.day) });
    },
  );
  if (ctx.clock instanceof SettableClock) {
    const clock = ctx.clock;
    r.post(
      '/admin/api/test-clock',
      {
        onRequest: adminGuard(token),
        schema: {
          tags: ['admin'],
          summary: '测试时钟（仅 TEST_CLOCK）',
          body: z.object({ at: z.iso.datetime({ offset: true }) }),
        },
      },
      async (request) => {
        clock.set(new Date(request.body.at));
        return ok({ now: clock.now().toISOString() });
      },
    );
  }
}
