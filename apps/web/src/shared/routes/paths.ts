/** Every route path of spec section 2, in one place. Build links with the helpers below. */
export const PATH = {
  home: '/',
  hongbao: '/hongbao',
  activity: '/activity',
  zhanzhu: '/zhanzhu',
  mine: '/mine',
  app: '/app',
  kefu: '/kefu',
  login: '/login',
  register: '/register',
  gamePage: '/gamePage',
  activityInfo: '/activityInfo',
  zhanzhuye: '/zhanzhuye',
  vip: '/vip',
  applyagent: '/applyagent',
  boutBallBet: '/boutBallBet',
  boutBallBetInfo: '/boutBallBetInfo',
  message: '/message',
  fanshui: '/fanshui',
  userInfo: '/userInfo',
  userCent: '/userCent',
  wallet: '/wallet',
  addBankCard: '/addBankCard',
  addUsdtCard: '/addUsdtCard',
  usdtmore: '/usdtmore',
  password: '/password',
  welfare: '/welfare',
  betRecord: '/betRecord',
  activityRecord: '/activityRecord',
  transRecord: '/transRecord',
  money: '/money',
  recharge: '/recharge',
  payInfo: '/payInfo',
  concise: '/concise',
  search: '/search',
  withdrawal: '/withdrawal',
  transfer: '/transfer',
  abouts: '/abouts',
  protection: '/protection',
  security: '/security',
  /** The agent centre (issue 29), opened from the agent-login entry (/gamePage?dailiD=1). */
  agent: '/agent',
} as const;

export type RouteName = keyof typeof PATH;
export type RoutePath = (typeof PATH)[RouteName];

type QueryValue = string | number | null | undefined;

/** `path` with the given query parameters; empty values are left out. */
export function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Login tabs (spec 2): 1 register, 2 login. */
export type LoginTab = '1' | '2';

export const href = {
  /** The login page: its tab, where to go after, and an agent's link (pid, referrer, referrer_node). */
  login: (
    q: {
      type?: LoginTab;
      pid?: string | null;
      referrer?: string;
      referrer_node?: string;
      redirect?: string | null;
    } = {},
  ) => withQuery(PATH.login, q),
  message: (type?: 1 | 2) => withQuery(PATH.message, { type }),
  password: (type: 1 | 2) => withQuery(PATH.password, { type }),
  wallet: (type?: 0 | 1 | 2) => withQuery(PATH.wallet, { type }),
  abouts: (type: 5 | 6) => withQuery(PATH.abouts, { type }),
  activityInfo: (id: number | string) => withQuery(PATH.activityInfo, { id }),
  helpArticle: (type: number) => withQuery(PATH.boutBallBetInfo, { type }),
  zhanzhuye: (type: 1 | 2) => withQuery(PATH.zhanzhuye, { type }),
  /** An order's page; its token (from the order's creation) opens it without a login. */
  payInfo: (depositNo: string, orderToken?: string) =>
    withQuery(PATH.payInfo, { deposit_no: depositNo, order_token: orderToken }),
  concise: (type?: string) => withQuery(PATH.concise, { type }),
  agentLogin: () => withQuery(PATH.gamePage, { dailiD: 1 }),
  game: (q: { name: string; type?: string | number; code?: string }) => withQuery(PATH.gamePage, q),
} as const;

/**
 * A redirect target is only honoured when it is a path inside this app ("/..."), never another
 * origin ("//host" or "https://...").
 */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
