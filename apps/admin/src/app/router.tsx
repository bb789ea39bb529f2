import type { Permission } from '@app/contract/admin/roles';
import { Button, Flex, Result, Spin } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Link, Navigate, useLocation } from 'react-router';
import { SignInPage } from '@/features/auth/pages/sign-in-page';
import { PATH } from '@/shared/routes/paths';
import { useCan, useSession } from '@/shared/session/session';
import { ConsoleLayout, type RouteHandle } from './console-layout';

const HomePage = lazy(() => import('./home-page').then((m) => ({ default: m.HomePage })));
const PlayerSearchPage = lazy(() =>
  import('@/features/players/pages/player-search-page').then((m) => ({ default: m.PlayerSearchPage })),
);
const PlayerPage = lazy(() =>
  import('@/features/players/pages/player-page').then((m) => ({ default: m.PlayerPage })),
);
const AuditLogPage = lazy(() =>
  import('@/features/audit/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
);
const OperatorsPage = lazy(() =>
  import('@/features/operators/operators-page').then((m) => ({ default: m.OperatorsPage })),
);
const DepositReviewPage = lazy(() =>
  import('@/features/money-review/pages/review-queue-page').then((m) => ({ default: m.DepositReviewPage })),
);
const WithdrawalReviewPage = lazy(() =>
  import('@/features/money-review/pages/review-queue-page').then((m) => ({
    default: m.WithdrawalReviewPage,
  })),
);
const AdjustmentsPage = lazy(() =>
  import('@/features/money-review/pages/adjustments-page').then((m) => ({ default: m.AdjustmentsPage })),
);
const PendingTransfersPage = lazy(() =>
  import('@/features/money-review/pages/pending-transfers-page').then((m) => ({
    default: m.PendingTransfersPage,
  })),
);
const ContentPage = lazy(() =>
  import('@/features/content/content-page').then((m) => ({ default: m.ContentPage })),
);
const MessagesPage = lazy(() =>
  import('@/features/content/messages-page').then((m) => ({ default: m.MessagesPage })),
);
const ReportsPage = lazy(() =>
  import('@/features/reports/reports-page').then((m) => ({ default: m.ReportsPage })),
);
const ActivityApplicationsPage = lazy(() =>
  import('@/features/applications/pages/applications-page').then((m) => ({
    default: m.ActivityApplicationsPage,
  })),
);
const AgentApplicationsPage = lazy(() =>
  import('@/features/applications/pages/applications-page').then((m) => ({
    default: m.AgentApplicationsPage,
  })),
);
const VenuesPage = lazy(() =>
  import('@/features/venues/pages/venues-page').then((m) => ({ default: m.VenuesPage })),
);
const GamesPage = lazy(() =>
  import('@/features/venues/pages/games-page').then((m) => ({ default: m.GamesPage })),
);
const PaymentsPage = lazy(() =>
  import('@/features/config/pages/payments-page').then((m) => ({ default: m.PaymentsPage })),
);
const RedPacketsPage = lazy(() =>
  import('@/features/config/pages/red-packets-page').then((m) => ({ default: m.RedPacketsPage })),
);
const VipPage = lazy(() => import('@/features/config/pages/vip-page').then((m) => ({ default: m.VipPage })));
const SitePage = lazy(() =>
  import('@/features/config/pages/site-page').then((m) => ({ default: m.SitePage })),
);
const AccountPage = lazy(() =>
  import('@/features/auth/pages/account-page').then((m) => ({ default: m.AccountPage })),
);

const Loading = () => (
  <Flex justify="center" align="center" style={{ minHeight: 240 }}>
    <Spin size="large" />
  </Flex>
);

/** The console for a signed-in operator; anyone else goes to the sign-in, and comes back after it. */
function SignedIn() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <Loading />;
  if (data?.stage !== 'active') {
    return <Navigate to={PATH.signIn} state={{ from: `${location.pathname}${location.search}` }} replace />;
  }
  return <ConsoleLayout />;
}

/** A page only some roles may open; the server refuses the others' requests anyway. */
function Allowed({ permission, children }: { permission: Permission; children: ReactNode }) {
  const can = useCan();
  if (!can(permission)) {
    return (
      <Result
        status="403"
        title="无权访问"
        subTitle="您的角色没有此页面的权限，如需开通请联系超级管理员。"
        extra={
          <Link to={PATH.home}>
            <Button type="primary">返回工作台</Button>
          </Link>
        }
      />
    );
  }
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}

