import {
  type ChannelBody,
  channelSchema,
  paymentConfigSchema,
  paymentSettingsSchema,
  type ReceivingAccountBody,
  receivingAccountSchema,
  redPacketConfigSchema,
  siteConfigSchema,
  type VipLevelBody,
  vipLevelSchema,
} from '@app/contract/admin/config';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/shared/api/client';
import { queryClient } from '@/shared/api/query-client';

const SAVED = '已保存，所有服务立即生效';

export const paymentConfigQuery = queryOptions({
  queryKey: ['config', 'payments'],
  queryFn: () => api(paymentConfigSchema, '/config/payments'),
});
export const redPacketQuery = queryOptions({
  queryKey: ['config', 'red-packets'],
  queryFn: () => api(redPacketConfigSchema, '/config/red-packets'),
});
export const vipQuery = queryOptions({
  queryKey: ['config', 'vip'],
  queryFn: () => api(z.array(vipLevelSchema), '/config/vip'),
});
export const siteQuery = queryOptions({
  queryKey: ['config', 'site'],
  queryFn: () => api(siteConfigSchema, '/config/site'),
});

/** Saves one part of the configuration and reads that part again. */
async function save<S extends z.ZodType>(schema: S, path: string, body: object, part: string) {
  await api(schema, `/config/${path}`, { method: 'POST', body });
  await queryClient.invalidateQueries({ queryKey: ['config', part] });
  return SAVED;
}

export const saveChannel = (code: string, body: ChannelBody) =>
  save(channelSchema, `channels/${encodeURIComponent(code)}`, body, 'payments');

export const saveAccount = (id: number | undefined, body: ReceivingAccountBody) =>
  save(receivingAccountSchema, id === undefined ? 'accounts' : `accounts/${id}`, body, 'payments');

export const savePaymentSettings = (body: z.infer<typeof paymentSettingsSchema> & { reason: string }) =>
  save(paymentSettingsSchema, 'payment-settings', body, 'payments');

export const saveRedPackets = (body: z.infer<typeof redPacketConfigSchema> & { reason: string }) =>
  save(redPacketConfigSchema, 'red-packets', body, 'red-packets');

export const saveVipLevel = (level: number, body: VipLevelBody) =>
  save(vipLevelSchema, `vip/${level}`, body, 'vip');

export const saveSite = (body: z.infer<typeof siteConfigSchema> & { reason: string }) =>
  save(siteConfigSchema, 'site', body, 'site');
