/** The texts of 负责任博彩, in the spec's style. */
export const TP = {
  protectionTitle: '负责任博彩',
  intro:
    '娱乐应适度。您可以为自己设置充值与亏损限额、游戏时长提醒，或暂停使用账户。限额降低立即生效；提高或取消需等待24小时并再次确认。',
  depositLimits: '充值限额',
  lossLimits: '亏损限额',
  lossHint:
    '亏损按已结算注单的投注与派彩净额计算，不含充值。达到限额后，周期内无法转入场馆或进入游戏，取款不受影响。',
  notSet: '未设置',
  used: (used: string) => `已用 ${used}`,
  remaining: (left: string) => `剩余 ${left}`,
  pending: (amount: string, from: string) => `待生效：${amount}（${from}后可确认）`,
  unlimited: '不限',
  confirmPending: '确认生效',
  edit: '设置',
  limitSheet: (period: string, kind: string) => `${period}${kind}`,
  limitLabel: '限额金额',
  limitPlaceholder: '请输入限额金额',
  limitSave: '保存',
  limitRemove: '取消限额',
  realityTitle: '游戏时长提醒',
  realityHint: '登录后每隔所选时间提醒一次，显示本次登录时长与输赢。',
  realityOff: '关闭',
  minutes: (m: number) => `${m}分钟`,
  timeoutTitle: '冷静期',
  timeoutHint:
    '冷静期内无法充值、转入场馆、进入游戏、领取红包或申请活动，不会收到优惠推广；仍可登录取款。期间不可缩短或解除。',
  exclusionTitle: '自我禁止',
  exclusionHint:
    '自我禁止期间账户关闭，仅可登录取款。期满后需申请恢复，申请24小时后账户恢复。期间不可缩短或解除。',
  start: (label: string, term: string) => `开始${term}${label}`,
  payPasswordLabel: '支付密码',
  payPasswordPlaceholder: '请输入支付密码确认',
  restrictConfirm: (label: string, term: string) =>
    `确定开始${term}${label}吗？开始后将立即退出所有设备，期间不可缩短或解除。`,
  restrictedBanner: (label: string, until: string) => `您正处于${label}，至${until}结束`,
  restrictedEnded: '自我禁止期已结束，申请恢复后24小时账户恢复',
  restrictedReturning: (at: string) => `已申请恢复，账户将于${at}恢复`,
  restrictedOnly: '期间仅可使用取款相关功能。',
  toWithdraw: '去取款',
  requestReturn: '申请恢复账户',
  // Reality check
  realityPopupTitle: '游戏时长提醒',
  realityLoggedIn: '本次登录时长',
  realityNet: '本次登录输赢',
  realityContinue: '继续游戏',
  realityRecords: '查看投注记录',
  realityLogout: '退出登录',
  duration: (seconds: number) => {
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    return h > 0 ? `${h}小时${m}分钟` : `${m}分钟`;
  },
} as const;
