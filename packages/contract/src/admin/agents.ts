import { z } from 'zod';
import {
  commissionRulesSchema,
  STATEMENT_STATE,
  STATEMENT_STATE_LABEL,
  statementSchema,
  statementSummarySchema,
} from '../agents';
import { amountNumber } from '../amount';
import { listQuerySchema, reasonField } from './fields';
import type { ColumnSpec } from './players';

/**
 * 代理管理 (issue 29), the console's side of the agent programme. Routes (operator auth; the
 * permission each needs in brackets, see roles.ts):
 * - GET  AGENT_ADMIN_ROUTES.agents?parent&player&page       [agents.view]   agentRowSchema page: the tree
 *   one level at a time (parent 0: agents under no agent; `sub_agents` > 0: expand by parent=id)
 * - POST AGENT_ADMIN_ROUTES.agentPlan(id) {plan_id, reason}  [agents.plans]  the agent's plan
 * - GET  AGENT_ADMIN_ROUTES.plans                            [agents.view]   planSchema[] with every version
 * - POST AGENT_ADMIN_ROUTES.plans {name, rules, note, is_default}      [agents.plans] a plan and its version 1
 * - POST AGENT_ADMIN_ROUTES.planVersions(id) {rules, note}  [agents.plans]  a new version (versions never change)
 * - GET  AGENT_ADMIN_ROUTES.statements?state&month&agent&page [agents.view] statementSummaryRowSchema page
 * - GET  AGENT_ADMIN_ROUTES.statementsCsv?(same filters)      [agents.export] the same rows as CSV (STATEMENT_COLUMNS)
 * - GET  AGENT_ADMIN_ROUTES.statement(id)                    [agents.view]   statementSchema with lines
 * - POST AGENT_ADMIN_ROUTES.decide(id) {decision, amount?, note} [agents.decide] approve / adjust / withhold
 * - POST AGENT_ADMIN_ROUTES.move(userId) {agent_id, reason}  [agents.move]   moves a player to another agent
 * - GET  AGENT_ADMIN_ROUTES.close                            [agents.view]   closeStateSchema: the monthly close
 * - GET  AGENT_ADMIN_ROUTES.commissionReport?from&to         [reports.view]  commission paid per month (ledger)
 * The dashboard's `queues.commission_statements` counts statements waiting for a decision.
 */
export const AGENT_ADMIN_ROUTES = {
  agents: '/admin/api/agents',
  agentPlan: (id: number | string) => `/admin/api/agents/${id}/plan`,
  plans: '/admin/api/agent-plans',
  planVersions: (id: number | string) => `/admin/api/agent-plans/${id}/versions`,
  statements: '/admin/api/agent-statements',
  statementsCsv: '/admin/api/agent-statements/export',
  statement: (id: number | string) => `/admin/api/agent-statements/${id}`,
  decide: (id: number | string) => `/admin/api/agent-statements/${id}/decide`,
  move: (userId: number | string) => `/admin/api/agent-members/${userId}/move`,
  close: '/admin/api/agent-close',
  commissionReport: '/admin/api/reports/commission',
} as const;

export const AGENT_ADMIN_MSG = {
  notAgent: '目标玩家不是代理',
  playerNotFound: '玩家不存在',
  selfAgent: '玩家不能成为自己的代理',
  inDownline: '目标代理在该玩家的下级中，不能移动',
  sameAgent: '该玩家已属于此代理',
  planNotFound: '佣金方案不存在',
  statementNotFound: '佣金账单不存在',
  decided: '该账单已被处理，请刷新列表',
  secondApprover: '超过双人复核金额，需由另一位操作员复核',
  adjustAmount: '调整金额须填写且不能为负数',
  bootstrap: '启动令牌不能审核账单',
  approved: '已通过并发放',
  firstApproval: '已通过，等待另一位操作员复核',
  withheld: '已扣留',
  moved: '已移动',
  saved: '已保存',
} as const;

const month = z.string().regex(/^20\d\d-(0[1-9]|1[0-2])$/, { message: '月份格式应为 YYYY-MM' });

export const agentListQuerySchema = listQuerySchema.extend({
  parent: z.coerce.number().int().min(0).default(0),
  player: z.string().trim().max(32).default(''),
});
export const agentRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  parent_id: z.number().nullable(),
  /** How many agents stand above (0: top level). */
  depth: z.number(),
  members: z.number(),
  sub_agents: z.number(),
  plan_id: z.number().nullable(),
  plan: z.string(),
  registered_at: z.string(),
});

