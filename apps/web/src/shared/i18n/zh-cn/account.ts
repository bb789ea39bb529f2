/**
 * The account pages' texts (the profile hub, profile, settings, password change, registration by
 * link): a namespace of the catalogue in `../zh-cn.ts`, loaded with those pages only. The spec's
 * fixed messages are `ACCOUNT_MSG` in `@app/contract/account-rules`.
 */
export const TA = {
  // /mine
  changeAvatar: '更换头像',
  avatarHint: '支持 PNG、GIF，不超过2MB',
  avatarAlt: '头像',
  support: '在线客服',
  groupWallet: '钱包',
  groupRecords: '记录',
  groupBenefits: '福利',
  groupMore: '更多',
  // /userInfo
  fieldUsername: '用户名',
  fieldRealname: '真实姓名',
  fieldMobile: '手机号',
  fieldEmail: '邮箱',
  fieldBirthday: '生日',
  placeholderMobile: '请输入手机号',
  placeholderEmail: '请输入邮箱',
  placeholderBirthday: '请选择生日',
  birthdayTitle: '选择生日',
  notSet: '未设置',
  readOnlyHint: '用户名与真实姓名不可修改，如需变更请联系客服',
  save: '保存',
  // /userCent
  profileDesc: '手机号、邮箱、生日',
  cardsDesc: 'USDT地址与银行卡',
  loginPassword: '登录密码',
  loginPasswordDesc: '登录账号时使用',
  payPassword: '取款密码',
  payPasswordDesc: '即支付密码，取款与绑定卡片时使用',
  securityDesc: '登录设备与近30天登录记录',
  // /password
  loginPasswordTitle: '修改登录密码',
  payPasswordTitle: '修改取款密码',
  fieldOldPassword: '旧密码',
  fieldNewPassword: '新密码',
  fieldConfirmPassword: '确认密码',
  placeholderOldPassword: '请输入旧密码',
  placeholderNewPassword: '请输入新密码（最少6位）',
  placeholderNewPayPassword: '请输入6-18位新密码',
  placeholderConfirmPassword: '请再次输入新密码',
  loginPasswordNote: '修改成功后需使用新密码重新登录',
  payPasswordNote: '取款密码用于取款和绑定卡片，请勿告知他人',
  confirmChange: '确认修改',
  // Registration by link
  linkWelcome: '注册成功',
  linkIntro: '已为您自动创建账号，初始密码仅显示这一次，请截图或复制保存，并尽快修改：',
  linkUsername: '用户名',
  linkPassword: '登录密码',
  linkPayPassword: '支付密码',
  linkChangeNow: '立即修改',
  linkLater: '稍后修改',
  copy: '复制',
} as const;