const page = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
const crumb = (name: string): RouteHandle => ({ crumb: name });

export const router = createBrowserRouter(
  [
    { path: PATH.signIn, element: <SignInPage /> },
    {
      path: PATH.home,
      element: <SignedIn />,
      handle: crumb('工作台'),
      children: [
        { index: true, element: page(<HomePage />) },
        {
          path: 'players',
          handle: crumb('玩家查询'),
          children: [
            { index: true, element: <Allowed permission="players.search">{<PlayerSearchPage />}</Allowed> },
            {
              path: ':id',
              handle: crumb('玩家详情'),
              element: <Allowed permission="players.view">{<PlayerPage />}</Allowed>,
            },
          ],
        },
        {
          path: 'money',
          handle: crumb('资金管理'),
          children: [
            {
              path: 'deposits',
              handle: crumb('充值审核'),
              element: <Allowed permission="deposits.view">{<DepositReviewPage />}</Allowed>,
            },
            {
              path: 'withdrawals',
              handle: crumb('取款审核'),
              element: <Allowed permission="withdrawals.view">{<WithdrawalReviewPage />}</Allowed>,
            },
            {
              path: 'adjustments',
              handle: crumb('人工调账'),
              element: <Allowed permission="adjustments.view">{<AdjustmentsPage />}</Allowed>,
            },
            {
              path: 'transfers',
              handle: crumb('待结算转账'),
              element: <Allowed permission="transfers.view">{<PendingTransfersPage />}</Allowed>,
            },
          ],
        },
        {
          path: 'operations',
          handle: crumb('运营管理'),
          children: [
            {
              path: 'activity-applications',
              handle: crumb('活动申请'),
              element: <Allowed permission="applications.view">{<ActivityApplicationsPage />}</Allowed>,
            },
            {
              path: 'agent-applications',
              handle: crumb('代理申请'),
              element: <Allowed permission="applications.view">{<AgentApplicationsPage />}</Allowed>,
            },
          ],
        },
        {
          path: 'platform',
          handle: crumb('平台管理'),
          children: [
            {
              path: 'venues',
              handle: crumb('场馆管理'),
              element: <Allowed permission="venues.view">{<VenuesPage />}</Allowed>,
            },
            {
              path: 'games',
              handle: crumb('游戏管理'),
              element: <Allowed permission="venues.view">{<GamesPage />}</Allowed>,
            },
          ],
        },
        {
          path: 'config',
          handle: crumb('平台配置'),
          children: [
            {
              path: 'payments',
              handle: crumb('支付配置'),
              element: <Allowed permission="config.view">{<PaymentsPage />}</Allowed>,
            },
            {
              path: 'red-packets',
              handle: crumb('红包配置'),
              element: <Allowed permission="config.view">{<RedPacketsPage />}</Allowed>,
            },
            {
              path: 'vip',
              handle: crumb('VIP等级'),
              element: <Allowed permission="config.view">{<VipPage />}</Allowed>,
            },
            {
              path: 'site',
              handle: crumb('站点设置'),
              element: <Allowed permission="config.view">{<SitePage />}</Allowed>,
            },
          ],
        },
        {
          path: 'operators',
          handle: crumb('操作员'),
          element: <Allowed permission="operators.view">{<OperatorsPage />}</Allowed>,
        },
        {
          path: 'audit',
          handle: crumb('审计日志'),
          element: <Allowed permission="audit.view">{<AuditLogPage />}</Allowed>,
        },
        {
          path: 'content',
          handle: crumb('内容管理'),
          children: [
            { index: true, element: <Allowed permission="content.view">{<ContentPage />}</Allowed> },
            {
              path: 'messages',
              handle: crumb('站内信'),
              element: <Allowed permission="content.view">{<MessagesPage />}</Allowed>,
            },
          ],
        },
        {
          path: 'reports',
          handle: crumb('报表'),
          element: <Allowed permission="reports.view">{<ReportsPage />}</Allowed>,
        },
        { path: 'account', handle: crumb('账号安全'), element: page(<AccountPage />) },
        {
          path: '*',
          element: (
            <Result
              status="404"
              title="页面不存在"
              extra={
                <Link to={PATH.home}>
                  <Button type="primary">返回工作台</Button>
                </Link>
              }
            />
          ),
        },
      ],
    },
  ],
  { basename: '/admin' },
);
