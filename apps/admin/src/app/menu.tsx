import {
  AccountBookOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
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
import { PATH } from '@/shared/routes/paths';

export interface MenuEntry {
  path: string;
  label: string;
  icon: ReactNode;
  /** Shown only to roles holding it; none: every operator. */
  permission?: Permission;
}

/** The left menu, by area. */
export const MENU: { area: string; entries: MenuEntry[] }[] = [
  { area: '概览', entries: [{ path: PATH.home, label: '工作台', icon: <DashboardOutlined /> }] },
  {
    area: '玩家管理',
    entries: [
      { path: PATH.players, label: '玩家查询', icon: <TeamOutlined />, permission: 'players.search' },
    ],
  },
  {
    area: '资金管理',
    entries: [
      { path: PATH.depositReview, label: '充值审核', icon: <WalletOutlined />, permission: 'deposits.view' },
      {
        path: PATH.withdrawalReview,
        label: '取款审核',
        icon: <AccountBookOutlined />,
        permission: 'withdrawals.view',
      },
      { path: PATH.adjustments, label: '人工调账', icon: <EditOutlined />, permission: 'adjustments.view' },
      {
        path: PATH.pendingTransfers,
        label: '待结算转账',
        icon: <SwapOutlined />,
        permission: 'transfers.view',
      },
    ],
  },
  {
    area: '内容与报表',
    entries: [
      { path: PATH.content, label: '内容管理', icon: <FileTextOutlined />, permission: 'content.view' },
      { path: PATH.messages, label: '站内信', icon: <MailOutlined />, permission: 'content.view' },
      { path: PATH.reports, label: '报表', icon: <BarChartOutlined />, permission: 'reports.view' },
    ],
  },
  {
    area: '运营管理',
    entries: [
      {
        path: PATH.activityApplications,
        label: '活动申请',
        icon: <FormOutlined />,
        permission: 'applications.view',
      },
      {
        path: PATH.agentApplications,
        label: '代理申请',
        icon: <SolutionOutlined />,
        permission: 'applications.view',
      },
    ],
  },
  {
    area: '平台管理',
    entries: [
      { path: PATH.venues, label: '场馆管理', icon: <ShopOutlined />, permission: 'venues.view' },
      { path: PATH.games, label: '游戏管理', icon: <AppstoreOutlined />, permission: 'venues.view' },
    ],
  },
  {
    area: '平台配置',
    entries: [
      { path: PATH.paymentConfig, label: '支付配置', icon: <PayCircleOutlined />, permission: 'config.view' },
      { path: PATH.redPacketConfig, label: '红包配置', icon: <GiftOutlined />, permission: 'config.view' },
      { path: PATH.vipConfig, label: 'VIP等级', icon: <CrownOutlined />, permission: 'config.view' },
      { path: PATH.siteConfig, label: '站点设置', icon: <GlobalOutlined />, permission: 'config.view' },
    ],
  },
  {
    area: '系统管理',
    entries: [
      { path: PATH.operators, label: '操作员', icon: <UserSwitchOutlined />, permission: 'operators.view' },
      { path: PATH.audit, label: '审计日志', icon: <AuditOutlined />, permission: 'audit.view' },
    ],
  },
  { area: '我的账号', entries: [{ path: PATH.account, label: '账号安全', icon: <SafetyOutlined /> }] },
];
