/** Two-factor (谷歌验证器) and the card waiting period: rules and texts, without zod (the player app's login uses them). */

/** A code is a 6-digit authenticator code, or one of the ten one-time recovery codes. */
export const RECOVERY_CODE_COUNT = 10;

/** Every refusal about the code names it so; the login form asks for the code when it reads this. */
export const TWO_FACTOR_CODE_WORD = '谷歌验证码';

export const TWO_FACTOR_MSG = {
  required: '请输入谷歌验证码',
  wrong: (left: number) => `谷歌验证码错误，还可尝试${left}次`,
  locked: '谷歌验证码错误次数过多，请30分钟后再试',
  alreadyOn: '您已绑定谷歌验证器',
  notOn: '您尚未绑定谷歌验证器',
  noEnrolment: '请先获取绑定二维码',
  enrolmentChanged: '绑定二维码已更新，请重新扫描后输入验证码',
  enabled: '谷歌验证器绑定成功',
  disabled: '谷歌验证器已解绑',
} as const;

/** A newly bound card or address receives withdrawals only from this time on. */
export const CARD_WAIT_MSG = {
  notYet: (at: string) => `该收款账户为新绑定，${at}后方可用于取款`,
} as const;
