import { type ComponentType, lazy } from 'react';
import type { RouteName } from '@/shared/routes/table';

/** A page's code, loaded when it is first opened. */
const page = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType =>
  lazy(() => load().then((m) => ({ default: pick(m) })));

/** Each route's page (shared/routes/table.ts has the route itself); TypeScript refuses a route without one. */
export const PAGES: Record<RouteName, ComponentType> = {
  home: page(
    () => import('./home-page'),
    (m) => m.HomePage,
  ),
  players: page(
    () => import('@/features/players/pages/player-search-page'),
    (m) => m.PlayerSearchPage,
  ),
  player: page(
    () => import('@/features/players/pages/player-page'),
    (m) => m.PlayerPage,
  ),
  depositReview: page(
    () => import('@/features/money-review/pages/review-queue-page'),
    (m) => m.DepositReviewPage,
  ),
  withdrawalReview: page(
    () => import('@/features/money-review/pages/review-queue-page'),
    (m) => m.WithdrawalReviewPage,
  ),
  adjustments: page(
    () => import('@/features/money-review/pages/adjustments-page'),
    (m) => m.AdjustmentsPage,
  ),
  pendingTransfers: page(
    () => import('@/features/money-review/pages/pending-transfers-page'),
    (m) => m.PendingTransfersPage,
  ),
  content: page(
    () => import('@/features/content/pages/content-page'),
    (m) => m.ContentPage,
  ),
  messages: page(
    () => import('@/features/content/pages/messages-page'),
    (m) => m.MessagesPage,
  ),
  reports: page(
    () => import('@/features/reports/pages/reports-page'),
    (m) => m.ReportsPage,
  ),
  activityApplications: page(
    () => import('@/features/applications/pages/applications-page'),
    (m) => m.ActivityApplicationsPage,
  ),
  agentApplications: page(
    () => import('@/features/applications/pages/applications-page'),
    (m) => m.AgentApplicationsPage,
  ),
  agents: page(
    () => import('@/features/agents/pages/agents-page'),
    (m) => m.AgentsPage,
  ),
  agentStatements: page(
    () => import('@/features/agents/pages/statements-page'),
    (m) => m.StatementsPage,
  ),
  agentPlans: page(
    () => import('@/features/agents/pages/plans-page'),
    (m) => m.PlansPage,
  ),
  venues: page(
    () => import('@/features/venues/pages/venues-page'),
    (m) => m.VenuesPage,
  ),
  games: page(
    () => import('@/features/venues/pages/games-page'),
    (m) => m.GamesPage,
  ),
  paymentConfig: page(
    () => import('@/features/config/pages/payments-page'),
    (m) => m.PaymentsPage,
  ),
  redPacketConfig: page(
    () => import('@/features/config/pages/red-packets-page'),
    (m) => m.RedPacketsPage,
  ),
  vipConfig: page(
    () => import('@/features/config/pages/vip-page'),
    (m) => m.VipPage,
  ),
  siteConfig: page(
    () => import('@/features/config/pages/site-page'),
    (m) => m.SitePage,
  ),
  operators: page(
    () => import('@/features/operators/pages/operators-page'),
    (m) => m.OperatorsPage,
  ),
  audit: page(
    () => import('@/features/audit/pages/audit-log-page'),
    (m) => m.AuditLogPage,
  ),
  account: page(
    () => import('@/features/auth/pages/account-page'),
    (m) => m.AccountPage,
  ),
};
