import { TITLE } from '@/shared/i18n/zh-cn';
import { PATH, type RouteName } from './paths';

/**
 * What the shell needs to know about a route (spec 2), kept beside the paths so that the router,
 * the guards and the navigation helper read the same table.
 * - auth `required`: no token goes to /login?redirect={full path} (routes marked L, and /mine).
 * - auth `prompt`: logged out, the player is told to log in first, then sent to login (/hongbao, /transfer).
 * - keepAlive: the page keeps its state when left and revisited (routes marked cached); like every
 *   page it opens at the top.
 * - header false: the shell's header is hidden (spec: activity, activityInfo, mine, transfer).
 * - openWith: a query parameter carrying a signed link token (an order's page): a visitor holding it
 *   may open the route without a login; the server checks the token.
 */
export interface RouteMeta {
  title: string;
  auth?: 'required' | 'prompt';
  keepAlive?: boolean;
  header?: boolean;
  openWith?: string;
}

export const ROUTE_META: Record<RouteName, RouteMeta> = {
  home: { title: TITLE.home, keepAlive: true },
  hongbao: { title: TITLE.hongbao, auth: 'prompt' },
  activity: { title: TITLE.activity, keepAlive: true, header: false },
  zhanzhu: { title: TITLE.zhanzhu, keepAlive: true },
  mine: { title: TITLE.mine, auth: 'required', keepAlive: true, header: false },
  app: { title: TITLE.app, auth: 'required', keepAlive: true },
  kefu: { title: TITLE.kefu },
  login: { title: TITLE.login },
  register: { title: TITLE.register },
  gamePage: { title: TITLE.gamePage },
  activityInfo: { title: TITLE.activityInfo, header: false },
  zhanzhuye: { title: TITLE.zhanzhuye },
  vip: { title: TITLE.vip, keepAlive: true },
  applyagent: { title: TITLE.applyagent },
  boutBallBet: { title: TITLE.boutBallBet },
  boutBallBetInfo: { title: TITLE.boutBallBetInfo },
  message: { title: TITLE.message, auth: 'required' },
  fanshui: { title: TITLE.fanshui, auth: 'required' },
  userInfo: { title: TITLE.userInfo, auth: 'required' },
  userCent: { title: TITLE.userCent, auth: 'required' },
  wallet: { title: TITLE.wallet, auth: 'required' },
  addBankCard: { title: TITLE.addBankCard, auth: 'required' },
  addUsdtCard: { title: TITLE.addUsdtCard, auth: 'required' },
  usdtmore: { title: TITLE.usdtmore },
  password: { title: TITLE.password, auth: 'required' },
  welfare: { title: TITLE.welfare, auth: 'required' },
  betRecord: { title: TITLE.betRecord, auth: 'required' },
  activityRecord: { title: TITLE.activityRecord, auth: 'required' },
  transRecord: { title: TITLE.transRecord, auth: 'required' },
  money: { title: TITLE.money, auth: 'required' },
  recharge: { title: TITLE.recharge, auth: 'required', keepAlive: true },
  // Spec 6 lists payInfo as open: a visitor opens an order through its link (deposit_no and its
  // order_token); the deposit number alone is the owner's, so that no order is shown to a stranger.
  payInfo: { title: TITLE.payInfo, auth: 'required', openWith: 'order_token' },
  concise: { title: TITLE.concise, keepAlive: true },
  search: { title: TITLE.search, keepAlive: true },
  withdrawal: { title: TITLE.withdrawal, auth: 'required' },
  transfer: { title: TITLE.transfer, auth: 'prompt', header: false },
  abouts: { title: TITLE.abouts },
  protection: { title: TITLE.protection, auth: 'required' },
  security: { title: TITLE.security, auth: 'required' },
  agent: { title: TITLE.agent, auth: 'required' },
};

const byPath = new Map<string, RouteMeta>(
  (Object.keys(PATH) as RouteName[]).map((name) => [PATH[name], ROUTE_META[name]]),
);

/** The meta of a pathname, or undefined for a path the app does not know. */
export const routeMetaOf = (pathname: string): RouteMeta | undefined => byPath.get(pathname);
