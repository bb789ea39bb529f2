import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { users } from './users';

/**
 * The agent programme (合营计划, issue 29). An agent's promotion links, each counting its visits;
 * registrations through a link are counted from `agent_members.link_id`, never from a counter.
 */
export const agentLinks = pgTable(
  'agent_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** What the link carries as `referrer` (the link flow). */
    code: varchar('code', { length: 16 }).notNull(),
    name: varchar('name', { length: 32 }).notNull().default(''),
    visits: bigint('visits', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agent_links_code_idx').on(t.code), index('agent_links_agent_idx').on(t.agentId)],
);

/**
 * Who belongs to which agent, for life: one row per player registered through an agent's link.
 * `chain` is the materialised path of the agents above the player, top first, the player's own
 * agent last (`/7/12/`): an agent's downline is every row whose chain contains `/agent/`. Only an
 * operator's move (audited, with its reason) changes a row.
 */
export const agentMembers = pgTable(
  'agent_members',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    chain: varchar('chain', { length: 400 }).notNull(),
    linkId: bigint('link_id', { mode: 'number' }).references(() => agentLinks.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agent_members_agent_idx').on(t.agentId),
    index('agent_members_chain_idx').on(t.chain),
    check('agent_members_not_self', sql`${t.userId} <> ${t.agentId}`),
  ],
);

/** A commission plan: a name; what it pays is in its versions. */
export const commissionPlans = pgTable('commission_plans', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  /** The plan of agents an operator has not given one. */
  isDefault: smallint('is_default').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A plan's rules as they stood from `created_at` on; never updated (a change is a new version). A
 * month's statement uses the plan's last version created before the month ended.
 */
export const commissionPlanVersions = pgTable(
  'commission_plan_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => commissionPlans.id),
    version: integer('version').notNull(),
    /** The rules (contract `commissionRulesSchema`: amounts in yuan, shares in percent). */
    rules: jsonb('rules').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => operators.id),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('commission_plan_versions_plan_idx').on(t.planId, t.version)],
);

/** The plan each agent is on (none: the default plan). */
export const agentPlans = pgTable('agent_plans', {
  agentId: bigint('agent_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  planId: bigint('plan_id', { mode: 'number' })
    .notNull()
    .references(() => commissionPlans.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A month's close: one row per Beijing month, written in the transaction that writes its statements. */
export const commissionCloseRuns = pgTable('commission_close_runs', {
  month: varchar('month', { length: 7 }).primaryKey(),
  statements: integer('statements').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
});

/**
 * One agent's statement of one Beijing month (`YYYY-MM`), amounts in cents. `total` is what the
 * plan's formula gives; `paid` what the decision paid (an adjustment may differ). States: contract
 * STATEMENT_STATE.
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentId: bigint('agent_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    month: varchar('month', { length: 7 }).notNull(),
    planVersionId: bigint('plan_version_id', { mode: 'number' })
      .notNull()
      .references(() => commissionPlanVersions.id),
    netLoss: bigint('net_loss', { mode: 'bigint' }).notNull(),
    activeMembers: integer('active_members').notNull(),
    /** The tier reached (its index in the plan's tiers, from 0), or -1 for none. */
    tier: integer('tier').notNull(),
    sharePercent: varchar('share_percent', { length: 8 }).notNull(),
    carryIn: bigint('carry_in', { mode: 'bigint' }).notNull(),
    carryOut: bigint('carry_out', { mode: 'bigint' }).notNull(),
    commission: bigint('commission', { mode: 'bigint' }).notNull(),
    overrides: bigint('overrides', { mode: 'bigint' }).notNull(),
    /** Per sub-agent: `[{ agent_id, level, commission, share_percent, amount }]` in cents. */
    overrideLines: jsonb('override_lines').notNull(),
    cpaCount: integer('cpa_count').notNull(),
    cpa: bigint('cpa', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    state: smallint('state').notNull().default(0),
    /** The amount a decision set (an adjustment), and the amount paid. */
    decidedAmount: bigint('decided_amount', { mode: 'bigint' }),
    paid: bigint('paid', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The first of two operators above the four-eyes threshold. */
    firstDecidedBy: bigint('first_decided_by', { mode: 'number' }).references(() => operators.id),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commission_statements_agent_month_idx').on(t.agentId, t.month),
    index('commission_statements_state_idx').on(t.state, t.month),
    check('commission_statements_amounts', sql`${t.total} >= 0 AND ${t.paid} >= 0 AND ${t.carryOut} <= 0`),
  ],
);

/** A statement's line per direct player, amounts in cents. */
export const commissionStatementLines = pgTable(
  'commission_statement_lines',
  {
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => commissionStatements.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    deposits: bigint('deposits', { mode: 'bigint' }).notNull(),
    withdrawals: bigint('withdrawals', { mode: 'bigint' }).notNull(),
    stakes: bigint('stakes', { mode: 'bigint' }).notNull(),
    validStakes: bigint('valid_stakes', { mode: 'bigint' }).notNull(),
    payouts: bigint('payouts', { mode: 'bigint' }).notNull(),
    bonuses: bigint('bonuses', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    net: bigint('net', { mode: 'bigint' }).notNull(),
    active: smallint('active').notNull(),
    cpa: smallint('cpa').notNull(),
  },
  (t) => [uniqueIndex('commission_statement_lines_idx').on(t.statementId, t.userId)],
);
