import { z } from 'zod';
import { amountNumber } from '../amount';
import { dayField, listQuerySchema, reasonField } from './fields';
import type { ColumnSpec } from './players';

/**
 * The players' applications as the back office decides them (issue 18): activity applications,
 * approved (optionally with a bonus credited through the ledger, with its turnover multiple) or
 * rejected, and agent applications, approved (the player becomes an agent) or rejected. Each is
 * decided once, whoever else clicks at the same moment.
 */
export const APPLICATION_KINDS = { activities: '活动申请', agents: '代理申请' } as const;
export type ApplicationKind = keyof typeof APPLICATION_KINDS;

export const APPLICATION_STATES = { 1: '待审核', 2: '已通过', 3: '已拒绝' } as const;

export const APPLICATION_MSG = {
  notFound: '申请不存在',
  decided: '该申请已被处理，请刷新列表',
  bonusOnlyApproved: '只有通过的活动申请可以发放彩金',
  bootstrap: '启动令牌不能审核申请',
  bonusRestricted: '该玩家处于冷静期或自我禁止期，不能发放彩金（可不发彩金通过）',
  approved: '已通过',
  rejected: '已拒绝',
  /** The in-site message the player gets. */
  activityTitle: (approved: boolean) => (approved ? '活动申请已通过' : '活动申请未通过'),
  activityBody: (activity: string, approved: boolean, bonus: string, note: string) =>
    `您申请的活动「${activity}」${approved ? '已通过审核' : '未通过审核'}。${
      bonus ? `彩金 ${bonus} 已发放至中心钱包。` : ''
    }${note ? `备注：${note}` : ''}`,
  agentTitle: (approved: boolean) => (approved ? '代理申请已通过' : '代理申请未通过'),
  agentBody: (approved: boolean, note: string) =>
    `${approved ? '恭喜您成为代理，可在“我的”页面进入代理登录。' : '您的代理申请未通过审核。'}${
      note ? `备注：${note}` : ''
    }`,
} as const;

/** A queue's filters: state (0 every state), player, Beijing days. */
export const applicationQuerySchema = listQuerySchema.extend({
  state: z.coerce.number().int().min(0).max(3).default(1),
  player: z.string().trim().max(32).default(''),
  from: dayField.optional(),
  to: dayField.optional(),
});
export type ApplicationQuery = z.infer<typeof applicationQuerySchema>;

const time = (key: string, title: string, sortable = false): ColumnSpec => ({
  key,
  title,
  kind: 'time',
  sortable,
});
const decisionColumns: ColumnSpec[] = [
  { key: 'state', title: '状态', kind: 'state', states: APPLICATION_STATES },
  time('created_at', '申请时间', true),
  time('reviewed_at', '审核时间'),
  { key: 'reviewed_by', title: '审核人' },
  { key: 'note', title: '备注' },
];

export const APPLICATION_COLUMNS: Record<ApplicationKind, readonly ColumnSpec[]> = {
  activities: [
    { key: 'id', title: '编号' },
    { key: 'username', title: '玩家' },
    { key: 'activity', title: '活动' },
    { key: 'bonus', title: '彩金', kind: 'money' },
    ...decisionColumns,
  ],
  agents: [
    { key: 'id', title: '编号' },
    { key: 'username', title: '玩家' },
    { key: 'mobile', title: '手机号' },
    { key: 'reason', title: '申请理由' },
    ...decisionColumns,
  ],
};

/**
 * A decision. An approved activity application may carry a bonus, credited to the player's central
 * wallet with the turnover (打码量) of `turnover_multiple` times the bonus.
 */
export const applicationDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    note: reasonField,
    bonus: amountNumber('bonus')
      .pipe(z.number().nonnegative({ message: '彩金不能为负数' }))
      .default(0),
    turnover_multiple: z.coerce
      .number()
      .min(0, { message: '流水倍数应为 0-50' })
      .max(50, { message: '流水倍数应为 0-50' })
      .default(1),
  })
  .refine((b) => b.decision === 'approve' || b.bonus === 0, {
    message: APPLICATION_MSG.bonusOnlyApproved,
    path: ['bonus'],
  });
export type ApplicationDecision = z.infer<typeof applicationDecisionSchema>;
