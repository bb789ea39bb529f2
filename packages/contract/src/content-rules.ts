/** Rules and messages of the content pages shared by the player app and the server; no zod here. */

/** Spec section 5, Agent application, verbatim. */
export const CONTENT_MSG = {
  mobile: '请输入正确手机号',
  reason: '请输入申请理由',
} as const;

export const CONTENT_SERVER_MSG = {
  agentApplied: '申请已提交，请等待审核',
  agentPending: '您已有一份申请正在审核中，请耐心等待',
  agentAlready: '您已经是代理',
  activityApplied: '申请成功，请等待审核',
  activityTwice: '您已申请过该活动',
  activityMissing: '活动不存在或已结束',
  reasonTooLong: '申请理由最多200字',
  activityTypeMissing: '参数错误：type_id 不是已有的活动类型',
} as const;

/** A mainland China mobile number: 11 digits starting 13-19. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;

export function agentApplicationError(input: { mobile: string; reason: string }): string | null {
  if (!MAINLAND_MOBILE.test(input.mobile.trim())) return CONTENT_MSG.mobile;
  if (input.reason.trim() === '') return CONTENT_MSG.reason;
  return null;
}

/** /activity's left list under 全部: 1 综合 (everything), 2 棋牌, 3 捕鱼. */
export const ACTIVITY_CATEGORIES = [
  { id: 1, name: '综合' },
  { id: 2, name: '棋牌' },
  { id: 3, name: '捕鱼' },
] as const;

/** The articles of /boutBallBetInfo (scope help, types 1-8) and of /abouts (scope abouts, types 5 and 6). */
export const ARTICLE_SCOPES = ['help', 'abouts'] as const;
export type ArticleScope = (typeof ARTICLE_SCOPES)[number];
