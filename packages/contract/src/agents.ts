import { z } from 'zod';
import { MAX_AMOUNT } from './money';
import { dateFilterField, pageField, pageSchema } from './paging';

/**
 * The agent programme (合营计划, issue 29): the commission plans' rules, the month's statement, and
 * the agent centre's API (player auth; every answer is about the calling agent only).
 *
 * Routes of the agent centre (player app, `Authorization: Bearer <api_token>` of an agent):
 * - GET  AGENT_ROUTES.overview          → agentOverviewSchema: this Beijing month so far, last month's statement
 * - GET  AGENT_ROUTES.members?date&page → pageSchema(agentMemberSchema): direct players, figures over the date filter
 * - GET  AGENT_ROUTES.subAgents?date&page → pageSchema(subAgentSchema): direct sub-agents with their own figures
 * - GET  AGENT_ROUTES.statements?page   → pageSchema(statementSummarySchema), newest month first
 * - GET  AGENT_ROUTES.statement(id)     → statementSchema (with its lines); 404 for another agent's
 * - GET  AGENT_ROUTES.links             → promotionLinkSchema[] (the first is the agent's own `pid` link)
 * - POST AGENT_ROUTES.links {name}      → promotionLinkSchema (a new link; at most AGENT_LINKS_MAX)
 * - POST AGENT_ROUTES.visit {referrer, pid} → no auth: counts a visit of the link (`referrer`'s, or the
 *   agent `pid`'s own); the register and login pages send it once per page load
 * A non-agent gets 403 with AGENT_MSG.notAgent. The paid commission shows in /transRecord as
 * COMMISSION_KIND (the ledger's movement kind) with its label COMMISSION_LABEL.
 */
export const AGENT_ROUTES = {
  overview: '/api/agent/overview',
  members: '/api/agent/members',
  subAgents: '/api/agent/sub-agents',
  statements: '/api/agent/statements',
  statement: (id: number | string) => `/api/agent/statements/${id}`,
  links: '/api/agent/links',
  visit: '/api/agent/link-visit',
} as const;

/** The ledger's movement kind of a commission payout, and what the player's records call it. */
export const COMMISSION_KIND = 'agent_commission';
export const COMMISSION_LABEL = '代理佣金';
export const AGENT_LINKS_MAX = 20;

export const AGENT_MSG = {
  notAgent: '您还不是代理，请先申请加入合营计划',
  statementNotFound: '佣金账单不存在',
  linkLimit: `推广链接最多 ${AGENT_LINKS_MAX} 个`,
  linkNameRequired: '请填写链接名称（1-16字）',
  copied: '复制成功！',
} as const;

/** Statement states: waiting, first of two approvals given, withheld, paid (STATEMENT_STATE_LABEL). */
export const STATEMENT_STATE = {
  pending: 0,
  approved: 1,
  adjusted: 2,
  withheld: 3,
  paid: 4,
} as const;
export type StatementState = (typeof STATEMENT_STATE)[keyof typeof STATEMENT_STATE];
export const STATEMENT_STATE_LABEL: Record<StatementState, string> = {
  0: '待审核',
  1: '已通过',
  2: '已调整',
  3: '已扣留',
  4: '已发放',
};

const amount = z.number().min(0).max(MAX_AMOUNT);
/** A share in percent with at most two decimals (10 means 10 %). */
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: '百分比最多两位小数' });

/**
 * A plan version's rules. Amounts in yuan (two decimals at most), shares in percent.
 *
 * 净输赢 (net loss) of a player in a Beijing month = stakes − payouts of valid (settled) bets − the
 * rebates, red packets, activity bonuses and manual credits the player received − the platform
 * fee (`fee_percent` of the stakes, or of the net loss before the fee when positive). The agent's
 * net loss is the sum over direct players; the tier is the highest whose `min_net_loss` AND
 * `min_active` are both reached; commission = share × (net loss + carry-in) when positive. A
 * negative result carries into the next month (`carry`) or is dropped (`reset`).
 * `override_percents[i]` is the share of the own commission of each sub-agent i+1 levels below.
 * CPA: `cpa_amount` for each direct player whose first deposit (ever) falls in the month and is at
 * least `cpa_min_first_deposit` (0: off). The payout carries `turnover_multiple` × itself in turnover.
 */
export const commissionRulesSchema = z
  .object({
    fee_basis: z.enum(['stakes', 'net_loss']).default('net_loss'),
    fee_percent: percent.default(0),
    negative: z.enum(['carry', 'reset']).default('carry'),
    active_min_deposit: amount.default(100),
    active_min_valid_stake: amount.default(1000),
    tiers: z
      .array(
        z.object({
          min_net_loss: amount,
          min_active: z.number().int().min(0).max(100_000),
          share_percent: percent,
        }),
      )
      .min(1, { message: '至少需要一个佣金档位' })
      .max(20),
    override_percents: z.array(percent).max(5).default([]),
    cpa_amount: amount.default(0),
    cpa_min_first_deposit: amount.default(0),
    turnover_multiple: z.number().min(0).max(50).default(1),
  })
  .refine(
    (r) =>
      r.tiers.every(
        (t, i) =>
          i === 0 ||
          (t.min_net_loss >= (r.tiers[i - 1]?.min_net_loss ?? 0) &&
            t.min_active >= (r.tiers[i - 1]?.min_active ?? 0)),
      ),
    { message: '佣金档位须按门槛从低到高排列', path: ['tiers'] },
  );
