import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  ClusterOutlined,
  CrownOutlined,
  DashboardOutlined,
  EditOutlined,
  FileTextOutlined,
  FormOutlined,
  GiftOutlined,
  GlobalOutlined,
  MailOutlined,
  PayCircleOutlined,
  SafetyOutlined,
  ShopOutlined,
  SolutionOutlined,
  SwapOutlined,
  TeamOutlined,
  UserSwitchOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Permission } from '@app/contract/admin/roles';
import type { ReactNode } from 'react';

/** The left menu's groups, in their order. */
export const MENU_AREAS = [
  '概览',
  '玩家管理',
  '资金管理',
  '内容与报表',
  '运营管理',
  '代理管理',
  '平台管理',
  '平台配置',
  '系统管理',
  '我的账号',
] as const;
export type MenuArea = (typeof MENU_AREAS)[number];

/** A console page: where it is, what the menu and the breadcrumbs call it, who may open it. */
export interface RouteEntry {
  /** Under the /admin/ base; `:id` for a parameter. */
  path: string;
  /** Its name in the menu and in the breadcrumbs. */
  label: string;
  /** In the left menu under this group (with this icon); none: reached by a link only. */
  menu?: { area: MenuArea; icon: ReactNode };
  /** Only roles holding it see it in the menu and may open it; none: every operator. */
  permission?: Permission;
}

/**
 * Breadcrumbs of the paths no page answers: a path's crumbs are 工作台, then the page or section of
 * each shorter prefix of it, then the page itself.
 */
export const SECTIONS: Readonly<Record<string, string>> = {
  '/money': '资金管理',
  '/operations': '运营管理',
  '/agents': '代理管理',
  '/platform': '平台管理',
  '/config': '平台配置',
};

/**
 * The console's pages, one entry each: the router, the menu and the breadcrumbs are made from it
 * (app/routes.tsx gives each its page component), and links are built from its paths.
 */
export const ROUTES = {
  home: { path: '/', label: '工作台', menu: { area: '概览', icon: <DashboardOutlined /> } },
  players: {
    path: '/players',
    label: '玩家查询',
    menu: { area: '玩家管理', icon: <TeamOutlined /> },
    permission: 'players.search',
  },
  player: { path: '/players/:id', label: '玩家详情', permission: 'players.view' },
  depositReview: {
    path: '/money/deposits',
    label: '充值审核',
    menu: { area: '资金管理', icon: <WalletOutlined /> },
    permission: 'deposits.view',
  },
  withdrawalReview: {
    path: '/money/withdrawals',
    label: '取款审核',
    menu: { area: '资金管理', icon: <AccountBookOutlined /> },
    permission: 'withdrawals.view',
  },
  adjustments: {
    path: '/money/adjustments',
    label: '人工调账',
    menu: { area: '资金管理', icon: <EditOutlined /> },
    permission: 'adjustments.view',
  },
  pendingTransfers: {
    path: '/money/transfers',
    label: '待结算转账',
    menu: { area: '资金管理', icon: <SwapOutlined /> },
    permission: 'transfers.view',
  },
  content: {
    path: '/content',
    label: '内容管理',
    menu: { area: '内容与报表', icon: <FileTextOutlined /> },
    permission: 'content.view',
  },
  messages: {
    path: '/content/messages',
    label: '站内信',
    menu: { area: '内容与报表', icon: <MailOutlined /> },
    permission: 'content.view',
  },
  reports: {
    path: '/reports',
    label: '报表',
    menu: { area: '内容与报表', icon: <BarChartOutlined /> },
    permission: 'reports.view',
  },
  activityApplications: {
    path: '/operations/activity-applications',
    label: '活动申请',
    menu: { area: '运营管理', icon: <FormOutlined /> },
    permission: 'applications.view',
  },
  agentApplications: {
    path: '/operations/agent-applications',
    label: '代理申请',
    menu: { area: '运营管理', icon: <SolutionOutlined /> },
    permission: 'applications.view',
  },
  agents: {
    path: '/agents/tree',
    label: '代理列表',
    menu: { area: '代理管理', icon: <ClusterOutlined /> },
    permission: 'agents.view',
  },
  agentStatements: {
    path: '/agents/statements',
    label: '佣金账单',
    menu: { area: '代理管理', icon: <AccountBookOutlined /> },
    permission: 'agents.view',
  },
  agentPlans: {
    path: '/agents/plans',
    label: '佣金方案',
    menu: { area: '代理管理', icon: <ApartmentOutlined /> },
    permission: 'agents.view',
  },
  venues: {
    path: '/platform/venues',
    label: '场馆管理',
    menu: { area: '平台管理', icon: <ShopOutlined /> },
    permission: 'venues.view',
  },
  games: {
    path: '/platform/games',
    label: '游戏管理',
    menu: { area: '平台管理', icon: <AppstoreOutlined /> },
    permission: 'venues.view',
  },
  paymentConfig: {
    path: '/config/payments',
    label: '支付配置',
    menu: { area: '平台配置', icon: <PayCircleOutlined /> },
    permission: 'config.view',
  },
  redPacketConfig: {
    path: '/config/red-packets',
    label: '红包配置',
    menu: { area: '平台配置', icon: <GiftOutlined /> },
    permission: 'config.view',
  },
  vipConfig: {
    path: '/config/vip',
    label: 'VIP等级',
    menu: { area: '平台配置', icon: <CrownOutlined /> },
    permission: 'config.view',
  },
  siteConfig: {
    path: '/config/site',
    label: '站点设置',
    menu: { area: '平台配置', icon: <GlobalOutlined /> },
    permission: 'config.view',
  },
  operators: {
    path: '/operators',
    label: '操作员',
    menu: { area: '系统管理', icon: <UserSwitchOutlined /> },
    permission: 'operators.view',
  },
  audit: {
    path: '/audit',
    label: '审计日志',
    menu: { area: '系统管理', icon: <AuditOutlined /> },
    permission: 'audit.view',
  },
  account: { path: '/account', label: '账号安全', menu: { area: '我的账号', icon: <SafetyOutlined /> } },
} as const satisfies Record<string, RouteEntry>;

export type RouteName = keyof typeof ROUTES;

/** Where the sign-in is: outside the console's frame, open to everyone. */
export const SIGN_IN_PATH = '/sign-in';

/** Every page's path by its name; a path with a parameter is built with `pathOf`. */
export const PATH = {
  ...(Object.fromEntries(Object.entries(ROUTES).map(([name, r]) => [name, r.path])) as {
    [N in RouteName]: (typeof ROUTES)[N]['path'];
  }),
  signIn: SIGN_IN_PATH,
};

/** A player's page. */
export const playerPath = (id: number | string) => PATH.player.replace(':id', encodeURIComponent(String(id)));
