import { RebateState } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Red packets grabbed: one row per player, Beijing day and rule, so that concurrent grabs can never
 * take more than the rules a player qualifies for. Amounts in cents.
 */
export const redPacketGrabs = pgTable(
  'red_packet_grabs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: varchar('day', { length: 10 }).notNull(),
    rule: smallint('rule').notNull(),
    /** The player's deposits in the counting period the grab qualified on. */
    deposits: bigint('deposits', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    grabbedAt: timestamp('grabbed_at', { withTimezone: true }).notNull(),
    /** The player's request (its Idempotency-Key claim) that grabbed it: one grab a request. */
    requestKey: varchar('request_key', { length: 160 }),
  },
  (t) => [
    uniqueIndex('red_packet_grabs_once_idx').on(t.userId, t.day, t.rule),
    uniqueIndex('red_packet_grabs_request_idx')
      .on(t.userId, t.requestKey)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('red_packet_grabs_user_idx').on(t.userId, t.grabbedAt),
  ],
);

/**
 * Rebates (反水) per player, Beijing day and game category, computed by the daily job: the day's
 * valid settled bets times the player's VIP rate. A bet the feed delivers after the day's run is paid
 * by a later run as a further part (2, 3, ...) for the same day and category. State: RebateState
 * (0 unclaimed, 1 claimed).
 */
export const rebates = pgTable(
  'rebates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: varchar('day', { length: 10 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    /** 1 for the day's run; each later top-up for bets that arrived late is the next part. */
    part: smallint('part').notNull().default(1),
    validAmount: bigint('valid_amount', { mode: 'bigint' }).notNull(),
    /** Basis points: 50 = 0.50 %. */
    rate: smallint('rate').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: smallint('state').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The player's request (its Idempotency-Key claim) that claimed it. */
    claimRequestKey: varchar('claim_request_key', { length: 160 }),
  },
  (t) => [
    uniqueIndex('rebates_once_idx').on(t.userId, t.day, t.category, t.part),
    index('rebates_unclaimed_idx')
      .on(t.userId)
      .where(sql`${t.state} = ${sql.raw(String(RebateState.unclaimed))}`),
  ],
);

/** VIP level changes, at most one per player and Beijing day (promotion or relegation). */
export const vipChanges = pgTable(
  'vip_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: varchar('day', { length: 10 }).notNull(),
    fromLevel: smallint('from_level').notNull(),
    toLevel: smallint('to_level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('vip_changes_once_idx').on(t.userId, t.day)],
);
