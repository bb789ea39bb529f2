/**
 * Who may do what in the back office (DESIGN.md section 12): one table, action → roles, default
 * deny. Every operator route declares one of these actions (or a gate below); the server refuses a
 * route that declares none, and the console hides what the operator's role cannot do.
 */
export const ROLES = ['superadmin', 'finance', 'support', 'operations', 'auditor'] as const;
export type OperatorRole = (typeof ROLES)[number];

export const ROLE_LABEL: Record<OperatorRole, string> = {
  superadmin: '超级管理员',
  finance: '财务',
  support: '客服',
  operations: '运营',
  auditor: '审计',
};

interface ActionRule {
  /** What the audit log and the console call it. */
  label: string;
  roles: readonly OperatorRole[];
  /** Reads change nothing: 审计 holds every read and nothing else. */
  read?: true;
}

const S = 'superadmin';
const F = 'finance';
const C = 'support';
const O = 'operations';
const A = 'auditor';

export const PERMISSIONS = {
  // Operators and their access
  'operators.view': { label: '查看操作员', roles: [S, A], read: true },
  'operators.create': { label: '创建操作员', roles: [S] },
  'operators.set-role': { label: '修改操作员角色', roles: [S] },
  'operators.disable': { label: '停用操作员', roles: [S] },
  'operators.enable': { label: '启用操作员', roles: [S] },
  'operators.reset-password': { label: '重置操作员密码', roles: [S] },
  'operators.reset-totp': { label: '重置操作员两步验证', roles: [S] },
  'operators.unlock': { label: '解锁操作员', roles: [S] },
  'operators.revoke-api-key': { label: '撤销操作员 API 密钥', roles: [S] },
  'audit.view': { label: '查看审计日志', roles: [S, A], read: true },
  'audit.export': { label: '导出审计日志', roles: [S, A], read: true },

  // Players
  'players.search': { label: '搜索玩家', roles: [S, F, C, A], read: true },
  'players.export': { label: '导出玩家列表', roles: [S, F, C, A], read: true },
  'players.view': { label: '查看玩家资料', roles: [S, F, C, A], read: true },
  'players.records': { label: '查看玩家记录', roles: [S, F, C, A], read: true },
  'players.freeze': { label: '冻结玩家', roles: [S, C] },
  'players.unfreeze': { label: '解冻玩家', roles: [S, C] },
  'players.unlock': { label: '解除玩家锁定', roles: [S, C] },
  'players.reset-password': { label: '重置玩家密码', roles: [S, C] },
  'players.end-sessions': { label: '结束玩家会话', roles: [S, C] },
  'players.set-agent': { label: '设置代理身份', roles: [S, C] },
  'players.set-vip': { label: '设置VIP等级', roles: [S, C] },

  // Money
  'deposits.view': { label: '查看充值订单', roles: [S, F, A], read: true },
  'deposits.review': { label: '审核充值', roles: [S, F] },
  'withdrawals.view': { label: '查看取款订单', roles: [S, F, A], read: true },
  'withdrawals.review': { label: '审核取款', roles: [S, F] },
  'players.ledger': { label: '查看玩家账本流水', roles: [S, F, A], read: true },
  'adjustments.view': { label: '查看人工调账', roles: [S, F, A], read: true },
  'adjustments.request': { label: '人工调账', roles: [S, F] },
  'adjustments.approve': { label: '复核人工调账', roles: [S, F] },
  'transfers.view': { label: '查看待结算转账', roles: [S, F, A], read: true },
  'transfers.settle': { label: '查询场馆并结算转账', roles: [S, F] },
  'settings.review': { label: '修改双人复核金额', roles: [S] },

  // Content and promotions
  'content.publish': { label: '发布内容', roles: [S, O] },
  'content.view': { label: '查看内容', roles: [S, O, A], read: true },
  'content.edit': { label: '编辑内容', roles: [S, O] },
  'content.delete': { label: '删除内容', roles: [S, O] },
  'messages.send': { label: '发送站内信', roles: [S, O] },

  // Reports and the dashboard
  'reports.view': { label: '查看报表', roles: [S, F, A], read: true },
  'reports.export': { label: '导出报表', roles: [S, F, A], read: true },
  'dashboard.view': { label: '查看工作台数据', roles: [S, F, A], read: true },

  // Applications, venues and games, configuration (issue 18, part 2)
  'applications.view': { label: '查看活动与代理申请', roles: [S, O, A], read: true },
  'applications.review': { label: '审核活动与代理申请', roles: [S, O] },
  'venues.view': { label: '查看场馆与游戏', roles: [S, O, A], read: true },
  'games.manage': { label: '设置游戏（显示、热门、新、排序、分类）', roles: [S] },
  'config.view': { label: '查看平台配置', roles: [S, F, O, A], read: true },
  'payments.configure': { label: '修改支付配置（渠道、收款账户、汇率、取款手续费）', roles: [S, F] },
  'promotions.configure': { label: '修改红包规则与开关', roles: [S, O] },
  'vip.configure': { label: '修改VIP等级与返水比例', roles: [S] },

  // The agent programme (issue 29): 财务 decides statements, 运营 manages plans and moves players
  'agents.view': { label: '查看代理、佣金方案与账单', roles: [S, F, O, A], read: true },
  'agents.export': { label: '导出佣金账单', roles: [S, F, A], read: true },
  'agents.decide': { label: '审核佣金账单', roles: [S, F] },
  'agents.plans': { label: '管理佣金方案', roles: [S, O] },
  'agents.move': { label: '移动玩家所属代理', roles: [S, O] },

  // The platform
  'settings.site': { label: '修改站点设置', roles: [S] },
  'jobs.run': { label: '运行每日任务', roles: [S] },
  'venues.manage': { label: '开关场馆、设置维护', roles: [S] },
  'test-clock.set': { label: '设置测试时钟', roles: [S] },
} as const satisfies Record<string, ActionRule>;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/**
 * Routes that are not an action of the table, each still declared: `public` (the first sign-in
 * step), `session` (any live console session, in any sign-in stage: its own state, sign-out),
 * `self` (a fully signed-in console session acting on its own account: password, API keys) and
 * `bootstrap` (the ADMIN_TOKEN, which can only create operators).
 */
