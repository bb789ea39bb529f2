/** Reward rules and messages shared by the player app and the server; no zod here. */

/** Spec sections 4, 5 and 8, verbatim. */
export const REWARD_MSG = {
  notEligible: '您暂未达到领取条件，快去完成吧！',
  nothingToClaim: '暂无领取额度！',
  rechargeNow: '立即充值',
  redPacketNotice: '每日 10:00-12:00 开抢，存款统计时间为前一日 12:00 至当日 10:00',
} as const;

/** Why a grab was refused, in the spec's style: each popup says which of these it is. */
export const REWARD_SERVER_MSG = {
  notStarted: '红包活动尚未开始，每日 10:00 准时开抢',
  /** The day's grab window has closed, whatever the player grabbed. */
  ended: '今日抢红包时间已结束，明日 10:00 再来',
  /** The player has grabbed a packet of every rule today. */
  allGrabbed: '您今日的红包已全部抢完，明日 10:00 再来',
  /** The player has grabbed every packet they qualify for; higher rules need more deposits and flow. */
  reachedGrabbed: '您已抢完当前达标的红包，存款和流水达到更高档位可再抢',
  claimed: (amount: string) => `领取成功，共 ${amount}`,
} as const;

/** The names rebate records show, by game category. */
export const CATEGORY_NAMES: Record<string, string> = {
  realbet: '真人视讯',
  sport: '体育赛事',
  gaming: '电子竞技',
  joker: '棋牌游戏',
  concise: '电子游戏',
  fishing: '捕鱼游戏',
  lottery: '彩票游戏',
};
