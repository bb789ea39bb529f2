/**
 * The message catalogue: every fixed Chinese text of the spec (sections 5 and 8), verbatim.
 * Server and player app both read from here so that a rule and its message never drift apart.
 */
export const MSG = {
  // Register (spec 5, in the order they are checked)
  registerName: ' 用户名长度6~16位，以字母或数字组合！',
  registerPassword: '请输入正确的密码长度，最少6位！',
  registerConfirm: '两次密码不一致！',
  registerRealname: '请输入您的真实姓名!',
  registerPayPassword: '请输入正确的支付密码长度，最少6位！',
  captchaMissing: '请输入验证码！',
  captchaWrong: '验证码错误！',
  termsUnchecked: '请阅读并同意相关条款和隐私协议！',
  // Login
  loginMissing: '请输入您的账号和密码！',
  // Session and shell (spec 4 and 8)
  authFailedTitle: '认证失败',
  authFailedBody: '登录已过期，请重新登录',
  logoutConfirm: '确定退出？',
  alreadyHere: '已在当前页面！',
  copied: '复制成功！',
  redPacketClosed: '红包已关闭',
  pleaseLogin: '请登录！',
  serverError: '服务器错误，请稍后重试',
} as const;

/** Server-side messages the spec leaves open; Chinese, fit to show to a player as they are. */
export const SERVER_MSG = {
  ok: '操作成功',
  registered: '注册成功',
  loggedIn: '登录成功',
  loggedOut: '退出成功',
  usernameTaken: '该用户名已被注册',
  wrongCredentials: '账号或密码错误',
  accountLocked: '密码错误次数过多，请15分钟后再试',
  accountDisabled: '账号已被冻结，请联系客服',
  notLoggedIn: '请先登录',
  sessionExpired: '登录已过期，请重新登录',
  tooManyRequests: '操作过于频繁，请稍后再试',
  notFound: '请求的接口不存在',
  internal: '服务器繁忙，请稍后再试',
  /** The database is unreachable (restart, failover): answered 503 with Retry-After. */
  databaseUnavailable: '服务暂时不可用，请稍后重试',
  overloaded: '当前访问人数过多，请稍后重试',
  badInput: '参数错误',
  badCharacters: (field: string) => `参数错误：${field} 含有无效字符`,
  recoverNothing: '暂无可回收的场馆余额',
  // Recover all sits in the shell's header (first load): its messages live here, not in wallet-rules.
  recoverDone: '回收成功',
  recoverPartial: (failed: string) => `部分场馆回收失败：${failed}，其余已回收，请稍后重试`,
} as const;
