import {
  CONFIG_MSG,
  channelBodySchema,
  channelSchema,
  paymentConfigSchema,
  paymentSettingsBodySchema,
  paymentSettingsSchema,
  receivingAccountBodySchema,
  receivingAccountSchema,
  redPacketBodySchema,
  redPacketConfigSchema,
  siteConfigBodySchema,
  siteConfigSchema,
  vipLevelBodySchema,
  vipLevelSchema,
} from '@app/contract/admin/config';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { idParams, replies } from '../../lib/schemas';
import { operatorOf } from '../../plugins/operator-access';
import * as config from './configuration';

const tags = ['admin: configuration'];

/**
 * The console's configuration: each part read by the roles that may see it and saved by the role
 * that owns it (财务 payments, 运营 red packets, 超级管理员 VIP levels and the site), validated,
 * audited in the same transaction, and in force on every process at its next request.
 */
export async function configRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof operatorOf>[0]) => operatorOf(request).actor;

  r.get(
    '/admin/api/config/payments',
    {
      config: { permission: 'config.view' },
      schema: {
        tags,
        summary: '支付配置：渠道、收款账户、USDT汇率、取款手续费与最低金额',
        response: replies(paymentConfigSchema),
      },
    },
    async () => ok(await config.paymentConfig(ctx)),
  );
  r.post(
    '/admin/api/config/channels/:code',
    {
      config: { permission: 'payments.configure' },
      schema: {
        tags,
        summary: '修改支付渠道：开关、排序、金额范围或固定金额',
        params: z.object({ code: z.string().regex(/^[a-z0-9_]{1,16}$/, '参数错误：渠道代码不正确') }),
        body: channelBodySchema,
        response: replies(channelSchema),
      },
    },
    async (request) =>
      ok(await config.saveChannel(ctx, actor(request), request.params.code, request.body), CONFIG_MSG.saved),
  );
  r.post(
    '/admin/api/config/accounts',
    {
      config: { permission: 'payments.configure' },
      schema: {
        tags,
        summary: '新增收款账户（银行账户或各协议的USDT地址）',
        body: receivingAccountBodySchema,
        response: replies(receivingAccountSchema),
      },
    },
    async (request) => ok(await config.createAccount(ctx, actor(request), request.body), CONFIG_MSG.saved),
  );
  r.post(
    '/admin/api/config/accounts/:id',
    {
      config: { permission: 'payments.configure' },
      schema: {
        tags,
        summary: '修改收款账户（含停用）',
        params: idParams('integer'),
        body: receivingAccountBodySchema,
        response: replies(receivingAccountSchema),
      },
    },
    async (request) =>
      ok(await config.saveAccount(ctx, actor(request), request.params.id, request.body), CONFIG_MSG.saved),
  );
  r.post(
    '/admin/api/config/payment-settings',
    {
      config: { permission: 'payments.configure' },
      schema: {
        tags,
        summary: '修改USDT汇率、取款手续费（TRC20、ERC20）与最低取款金额',
        body: paymentSettingsBodySchema,
        response: replies(paymentSettingsSchema),
      },
    },
    async (request) =>
      ok(await config.savePaymentSettings(ctx, actor(request), request.body), CONFIG_MSG.saved),
  );

  r.get(
    '/admin/api/config/red-packets',
    {
      config: { permission: 'config.view' },
      schema: { tags, summary: '红包开关与规则', response: replies(redPacketConfigSchema) },
    },
    async () => ok(await config.redPacketConfig(ctx.db)),
  );
  r.post(
    '/admin/api/config/red-packets',
    {
      config: { permission: 'promotions.configure' },
      schema: {
        tags,
        summary: '修改红包开关与规则',
        body: redPacketBodySchema,
        response: replies(redPacketConfigSchema),
      },
    },
    async (request) => ok(await config.saveRedPackets(ctx, actor(request), request.body), CONFIG_MSG.saved),
  );

  r.get(
    '/admin/api/config/vip',
    {
      config: { permission: 'config.view' },
      schema: {
        tags,
        summary: 'VIP等级：晋级要求、保级流水、各类返水比例',
        response: replies(z.array(vipLevelSchema)),
      },
    },
    async () => ok(await config.vipConfig(ctx.db)),
  );
  r.post(
    '/admin/api/config/vip/:level',
    {
      config: { permission: 'vip.configure' },
      schema: {
        tags,
        summary: '修改VIP等级',
        params: z.object({ level: z.coerce.number().int().min(1).max(100) }),
        body: vipLevelBodySchema,
        response: replies(vipLevelSchema),
      },
    },
    async (request) =>
      ok(
        await config.saveVipLevel(ctx, actor(request), request.params.level, request.body),
        CONFIG_MSG.saved,
      ),
  );

  r.get(
    '/admin/api/config/site',
    {
      config: { permission: 'config.view' },
      schema: { tags, summary: '维护模式与公告、客服与下载地址', response: replies(siteConfigSchema) },
    },
    async () => ok(await config.siteConfig(ctx.db)),
  );
  r.post(
    '/admin/api/config/site',
    {
      config: { permission: 'settings.site' },
      schema: {
        tags,
        summary: '修改维护模式与公告、客服与下载地址',
        body: siteConfigBodySchema,
        response: replies(siteConfigSchema),
      },
    },
    async (request) => ok(await config.saveSiteConfig(ctx, actor(request), request.body), CONFIG_MSG.saved),
  );
}
