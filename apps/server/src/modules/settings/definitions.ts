import { reviewSettingsSchema } from '@app/contract/admin/money';
import { MIN_WITHDRAWAL } from '@app/contract/constants';
import { cardWaitSchema } from '@app/contract/protection';
import { SiteState } from '@app/contract/status';
import { httpAddress } from '@app/contract/url';
import { appInfoSchema } from '@app/contract/user';
import { z } from 'zod';

/** Each setting: its key, the schema its stored JSON must satisfy, and the reference value seeded. */
export const siteSetting = {
  key: 'site',
  schema: appInfoSchema.extend({
    /** Customer service page answered by getservicerurl. */
    service_url: z.string(),
    /** Permanent address answered by getVisitUrl; empty means the address the request came to. */
    visit_url: z.string(),
  }),
  reference: {
    title: '星云娱乐',
    site_state: SiteState.open,
    repair_tips: '系统维护中，预计30分钟后恢复，给您带来不便敬请谅解。',
    redpacket_switch: 1 as const,
    index_modal: 0 as const,
    webcontent:
      '<p>欢迎来到星云娱乐！</p><p>新会员首存可享 100% 加赠，每日 10:00-12:00 红包雨等你来抢。请理性娱乐。</p>',
    h5_url: '',
    /** A QR code of the site's address, drawn by the server; the app is installed from the browser. */
    ios_download_qrcode: '/art/app-qr.svg',
    ios_download_url: '',
    service_url: '/#/boutBallBetInfo?type=4',
    visit_url: '',
  },
};

/**
 * What the operator's site-settings call accepts: any fields of the setting, and each field that
 * holds an address only as an http(s) URL or a path on this site (never `javascript:`).
 */
export const siteSettingPatch = siteSetting.schema
  .extend({
    h5_url: httpAddress('h5_url'),
    ios_download_qrcode: httpAddress('ios_download_qrcode'),
    ios_download_url: httpAddress('ios_download_url'),
    service_url: httpAddress('service_url'),
    visit_url: httpAddress('visit_url'),
  })
  .partial();

/** Four-eyes: a withdrawal approval or manual adjustment above this amount needs a second operator. */
export const reviewSetting = {
  key: 'review',
  schema: reviewSettingsSchema,
  reference: { four_eyes_threshold: 5000 },
};

/** Withdrawal fees in USDT per transaction, by protocol. */
export const withdrawFeeSetting = {
  key: 'withdraw_fees',
  schema: z.object({ erc20: z.number().nonnegative(), trc20: z.number().nonnegative() }),
  reference: { erc20: 5, trc20: 1 },
};

/**
 * A newly bound card or USDT address receives withdrawals only this many hours after binding
 * (0: at once). The default, 24 hours, is stated in the README.
 */
export const cardWaitSetting = {
  key: 'card_wait',
  schema: cardWaitSchema,
  reference: { hours: 24 },
};

/**
 * The smallest withdrawal an operator allows: never below spec's 100 (the player app checks that
 * one itself), higher when the operator says so.
 */
export const withdrawLimitSetting = {
  key: 'withdraw_limits',
  schema: z.object({ min: z.number().min(MIN_WITHDRAWAL) }),
  reference: { min: MIN_WITHDRAWAL },
};

export interface SettingDefinition<T> {
  key: string;
  schema: z.ZodType<T>;
  reference: T;
}

/**
 * Deposit settings. usdt_rate is how many U (the wallet's unit) one 元 buys: the order page of the
 * 微信 and 支付宝 channels shows what to pay in 元 as amount / usdt_rate (spec 2, /payInfo).
 */
export const depositSetting = {
  key: 'deposits',
  schema: z.object({ usdt_rate: z.number().positive() }),
  reference: { usdt_rate: 0.1389 },
};

const redPacketRule = z.object({
  start_time: z.string().regex(/^\d\d:\d\d$/),
  end_time: z.string().regex(/^\d\d:\d\d$/),
  /** Deposits (whole units) needed in the counting period. */
  recharge: z.number().nonnegative(),
  /** Valid bets needed in the counting period. */
  day_flow: z.number().nonnegative(),
  /** A packet's bounds. */
  min_money: z.number().positive(),
  flow_money: z.number().positive(),
});

/** Red-packet rules: each rule a player qualifies for is one grab a day. */
export const redPacketSetting = {
  key: 'red_packets',
  schema: z.object({ rules: z.array(redPacketRule).max(20) }),
  reference: {
    rules: [
      { start_time: '10:00', end_time: '12:00', recharge: 100, day_flow: 0, min_money: 1, flow_money: 8 },
      {
        start_time: '10:00',
        end_time: '12:00',
        recharge: 1000,
        day_flow: 1000,
        min_money: 5,
        flow_money: 38,
      },
      {
        start_time: '10:00',
        end_time: '12:00',
        recharge: 5000,
        day_flow: 10000,
        min_money: 18,
        flow_money: 188,
      },
    ],
  },
};