export const agentPlanBodySchema = z.object({ plan_id: z.number().int().positive(), reason: reasonField });

export const planVersionSchema = z.object({
  id: z.number(),
  version: z.number(),
  rules: commissionRulesSchema,
  note: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  is_default: z.boolean(),
  agents: z.number(),
  versions: z.array(planVersionSchema),
});
export const newPlanBodySchema = z.object({
  name: z.string().trim().min(1).max(32),
  is_default: z.boolean().default(false),
  rules: commissionRulesSchema,
  note: reasonField,
});
export const newVersionBodySchema = z.object({ rules: commissionRulesSchema, note: reasonField });

/** The states of a statement still waiting for a decision: pending, or with a first approval. */
export const WAITING_STATES: readonly number[] = [
  STATEMENT_STATE.pending,
  STATEMENT_STATE.approved,
  STATEMENT_STATE.adjusted,
];
/** The statements filter's `state` for every waiting state (the dashboard's count, 待处理). */
export const STATEMENTS_WAITING = -2;

export const statementQuerySchema = listQuerySchema.extend({
  /** -1 every state; STATEMENTS_WAITING the waiting ones; STATEMENT_STATE otherwise. */
  state: z.coerce.number().int().min(STATEMENTS_WAITING).max(4).default(-1),
  month: month.optional(),
  agent: z.string().trim().max(32).default(''),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;
export const statementRowSchema = statementSummarySchema.extend({ agent_id: z.number(), agent: z.string() });
export { statementSchema };

export const STATEMENT_COLUMNS: readonly ColumnSpec[] = [
  { key: 'id', title: '编号' },
  { key: 'month', title: '月份' },
  { key: 'agent', title: '代理' },
  { key: 'net_loss', title: '净输赢', kind: 'money' },
  { key: 'active_members', title: '有效会员' },
  { key: 'share_percent', title: '佣金比例(%)' },
  { key: 'carry_in', title: '上月结转', kind: 'money' },
  { key: 'carry_out', title: '结转下月', kind: 'money' },
  { key: 'commission', title: '佣金', kind: 'money' },
  { key: 'overrides', title: '下级代理分成', kind: 'money' },
  { key: 'cpa', title: 'CPA', kind: 'money' },
  { key: 'total', title: '合计', kind: 'money' },
  { key: 'paid', title: '已发放', kind: 'money' },
  { key: 'state', title: '状态', kind: 'state', states: STATEMENT_STATE_LABEL },
  { key: 'decided_at', title: '审核时间', kind: 'time' },
  { key: 'note', title: '备注' },
];

/**
 * A statement's decision: approve (pays the total), adjust (pays `amount`, with the reason) or
 * withhold (pays nothing). Above the four-eyes threshold the first approve or adjust waits for a
 * second operator's approve, who pays what the first decided.
 */
export const statementDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'adjust', 'withhold']),
    amount: amountNumber('amount').optional(),
    note: reasonField,
  })
  .refine((d) => d.decision !== 'adjust' || (d.amount !== undefined && d.amount >= 0), {
    message: AGENT_ADMIN_MSG.adjustAmount,
    path: ['amount'],
  });
export type StatementDecision = z.infer<typeof statementDecisionSchema>;

export const moveMemberBodySchema = z.object({ agent_id: z.number().int().positive(), reason: reasonField });

export const closeStateSchema = z.object({
  /** The month the next close will settle (the last closed month's next, or last month). */
  next_month: z.string(),
  months: z.array(
    z.object({
      month: z.string(),
      statements: z.number(),
      started_at: z.string(),
      finished_at: z.string(),
      waiting: z.number(),
      paid: z.number(),
    }),
  ),
});

export const commissionReportQuerySchema = z.object({ from: month, to: month });
export const commissionReportSchema = z.array(
  z.object({ month: z.string(), payouts: z.number(), amount: z.number() }),
);
export const COMMISSION_REPORT_COLUMNS: readonly ColumnSpec[] = [
  { key: 'month', title: '月份' },
  { key: 'payouts', title: '发放笔数' },
  { key: 'amount', title: '发放金额', kind: 'money' },
];
