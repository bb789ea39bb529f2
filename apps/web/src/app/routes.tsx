import type { ComponentType } from 'react';
import { type RouteObject, redirect } from 'react-router';
import { PATH, type RouteName } from '@/shared/routes/paths';
import { ROUTE_META } from '@/shared/routes/route-meta';
import { guardLoader } from './route-guard';
import { MainLayout } from './shell/main-layout';
import { RootLayout } from './shell/root-layout';
import { RouteError, RouteFallback } from './shell/route-status';

type PageLoader = () => Promise<ComponentType>;

/** A page of spec 2: its path, meta (title, login, cache) as the route handle, the guard, lazy code. */
function page(name: RouteName, load: PageLoader, options: { index?: boolean } = {}): RouteObject {
  const common = {
    id: name,
    handle: ROUTE_META[name],
    loader: guardLoader,
    lazy: async () => ({ Component: await load() }),
  };
  return options.index ? { ...common, index: true } : { ...common, path: PATH[name] };
}

const home: PageLoader = () => import('./pages/home-route').then((m) => m.HomeRoute);
const mine: PageLoader = () => import('@/features/mine/pages/mine-page').then((m) => m.MinePage);
const login: PageLoader = () => import('@/features/auth/pages/login-page').then((m) => m.LoginPage);
const register: PageLoader = () => import('@/features/auth/pages/register-page').then((m) => m.RegisterPage);
const money: PageLoader = () => import('@/features/wallet/pages/money-page').then((m) => m.MoneyPage);
const withdrawal: PageLoader = () =>
  import('@/features/wallet/pages/withdrawal-page').then((m) => m.WithdrawalPage);
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
  import('@/features/payments/pages/recharge-page').then((m) => m.RechargePage);
const payInfo: PageLoader = () =>
  import('@/features/payments/pages/pay-info-page').then((m) => m.PayInfoPage);
const transRecord: PageLoader = () =>
  import('@/features/payments/pages/trans-record-page').then((m) => m.TransRecordPage);

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
  import('@/features/content/pages/activity-page').then((m) => m.ActivityPage);
const activityInfo: PageLoader = () =>
  import('@/features/content/pages/activity-info-page').then((m) => m.ActivityInfoPage);
const activityRecord: PageLoader = () =>
  import('@/features/content/pages/activity-record-page').then((m) => m.ActivityRecordPage);
const vip: PageLoader = () => import('@/features/content/pages/vip-page').then((m) => m.VipPage);
const message: PageLoader = () => import('@/features/content/pages/message-page').then((m) => m.MessagePage);
const boutBallBet: PageLoader = () => import('@/features/content/pages/help-page').then((m) => m.HelpPage);
const boutBallBetInfo: PageLoader = () =>
  import('@/features/content/pages/help-article-page').then((m) => m.HelpArticlePage);
const abouts: PageLoader = () => import('@/features/content/pages/abouts-page').then((m) => m.AboutsPage);
const zhanzhu: PageLoader = () => import('@/features/content/pages/sponsor-page').then((m) => m.SponsorPage);
const zhanzhuye: PageLoader = () =>
  import('@/features/content/pages/sponsor-frame-page').then((m) => m.SponsorFramePage);
const appDownload: PageLoader = () =>
  import('@/features/content/pages/app-download-page').then((m) => m.AppDownloadPage);
const kefu: PageLoader = () => import('@/features/content/pages/service-page').then((m) => m.ServicePage);
const applyagent: PageLoader = () =>
  import('@/features/content/pages/apply-agent-page').then((m) => m.ApplyAgentPage);

/** Every route of spec 2. Unknown paths go to /. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RouteFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        id: 'shell',
        Component: MainLayout,
        // The shell stays mounted while a full-screen page is open, so its cached tabs survive.
        handle: { keepAlive: true },
        children: [
          page('home', home, { index: true }),
          page('hongbao', hongbao),
          page('activity', activity),
          page('zhanzhu', zhanzhu),
          page('mine', mine),
          page('app', appDownload),
          page('kefu', kefu),
        ],
      },
      page('login', login),
      page('register', register),
      page('gamePage', gamePage),
      page('activityInfo', activityInfo),
      page('zhanzhuye', zhanzhuye),
      page('vip', vip),
      page('applyagent', applyagent),
      page('boutBallBet', boutBallBet),
      page('boutBallBetInfo', boutBallBetInfo),
      page('message', message),
      page('fanshui', fanshui),
      page('userInfo', userInfo),
      page('userCent', userCent),
      page('wallet', wallet),
      page('addBankCard', addBankCard),
      page('addUsdtCard', addUsdtCard),
      page('usdtmore', usdtmore),
      page('password', password),
      page('welfare', welfare),
      page('betRecord', betRecord),
      page('activityRecord', activityRecord),
      page('transRecord', transRecord),
      page('money', money),
      page('recharge', recharge),
      page('payInfo', payInfo),
      page('concise', concise),
      page('search', search),
      page('withdrawal', withdrawal),
      page('transfer', transfer),
      page('abouts', abouts),
      { path: '*', loader: () => redirect(PATH.home) },
    ],
  },
];
