import type { ComponentType } from 'react';
import type { RouteName } from '@/shared/routes/paths';

export type PageLoader = () => Promise<ComponentType>;

/** A page whose first screen shows server answers renders once they are in (shared/api/first-screen.ts). */
async function afterFirstScreen(
  page: ComponentType,
  firstScreen: () => Promise<void>,
): Promise<ComponentType> {
  await firstScreen();
  return page;
}

const home: PageLoader = () =>
  import('./pages/home-route').then((m) => afterFirstScreen(m.HomeRoute, m.homeFirstScreen));
const mine: PageLoader = () => import('./pages/mine-route').then((m) => m.MineRoute);
const login: PageLoader = () => import('@/features/auth/pages/login-page').then((m) => m.LoginPage);
const register: PageLoader = () => import('@/features/auth/pages/register-page').then((m) => m.RegisterPage);
const money: PageLoader = () => import('@/features/wallet/pages/money-page').then((m) => m.MoneyPage);
const withdrawal: PageLoader = () =>
  import('@/features/withdrawals/pages/withdrawal-page').then((m) => m.WithdrawalPage);
const transfer: PageLoader = () =>
  import('@/features/wallet/pages/transfer-page').then((m) => m.TransferPage);
const wallet: PageLoader = () =>
  import('@/features/cards/pages/card-management-page').then((m) => m.CardManagementPage);
const addUsdtCard: PageLoader = () =>
  import('@/features/cards/pages/add-usdt-card-page').then((m) => m.AddUsdtCardPage);
const addBankCard: PageLoader = () =>
  import('@/features/cards/pages/add-bank-card-page').then((m) => m.AddBankCardPage);
const usdtmore: PageLoader = () =>
  import('@/features/cards/pages/usdt-more-page').then((m) => m.UsdtMorePage);
const recharge: PageLoader = () =>
  import('@/features/deposits/pages/recharge-page').then((m) => m.RechargePage);
const payInfo: PageLoader = () =>
  import('@/features/deposits/pages/pay-info-page').then((m) => m.PayInfoPage);
const transRecord: PageLoader = () =>
  import('@/features/transactions/pages/trans-record-page').then((m) => m.TransRecordPage);

const userInfo: PageLoader = () =>
  import('@/features/account/pages/user-info-page').then((m) => m.UserInfoPage);
const userCent: PageLoader = () =>
  import('@/features/account/pages/user-cent-page').then((m) => m.UserCentPage);
const password: PageLoader = () =>
  import('@/features/account/pages/password-page').then((m) => m.PasswordPage);

const gamePage: PageLoader = () => import('@/features/games/pages/game-page').then((m) => m.GamePage);
const concise: PageLoader = () => import('@/features/games/pages/concise-page').then((m) => m.ConcisePage);
const search: PageLoader = () => import('@/features/games/pages/search-page').then((m) => m.SearchPage);
const betRecord: PageLoader = () =>
  import('@/features/games/pages/bet-record-page').then((m) => m.BetRecordPage);

const hongbao: PageLoader = () => import('@/features/rewards/pages/hongbao-page').then((m) => m.HongbaoPage);
const welfare: PageLoader = () => import('@/features/rewards/pages/welfare-page').then((m) => m.WelfarePage);
const fanshui: PageLoader = () => import('@/features/rewards/pages/fanshui-page').then((m) => m.FanshuiPage);

const activity: PageLoader = () =>
  import('@/features/content/pages/activity-page').then((m) =>
    afterFirstScreen(m.ActivityPage, m.activityFirstScreen),
  );
const activityInfo: PageLoader = () =>
  import('@/features/content/pages/activity-info-page').then((m) => m.ActivityInfoPage);
const activityRecord: PageLoader = () =>
  import('@/features/content/pages/activity-record-page').then((m) => m.ActivityRecordPage);
const vip: PageLoader = () => import('@/features/vip/pages/vip-page').then((m) => m.VipPage);
const message: PageLoader = () => import('@/features/content/pages/message-page').then((m) => m.MessagePage);
const boutBallBet: PageLoader = () => import('@/features/content/pages/help-page').then((m) => m.HelpPage);
const boutBallBetInfo: PageLoader = () =>
  import('@/features/content/pages/help-article-page').then((m) => m.HelpArticlePage);
const abouts: PageLoader = () => import('@/features/content/pages/abouts-page').then((m) => m.AboutsPage);
const zhanzhu: PageLoader = () => import('@/features/content/pages/sponsor-page').then((m) => m.SponsorPage);
const zhanzhuye: PageLoader = () =>
  import('@/features/content/pages/sponsor-frame-page').then((m) => m.SponsorFramePage);
const appDownload: PageLoader = () =>
  import('@/features/site/pages/app-download-page').then((m) => m.AppDownloadPage);
const kefu: PageLoader = () => import('@/features/site/pages/service-page').then((m) => m.ServicePage);
const applyagent: PageLoader = () =>
  import('@/features/agents/pages/apply-agent-page').then((m) => m.ApplyAgentPage);
const agent: PageLoader = () =>
  import('@/features/agents/pages/agent-centre-page').then((m) => m.AgentCentrePage);
const protection: PageLoader = () =>
  import('@/features/protection/pages/protection-page').then((m) => m.ProtectionPage);
const security: PageLoader = () =>
  import('@/features/security/pages/security-page').then((m) => m.SecurityPage);

/**
 * Each route's page code, loaded on first visit (routes.tsx). The build reads this file to list each
 * route's chunks for page-preload.ts: keep its loaders in the form `const x: PageLoader = () => import(...)`.
 */
export const PAGE_LOADERS: Record<RouteName, PageLoader> = {
  home,
  mine,
  login,
  register,
  money,
  withdrawal,
  transfer,
  wallet,
  addUsdtCard,
  addBankCard,
  usdtmore,
  recharge,
  payInfo,
  transRecord,
  userInfo,
  userCent,
  password,
  gamePage,
  concise,
  search,
  betRecord,
  hongbao,
  welfare,
  fanshui,
  activity,
  activityInfo,
  activityRecord,
  vip,
  message,
  boutBallBet,
  boutBallBetInfo,
  abouts,
  zhanzhu,
  zhanzhuye,
  app: appDownload,
  kefu,
  applyagent,
  protection,
  security,
  agent,
};
