import type { CaptchaData } from '@app/contract/auth';
import type { Activity, ActivityType } from '@app/contract/content';
import type { Game } from '@app/contract/games';
import type { AppInfo, UserInfo } from '@app/contract/user';
import type { DataSchema } from './client';

/**
 * The contract's zod schemas, loaded beside the first call that checks an answer with them rather
 * than with the first page: zod is about 21 KB gzip, a seventh of the home page's JavaScript.
 * Import types and zod-free helpers from the contract directly; import its schemas through here.
 */
const userContract = () => import('@app/contract/user');
const walletContract = () => import('@app/contract/wallet');
const paymentsContract = () => import('@app/contract/payments');
const gamesContract = () => import('@app/contract/games');
const contentContract = () => import('@app/contract/content');
const rewardsContract = () => import('@app/contract/rewards');
const accountContract = () => import('@app/contract/account');
const authContract = () => import('@app/contract/auth');
const agentsContract = () => import('@app/contract/agents');

/**
 * For the answers of the first load (app info, user info, balance): the server checks each against
 * this same contract schema before sending it (its response serializer turns a mismatch into a 500,
 * never a malformed 200), so the app takes them as typed instead of loading zod to check them again.
 */
const checkedByServer = <T>(): DataSchema<T> => ({
  safeParse: (value) => ({ success: true, data: value as T }),
});

/** A home banner (the contract's bannerSchema): a same-origin picture and an in-app path or ''. */
export interface Banner {
  src: string;
  link: string;
}

/** A list whose items pass `isItem` (a plain check, no zod: home's banners and notices). */
const listOf = <T>(isItem: (value: unknown) => boolean): DataSchema<T[]> => ({
  safeParse: (value) =>
    Array.isArray(value) && value.every(isItem)
      ? { success: true, data: value as T[] }
      : { success: false, error: { message: 'not a list of the expected items' } },
});

/** `{ data: T }` where `data` passes `schema` (the activity list's shape). */
const inData = <T>(schema: DataSchema<T>): DataSchema<{ data: T }> => ({
  safeParse: (value) => {
    const inner = (value as { data?: unknown } | null)?.data;
    const result = schema.safeParse(inner);
    return result.success ? { success: true, data: { data: result.data } } : result;
  },
});

export const schemas = {
  appInfo: checkedByServer<AppInfo>(),
  userInfo: checkedByServer<UserInfo>(),
  balance: checkedByServer<{ balance: number }>(),
  /** The game list shows on home's first load, so it is taken as checked by the server too. */
  gameList: checkedByServer<Game[]>(),
  url: () => userContract().then((m) => m.urlDataSchema),
  venueBalances: () => walletContract().then((m) => m.venueBalanceSchema.array()),
  cards: () => walletContract().then((m) => m.cardSchema.array()),
  banks: () => walletContract().then((m) => m.bankSchema.array()),
  betAmount: () => walletContract().then((m) => m.betAmountSchema),
  payWay: () => paymentsContract().then((m) => m.payWaySchema),
  payRange: () => paymentsContract().then((m) => m.payRangeSchema),
  receivingAccounts: () => paymentsContract().then((m) => m.receivingAccountSchema.array()),
  rechargeResult: () => paymentsContract().then((m) => m.rechargeResultSchema),
  gatewayRechargeResult: () => paymentsContract().then((m) => m.gatewayRechargeResultSchema),
  payInfo: () => paymentsContract().then((m) => m.payInfoSchema),
  transRecordPage: () => paymentsContract().then((m) => m.transRecordPageSchema),
  conciseGames: () => gamesContract().then((m) => m.conciseGameSchema.array()),
  betRecordPage: () => gamesContract().then((m) => m.betRecordPageSchema),
  /** Home's banners, notices and the unread count load with home: checked by hand, without zod. */
  banners: listOf<Banner>(
    (v) => typeof (v as Banner)?.src === 'string' && typeof (v as Banner)?.link === 'string',
  ),
  homeNotices: listOf<string>((v) => typeof v === 'string'),
  messageNum: {
    safeParse: (value: unknown) =>
      typeof (value as { num?: unknown } | null)?.num === 'number'
        ? { success: true as const, data: value as { num: number } }
        : { success: false as const, error: { message: 'no num' } },
  } satisfies DataSchema<{ num: number }>,
  noticePage: () => contentContract().then((m) => m.noticePageSchema),
  /** /activity's tabs: checked by hand, without zod (the contract's activityTypeSchema). */
  activityTypes: listOf<ActivityType>(
    (v) => typeof (v as ActivityType | null)?.id === 'number' && typeof (v as ActivityType).name === 'string',
  ),
  /** /activity's first screen waits for it: checked by hand, without zod (the contract's activitySchema). */
  activityList: inData(
    listOf<Activity>((v) => {
      const a = v as Activity | null;
      return (
        typeof a?.id === 'number' &&
        typeof a.title === 'string' &&
        typeof a.banner === 'string' &&
        typeof a.type === 'number' &&
        typeof a.cate === 'number'
      );
    }),
  ),
  activityDetail: () => contentContract().then((m) => m.activityDetailSchema),
  activityApplicationPage: () => contentContract().then((m) => m.activityApplicationPageSchema),
  vipLevels: () => contentContract().then((m) => m.vipLevelSchema.array()),
  article: () => contentContract().then((m) => m.articleSchema),
  sponsors: () => contentContract().then((m) => m.sponsorSchema.array()),
  redPacketInfo: () => rewardsContract().then((m) => m.redPacketInfoSchema),
  redPacketGrab: () => rewardsContract().then((m) => m.redPacketGrabSchema),
  redPacketRecordPage: () => rewardsContract().then((m) => m.redPacketRecordPageSchema),
  rebateSummary: () => rewardsContract().then((m) => m.rebateSummarySchema),
  avatar: () => accountContract().then((m) => m.avatarSchema),
  /** /login's first screen waits for it: checked by hand, without zod (the contract's captchaDataSchema). */
  captcha: {
    safeParse: (value: unknown) => {
      const c = value as CaptchaData | null;
      return typeof c?.captcha_key === 'string' && typeof c.img === 'string'
        ? { success: true as const, data: c }
        : { success: false as const, error: { message: 'no captcha_key and img' } };
    },
  } satisfies DataSchema<CaptchaData>,
  token: () => authContract().then((m) => m.tokenDataSchema),
  codeNeeded: () => authContract().then((m) => m.codeNeededDataSchema),
  linkRegisterResult: () => accountContract().then((m) => m.linkRegisterResultSchema),
  agentOverview: () => agentsContract().then((m) => m.agentOverviewSchema),
  agentMembersPage: () => agentsContract().then((m) => m.agentMembersPageSchema),
  subAgentsPage: () => agentsContract().then((m) => m.subAgentsPageSchema),
  statementsPage: () => agentsContract().then((m) => m.statementsPageSchema),
  statement: () => agentsContract().then((m) => m.statementSchema),
  promotionLinks: () => agentsContract().then((m) => m.promotionLinkSchema.array()),
  promotionLink: () => agentsContract().then((m) => m.promotionLinkSchema),
};
