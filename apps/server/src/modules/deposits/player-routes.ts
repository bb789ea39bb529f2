import { PAYMENT_SERVER_MSG } from '@app/contract/payment-rules';
import {
  gatewayRechargeBodySchema,
  gatewayRechargeResultSchema,
  orderNoQuerySchema,
  payInfoBodySchema,
  payInfoSchema,
  payRangeSchema,
  payTypeBodySchema,
  payWaySchema,
  receivingAccountSchema,
  rechargeBodySchema,
  rechargeResultSchema,
} from '@app/contract/payments';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { done, ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { idempotent } from '../../lib/idempotency';
import { perMinute, replies } from '../../lib/schemas';
import { authOf } from '../../plugins/auth';
import { findProfile } from '../players/service';
import { qrTokenValid } from './channels';
import { acceptStatement } from './credit';
import * as service from './orders';

const statementFields = {
  trade_no: z.string().max(32),
  merchant_order_no: z.string().max(32),
  amount: z.string().max(20),
  sign: z.string().max(128),
};
const statementSchema = z.discriminatedUnion('status', [
  z.object({ ...statementFields, status: z.literal('paid'), paid_at: z.string().max(40) }),
  z.object({ ...statementFields, status: z.literal('cancelled') }),
]);

export async function depositRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deposits'];
  const limited = { config: perMinute(ctx.config.rateLimits.login) };

  r.get(
    '/api/get_pay_way',
    {
      config: { public: true },
      schema: { tags, summary: '充值方式（1 开启，0 关闭）与开启的通道', response: replies(payWaySchema) },
    },
    async () => ok(await service.payWays(ctx)),
  );

  r.post(
    '/api/getPayRange',
    {
      config: { public: true },
      schema: { tags, summary: '通道金额范围', body: payTypeBodySchema, response: replies(payRangeSchema) },
    },
    async (request) => ok(await service.payRange(ctx, request.body.type)),
  );

  r.post(
    '/api/getpaybank',
    {
      schema: { tags, summary: '平台收款账户', response: replies(z.array(receivingAccountSchema)) },
    },
    async () => ok(await service.receivingBankAccounts(ctx)),
  );

  r.post(
    '/api/recharge',
    {
      ...limited,
      schema: {
        tags,
        summary: '充值下单',
        body: rechargeBodySchema,
        response: replies(rechargeResultSchema),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const b = request.body;
      return idempotent(ctx, request, reply, auth.userId, async (requestKey) => {
        const { message, data } = await service.createDeposit(
          ctx,
          auth,
          {
            channel: b.paytype,
            amount: b.amount,
            depositorName: b.bank_owner,
            depositorBank: b.bank,
            receivingNo: b.bank_no,
            protocol: b.catepay,
          },
          requestKey,
        );
        return ok(data, message);
      });
    },
  );

  r.post(
    '/pay/api/recharge',
    {
      ...limited,
      schema: {
        tags,
        summary: '在线支付下单（支付网关）',
        body: gatewayRechargeBodySchema,
        response: {
          ...replies(gatewayRechargeResultSchema),
          200: z.object({
            code: z.number(),
            message: z.string(),
            msg: z.string(),
            data: gatewayRechargeResultSchema,
          }),
        },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const { payAmount, username, payType } = request.body;
      return idempotent(ctx, request, reply, userId, async (requestKey) => {
        const profile = await findProfile(ctx.db, userId);
        if (username !== '' && profile?.username.toLowerCase() !== username.toLowerCase()) {
          throw new AppError(403, PAYMENT_SERVER_MSG.usernameMismatch);
        }
        const { message, data } = await service.createDeposit(
          ctx,
          authOf(request),
          {
            channel: payType,
            amount: payAmount,
            depositorName: '',
            depositorBank: '',
            receivingNo: '',
            protocol: '',
          },
          requestKey,
        );
        return { ...ok({ orderNo: data.deposit_no, url: data.url }, message), msg: message };
      });
    },
  );

  r.post(
    '/api/payinfo',
    {
      // Open: the holder of the order's link token sees it without a login; otherwise its owner only.
      config: { public: true },
      schema: {
        tags,
        summary: '充值订单信息（本人登录，或持订单链接的 order_token）',
        body: payInfoBodySchema,
        response: replies(payInfoSchema),
      },
    },
    async (request) => {
      const { deposit_no, order_token } = request.body;
      const viewer = { userId: request.auth?.userId ?? null, orderToken: order_token };
      const { message, data } = await service.payInfo(ctx, viewer, deposit_no);
      return ok(data, message);
    },
  );

  r.get(
    '/pay/api/queryOrderNo',
    {
      schema: {
        tags,
        summary: '订单是否已支付',
        querystring: orderNoQuerySchema,
        response: replies(z.boolean()),
      },
    },
    async (request) => ok(await service.orderPaid(ctx, authOf(request).userId, request.query.orderNo)),
  );

  r.post(
    '/pay/api/notify',
    {
      config: { public: true },
      schema: {
        tags,
        summary: '支付网关异步通知：已支付或已取消（HMAC-SHA256 签名）',
        body: statementSchema,
      },
    },
    async (request) => {
      await acceptStatement(ctx, request.body);
      return done('success');
    },
  );

  r.get(
    '/pay/qr/:file',
    {
      config: { public: true },
      schema: {
        hide: true,
        params: z.object({ file: z.string().regex(/^DP\d{1,30}\.svg$/) }),
        querystring: z.object({ t: z.string().max(64).default('') }),
      },
    },
    async (request, reply) => {
      const orderNo = request.params.file.replace(/\.svg$/, '');
      const svg = qrTokenValid(ctx, orderNo, request.query.t) ? await service.qrSvg(ctx, orderNo) : null;
      if (svg === null) throw new AppError(404, PAYMENT_SERVER_MSG.orderNotFound);
      return reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  );
}
