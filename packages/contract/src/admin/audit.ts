import { z } from 'zod';
import { dayField, listQuerySchema } from './fields';
import type { ColumnSpec } from './players';

/** What an audit row's target is: `player:12`, `operator:3`, `deposit:D2026...`, ... */
export const TARGET_TYPES = {
  player: '玩家',
  operator: '操作员',
  'api-key': 'API 密钥',
  deposit: '充值订单',
  withdrawal: '取款订单',
  adjustment: '人工调账',
  transfer: '场馆转账',
  content: '内容',
  setting: '设置',
  job: '任务',
  venue: '场馆',
  search: '查询',
  application: '申请',
  game: '游戏',
  'agent-plan': '佣金方案',
  'agent-statement': '佣金账单',
} as const;
export type TargetType = keyof typeof TARGET_TYPES;

/** How an audit row's operator acted: a console session, one of their API keys, or the bootstrap token. */
export function viaLabel(via: string): string {
  if (via === 'session') return '后台会话';
  if (via === 'bootstrap') return '启动令牌';
  const key = /^api-key:(\d+)$/.exec(via);
  return key ? `API 密钥 #${key[1]}` : via;
}

export const targetTypeLabel = (type: string) => TARGET_TYPES[type as TargetType] ?? type;

export const auditQuerySchema = listQuerySchema.extend({
  operator: z.string().trim().max(32).default(''),
  action: z.string().trim().max(48).default(''),
  target_type: z.string().trim().max(16).default(''),
  target_id: z.string().trim().max(64).default(''),
  from: dayField.optional(),
  to: dayField.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number(),
  at: z.string(),
  operator: z.string(),
  role: z.string(),
  action: z.string(),
  action_label: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** The target as an operator knows it: 支付配置, VIP2, the game's name. */
  target_label: z.string(),
  reason: z.string(),
  ip: z.string(),
  /** session, api-key:ID or bootstrap. */
  via: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const AUDIT_COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', title: '编号', sortable: true },
  { key: 'at', title: '时间', kind: 'time', sortable: true },
  { key: 'operator', title: '操作员' },
  { key: 'role', title: '角色' },
  { key: 'action_label', title: '操作' },
  { key: 'target_type', title: '对象类型' },
  { key: 'target_id', title: '对象' },
  /** The target as an operator knows it (CSV only: the table's 对象 shows it). */
  { key: 'target_label', title: '对象名称' },
  { key: 'reason', title: '原因' },
  { key: 'ip', title: 'IP' },
  { key: 'via', title: '方式' },
  { key: 'before', title: '变更前' },
  { key: 'after', title: '变更后' },
];
