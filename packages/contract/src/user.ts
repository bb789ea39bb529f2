import { z } from 'zod';

/** UserInfo of spec section 3. Money fields are amounts (two decimals), never cents. */
export const userInfoSchema = z.object({
  username: z.string(),
  realname: z.string(),
  avatar: z.string(),
  balance: z.number(),
  gameblance: z.number(),
  vip: z.number().int(),
  current_vip: z.string(),
  paysum: z.number(),
  joinday: z.number().int(),
  isagent: z.union([z.literal(0), z.literal(1)]),
  mobile: z.string(),
  email: z.string(),
  birthday: z.string(),
  transferstatus: z.union([z.literal(0), z.literal(1)]),
  withdrawcashfee: z.number(),
  withdrawfeeusdttrc: z.number(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** The VIP level parsed from current_vip, a string holding the letter P followed by the level. */
export function vipLevelOf(user: Pick<UserInfo, 'current_vip' | 'vip'>): number {
  const match = /P(\d+)/i.exec(user.current_vip);
  return match?.[1] ? Number(match[1]) : user.vip;
}

export const balanceDataSchema = z.object({ balance: z.number() });
export const urlDataSchema = z.object({ url: z.string() });

/** AppInfo of spec section 3. */
export const appInfoSchema = z.object({
  title: z.string(),
  site_state: z.union([z.literal(0), z.literal(1)]),
  repair_tips: z.string(),
  redpacket_switch: z.union([z.literal(0), z.literal(1)]),
  index_modal: z.union([z.literal(0), z.literal(1)]),
  webcontent: z.string(),
  h5_url: z.string(),
  ios_download_qrcode: z.string(),
  ios_download_url: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;
