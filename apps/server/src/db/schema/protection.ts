import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  pgTable,
  primaryKey,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A player's deposit and loss limits, one row per kind and rolling period, in cents. A raise or a
 * removal waits in pending_* until the player confirms it 24 hours or more after asking
 * (pending_at set; pending_amount null means removal).
 */
export const playerLimits = pgTable(
  'player_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8, enum: ['deposit', 'loss'] }).notNull(),
    period: varchar('period', { length: 8, enum: ['day', 'week', 'month'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/**
 * Time-outs (冷静期) and self-exclusions (自我禁止), kept for ever: none is shortened, lifted or
 * deleted. An exclusion keeps the account closed after ends_at until return_requested_at plus
 * 24 hours.
 */
export const playerRestrictions = pgTable(
  'player_restrictions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 10, enum: ['timeout', 'exclusion'] }).notNull(),
    term: varchar('term', { length: 4 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    returnRequestedAt: timestamp('return_requested_at', { withTimezone: true }),
  },
  (t) => [index('player_restrictions_user_idx').on(t.userId, t.endsAt)],
);

/** Every login attempt on a known account: when, from where, on what, and how it ended. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`),
    ip: varchar('ip', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 256 }).notNull(),
    /** ok, wrong_password, locked, disabled. */
    result: varchar('result', { length: 16 }).notNull(),
  },
  (t) => [index('login_events_user_idx').on(t.userId, t.createdAt)],
);

/** Two-factor recovery codes: only a hash of each is kept; a code is used once (used_at set). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);
