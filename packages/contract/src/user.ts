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
