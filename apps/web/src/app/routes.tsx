import { PATH, type RouteName } from '@/shared/routes/paths';
import { ROUTE_META } from '@/shared/routes/route-meta';
import { type RouteObject, redirect } from '@/shared/routes/router/create-router';
import { type PageLoader, PAGE_LOADERS as pages } from './page-modules';
import { guardLoader } from './route-guard';
import { MainLayout } from './shell/main-layout';
import { RootLayout } from './shell/root-layout';
import { RouteError, RouteFallback } from './shell/route-status';

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
          page('home', pages.home, { index: true }),
          page('hongbao', pages.hongbao),
          page('activity', pages.activity),
          page('zhanzhu', pages.zhanzhu),
          page('mine', pages.mine),
          page('app', pages.app),
          page('kefu', pages.kefu),
        ],
      },
      page('login', pages.login),
      page('register', pages.register),
      page('gamePage', pages.gamePage),
      page('activityInfo', pages.activityInfo),
      page('zhanzhuye', pages.zhanzhuye),
      page('vip', pages.vip),
      page('applyagent', pages.applyagent),
      page('agent', pages.agent),
      page('boutBallBet', pages.boutBallBet),
      page('boutBallBetInfo', pages.boutBallBetInfo),
      page('message', pages.message),
      page('fanshui', pages.fanshui),
      page('userInfo', pages.userInfo),
      page('userCent', pages.userCent),
      page('wallet', pages.wallet),
      page('addBankCard', pages.addBankCard),
      page('addUsdtCard', pages.addUsdtCard),
      page('usdtmore', pages.usdtmore),
      page('password', pages.password),
      page('welfare', pages.welfare),
      page('betRecord', pages.betRecord),
      page('activityRecord', pages.activityRecord),
      page('transRecord', pages.transRecord),
      page('money', pages.money),
      page('recharge', pages.recharge),
      page('payInfo', pages.payInfo),
      page('concise', pages.concise),
      page('search', pages.search),
      page('withdrawal', pages.withdrawal),
      page('transfer', pages.transfer),
      page('abouts', pages.abouts),
      page('protection', pages.protection),
      page('security', pages.security),
      { path: '*', loader: () => redirect(PATH.home) },
    ],
  },
];