export type CommissionRules = z.infer<typeof commissionRulesSchema>;

/** The market's example plan: 10 % from 10,000 and 2 active members up to 30 % from 3,000,000 and 18. */
export const EXAMPLE_RULES: CommissionRules = {
  fee_basis: 'net_loss',
  fee_percent: 0,
  negative: 'carry',
  active_min_deposit: 100,
  active_min_valid_stake: 1000,
  tiers: [
    { min_net_loss: 10_000, min_active: 2, share_percent: 10 },
    { min_net_loss: 100_000, min_active: 5, share_percent: 15 },
    { min_net_loss: 500_000, min_active: 10, share_percent: 20 },
    { min_net_loss: 1_000_000, min_active: 15, share_percent: 25 },
    { min_net_loss: 3_000_000, min_active: 18, share_percent: 30 },
  ],
  override_percents: [10],
  cpa_amount: 0,
  cpa_min_first_deposit: 0,
  turnover_multiple: 1,
};

const tierSchema = z.object({
  index: z.number(),
  min_net_loss: z.number(),
  min_active: z.number(),
  share_percent: z.number(),
});

/** A statement's line: one direct player's month (amounts in yuan). */
export const statementLineSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  stakes: z.number(),
  valid_stakes: z.number(),
  payouts: z.number(),
  bonuses: z.number(),
  fee: z.number(),
  net: z.number(),
  active: z.boolean(),
  cpa: z.boolean(),
});

export const statementSummarySchema = z.object({
  id: z.number(),
  month: z.string(),
  net_loss: z.number(),
  active_members: z.number(),
  /** The tier reached (from 0), -1 for none. */
  tier: z.number(),
  share_percent: z.number(),
  carry_in: z.number(),
  carry_out: z.number(),
  commission: z.number(),
  overrides: z.number(),
  cpa: z.number(),
  total: z.number(),
  paid: z.number(),
  state: z.number(),
  state_label: z.string(),
  decided_at: z.string(),
  note: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

export const overrideLineSchema = z.object({
  agent_id: z.number(),
  username: z.string(),
  level: z.number(),
  commission: z.number(),
  share_percent: z.number(),
  amount: z.number(),
});

export const statementSchema = statementSummarySchema.extend({
  agent_id: z.number(),
  agent: z.string(),
  plan: z.string(),
  plan_version: z.number(),
  lines: z.array(statementLineSchema),
  override_lines: z.array(overrideLineSchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const agentOverviewSchema = z.object({
  /** This Beijing month so far (`YYYY-MM`). */
  month: z.string(),
  net_loss: z.number(),
  active_members: z.number(),
  members: z.number(),
  sub_agents: z.number(),
  tier: tierSchema.nullable(),
  /** The next tier and what it still needs (0 where reached). */
  next_tier: tierSchema.extend({ needs_net_loss: z.number(), needs_active: z.number() }).nullable(),
  estimated_commission: z.number(),
  carry_in: z.number(),
  last_statement: statementSummarySchema.nullable(),
});
export type AgentOverview = z.infer<typeof agentOverviewSchema>;

/** The members' and sub-agents' lists: the spec's date filter (1 today, 2 7 days, 3 15, 4 30) and page. */
export const agentListQuerySchema = z.object({ date: dateFilterField, page: pageField });

export const agentMemberSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  registered_at: z.string(),
  last_login_at: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  valid_stakes: z.number(),
  /** 净输赢 over the period (stakes − payouts − bonuses; the platform fee applies at settlement). */
  net: z.number(),
});
export const agentMembersPageSchema = pageSchema(agentMemberSchema);

export const subAgentSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  registered_at: z.string(),
  members: z.number(),
  deposits: z.number(),
  valid_stakes: z.number(),
  net: z.number(),
});
export const subAgentsPageSchema = pageSchema(subAgentSchema);

export const statementsQuerySchema = z.object({ page: pageField });
export const statementsPageSchema = pageSchema(statementSummarySchema);

export const promotionLinkSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  /** The invitation link to copy and draw as a QR code. */
  url: z.string(),
  visits: z.number(),
  registrations: z.number(),
});
export type PromotionLink = z.infer<typeof promotionLinkSchema>;

export const newLinkBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: AGENT_MSG.linkNameRequired })
    .max(16, { message: AGENT_MSG.linkNameRequired }),
});
/** A visit of a link: its code (`referrer`), or the agent (`pid`) for their own link. */
export const linkVisitBodySchema = z.object({
  referrer: z.string().trim().max(16).optional(),
  pid: z.union([z.string().trim().max(16), z.number().int()]).optional(),
});
