import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { operators } from './operators';
import { users } from './users';

/**
 * The review of one money order (a deposit or a withdrawal) by the back office: who holds its claim
 * and until when, the first approval of a four-eyes approval, and the decision, taken once. A row
 * is made by the first claim; the order's money state stays where it lives (the deposit's state,
 * the withdrawal's ledger reservation), and the decision changes both in one transaction.
 */
export const moneyReviews = pgTable(
  'money_reviews',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 16, enum: ['deposit', 'withdrawal'] }).notNull(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    claimedBy: bigint('claimed_by', { mode: 'number' }).references(() => operators.id),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    firstApprovedBy: bigint('first_approved_by', { mode: 'number' }).references(() => operators.id),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    firstNote: text('first_note').notNull().default(''),
    decision: varchar('decision', { length: 8, enum: ['approve', 'reject'] }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    note: text('note').notNull().default(''),
  },
  (t) => [uniqueIndex('money_reviews_order_idx').on(t.kind, t.orderNo)],
);

/**
 * An operator's manual credit or debit of a player's central wallet. Up to the four-eyes threshold
 * it is applied as it is requested; above it, it waits (`pending`) for a second, different operator.
 * The ledger movement's key is the adjustment's id, so it moves once.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    direction: varchar('direction', { length: 6, enum: ['credit', 'debit'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnoverMultiple: numeric('turnover_multiple', { precision: 6, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    state: varchar('state', { length: 8, enum: ['pending', 'applied', 'rejected'] }).notNull(),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note').notNull().default(''),
    /** The requesting script's key: one adjustment per key. */
    requestKey: varchar('request_key', { length: 100 }),
  },
  (t) => [
    uniqueIndex('adjustments_request_key_idx').on(t.requestKey),
    index('adjustments_user_idx').on(t.userId, t.requestedAt),
    index('adjustments_pending_idx').on(t.requestedAt).where(sql`${t.state} = 'pending'`),
    check('adjustments_positive', sql`${t.amount} > 0`),
  ],
);
