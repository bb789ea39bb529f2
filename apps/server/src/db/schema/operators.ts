import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The back office's operators: not players (DESIGN.md section 12). Every one signs in with an
 * Argon2id password and a TOTP code; `totp_enrolled_at` is null until the first code proves the
 * authenticator holds `totp_secret` (encrypted, totp-secrets.ts). `failed_attempts` counts sign-in attempts taken and not
 * (yet) succeeded: an attempt is taken before the password is checked, so concurrent guesses can
 * never check more than the limit.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    displayName: varchar('display_name', { length: 32 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** The password was handed over (created or reset by someone else): the next sign-in replaces it. */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    totpSecret: varchar('totp_secret', { length: 128 }).notNull(),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** 1 active, 0 disabled. */
    status: smallint('status').notNull().default(1),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    lastSignInIp: varchar('last_sign_in_ip', { length: 64 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operators_username_lower_idx').on(sql`lower(${t.username})`)],
);

/**
 * Console sessions: a random token in an HttpOnly cookie, kept here only as its hash. A session
 * passes through the sign-in stages (totp or enrol, then password when one must be chosen) before
 * it may act; it ends when idle past `expires_at`, at `absolute_expires_at`, or when revoked.
 */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    stage: varchar('stage', { length: 8, enum: ['totp', 'enrol', 'password', 'active'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 256 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_idx').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
  ],
);

/** Keys scripts (`npm run ops`) act with, each an operator's, with that operator's role; kept as hashes. */
export const operatorApiKeys = pgTable(
  'operator_api_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    label: varchar('label', { length: 64 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_api_keys_hash_idx').on(t.keyHash),
    index('operator_api_keys_operator_idx').on(t.operatorId),
  ],
);

/**
 * One row per operator action and per view of a player's personal data. Append-only: a trigger
 * refuses UPDATE and DELETE (migration 0011). Operator name and role are copied, as they were.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Null for the bootstrap token, which is nobody. */
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    operatorName: varchar('operator_name', { length: 32 }).notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    action: varchar('action', { length: 48 }).notNull(),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: varchar('target_id', { length: 64 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    /** session, api-key:ID or bootstrap. */
    via: varchar('via', { length: 24 }).notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_operator_idx').on(t.operatorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at),
  ],
);
