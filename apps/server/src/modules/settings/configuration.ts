import {
  type ChannelBody,
  CONFIG_MSG,
  type PaymentConfig,
  type ReceivingAccountBody,
  type RedPacketConfig,
  type SiteConfig,
  siteConfigSchema,
  type VipLevelBody,
  type VipLevelConfig,
} from '@app/contract/admin/config';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/client';
import { AppError, badInput, conflict } from '../../lib/errors';
import { sanitizeHtml } from '../../lib/sanitize';
import { type Actor, audited } from '../audit/service';
import * as repo from './configuration-repository';
import {
  depositSetting,
  redPacketSetting,
  siteSetting,
  withdrawFeeSetting,
  withdrawLimitSetting,
} from './definitions';
import { readSetting, writeSetting } from './repository';

type Site = z.infer<typeof siteSetting.schema>;

/** The site setting with some of its fields changed; the welcome popup's HTML sanitised. */
export async function patchSite(q: Queryable, patch: Partial<Site>) {
  const before = await readSetting(q, siteSetting);
  const next = { ...before, ...patch };
  next.webcontent = sanitizeHtml(next.webcontent);
  await writeSetting(q, siteSetting, next);
  return { before, next };
}

// Payments

async function paymentSettings(q: Queryable) {
  const [deposits, fees, limits] = await Promise.all([
    readSetting(q, depositSetting),
    readSetting(q, withdrawFeeSetting),
    readSetting(q, withdrawLimitSetting),
  ]);
  return { usdt_rate: deposits.usdt_rate, withdraw_fees: fees, withdraw_min: limits.min };
}

export async function paymentConfig(ctx: AppContext): Promise<PaymentConfig> {
  const [channels, accounts, settings] = await Promise.all([
    repo.channels(ctx.db),
    repo.accounts(ctx.db),
    paymentSettings(ctx.db),
  ]);
  return { channels, accounts, settings };
}

export const saveChannel = (ctx: AppContext, actor: Actor, code: string, body: ChannelBody) =>
  audited(
    ctx,
    actor,
    {
      action: 'payments.configure',
      targetType: 'setting',
      targetId: `pay_channel:${code}`,
      reason: body.reason,
    },
    async (tx) => {
      const before = await repo.lockChannel(tx, code);
      if (!before) throw new AppError(404, CONFIG_MSG.channelNotFound);
      const row = await repo.updateChannel(tx, code, {
        enabled: body.enabled,
        sort: body.sort,
        amountRule: body.amount_rule,
      });
      if (!row) throw new AppError(404, CONFIG_MSG.channelNotFound);
      return { before: repo.channelOf(before), after: repo.channelOf(row) };
    },
  );

export const createAccount = (ctx: AppContext, actor: Actor, body: ReceivingAccountBody) =>
  audited(
    ctx,
    actor,
    {
      action: 'payments.configure',
      targetType: 'setting',
      targetId: 'receiving_account:new',
      reason: body.reason,
    },
    async (tx) => {
      const row = await repo.insertAccount(tx, body);
      if (!row) throw conflict(CONFIG_MSG.accountDuplicate);
      return { before: null, after: repo.accountOf(row) };
    },
  );

export const saveAccount = (ctx: AppContext, actor: Actor, id: number, body: ReceivingAccountBody) =>
  audited(
    ctx,
    actor,
    {
      action: 'payments.configure',
      targetType: 'setting',
      targetId: `receiving_account:${id}`,
      reason: body.reason,
    },
    async (tx) => {
      const before = await repo.lockAccount(tx, id);
      if (!before) throw new AppError(404, CONFIG_MSG.accountNotFound);
      const same = await repo.accountWithNumber(tx, body.kind, body.number);
      if (same && same.id !== id) throw conflict(CONFIG_MSG.accountDuplicate);
      const row = await repo.updateAccount(tx, id, body);
      if (!row) throw new AppError(404, CONFIG_MSG.accountNotFound);
      return { before: repo.accountOf(before), after: repo.accountOf(row) };
    },
  );

export const savePaymentSettings = (
  ctx: AppContext,
  actor: Actor,
  body: {
    usdt_rate: number;
    withdraw_fees: { trc20: number; erc20: number };
    withdraw_min: number;
    reason: string;
  },
) =>
  audited(
    ctx,
    actor,
    { action: 'payments.configure', targetType: 'setting', targetId: 'payments', reason: body.reason },
    async (tx) => {
      const before = await paymentSettings(tx);
      await writeSetting(tx, depositSetting, { usdt_rate: body.usdt_rate });
      await writeSetting(tx, withdrawFeeSetting, body.withdraw_fees);
      await writeSetting(tx, withdrawLimitSetting, { min: body.withdraw_min });
      return { before, after: await paymentSettings(tx) };
    },
  );

// Red packets

export async function redPacketConfig(q: Queryable): Promise<RedPacketConfig> {
  const [site, packets] = await Promise.all([readSetting(q, siteSetting), readSetting(q, redPacketSetting)]);
  return { enabled: site.redpacket_switch === 1, rules: packets.rules };
}

export const saveRedPackets = (ctx: AppContext, actor: Actor, body: RedPacketConfig & { reason: string }) =>
  audited(
    ctx,
    actor,
    {
      action: 'promotions.configure',
      targetType: 'setting',
      targetId: redPacketSetting.key,
      reason: body.reason,
    },
    async (tx) => {
      const before = await redPacketConfig(tx);
      await writeSetting(tx, redPacketSetting, { rules: body.rules });
      await patchSite(tx, { redpacket_switch: body.enabled ? 1 : 0 });
      return { before, after: await redPacketConfig(tx) };
    },
  );

// VIP levels

export async function vipConfig(q: Queryable): Promise<VipLevelConfig[]> {
  return (await repo.vipRows(q)).map(repo.vipLevelOf);
}

export const saveVipLevel = (ctx: AppContext, actor: Actor, level: number, body: VipLevelBody) =>
  audited(
    ctx,
    actor,
    { action: 'vip.configure', targetType: 'setting', targetId: `vip_level:${level}`, reason: body.reason },
    async (tx) => {
      const levels = (await repo.lockVipLevels(tx)).map(repo.vipLevelOf);
      const index = levels.findIndex((l) => l.level === level);
      const before = levels[index];
      if (!before) throw new AppError(404, CONFIG_MSG.vipNotFound);
      const below = levels[index - 1];
      const above = levels[index + 1];
      // The ladder climbs: each level asks at least what the one below asks, at most what the one above asks.
      const fits = (key: 'recharge' | 'flow') =>
        (!below || below[key] <= body[key]) && (!above || body[key] <= above[key]);
      if (!fits('recharge') || !fits('flow')) throw badInput(CONFIG_MSG.vipAscending);
      const row = await repo.updateVipLevel(tx, level, body);
      if (!row) throw new AppError(404, CONFIG_MSG.vipNotFound);
      return { before, after: repo.vipLevelOf(row) };
    },
  );

// Site: maintenance mode, customer service, downloads

export async function siteConfig(q: Queryable): Promise<SiteConfig> {
  return siteConfigSchema.parse(await readSetting(q, siteSetting));
}

export const saveSiteConfig = (ctx: AppContext, actor: Actor, body: SiteConfig & { reason: string }) =>
  audited(
    ctx,
    actor,
    { action: 'settings.site', targetType: 'setting', targetId: siteSetting.key, reason: body.reason },
    async (tx) => {
      const { reason: _reason, ...patch } = body;
      const before = await siteConfig(tx);
      await patchSite(tx, patch);
      return { before, after: await siteConfig(tx) };
    },
  );