export const GATES = ['public', 'session', 'self', 'bootstrap'] as const;
export type Gate = (typeof GATES)[number];
export type RouteAccess = Permission | Gate;

export function can(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission].roles as readonly OperatorRole[]).includes(role);
}

export const permissionsOf = (role: OperatorRole): Permission[] =>
  PERMISSION_NAMES.filter((p) => can(role, p));

/** Audit rows that are not table actions: sign-in and account events, and refused requests. */
export const AUDIT_EVENTS = {
  'auth.sign-in': '登录成功',
  'auth.sign-in-failed': '登录失败',
  'auth.locked': '账号锁定',
  'auth.totp-enrolled': '绑定两步验证',
  'auth.sign-out': '退出登录',
  'auth.sign-out-everywhere': '退出所有设备',
  'auth.password-changed': '修改密码',
  'api-keys.create': '创建 API 密钥',
  'api-keys.revoke': '撤销 API 密钥',
  'access.denied': '越权请求被拒绝',
  'review.claim': '领取审核订单',
  'review.release': '释放审核订单',
  'review.first-approval': '初审通过（待复核）',
  /** Rows of the scripts' former credit route: manual credits are adjustments now (adjustments.request). */
  'players.credit': '人工加款（旧脚本接口）',
} as const;
export type AuditEvent = keyof typeof AUDIT_EVENTS;
export type AuditAction = Permission | AuditEvent;

export function auditActionLabel(action: string): string {
  if (action in PERMISSIONS) return PERMISSIONS[action as Permission].label;
  if (action in AUDIT_EVENTS) return AUDIT_EVENTS[action as AuditEvent];
  return action;
}

export const AUDIT_ACTIONS = [...PERMISSION_NAMES, ...(Object.keys(AUDIT_EVENTS) as AuditEvent[])];
