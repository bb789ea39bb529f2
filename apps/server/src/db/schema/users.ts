import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    realname: varchar('realname', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash').notNull(),
    avatar: text('avatar').notNull().default(''),
    mobile: varchar('mobile', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 64 }).notNull().default(''),
    birthday: varchar('birthday', { length: 10 }).notNull().default(''),
    vip: smallint('vip').notNull().default(1),
    isAgent: smallint('is_agent').notNull().default(0),
    transferStatus: smallint('transfer_status').notNull().default(0),
    /** Reality check (session reminder) every this many minutes; 0 off. */
    realityCheckMinutes: smallint('reality_check_minutes').notNull().default(0),
    /** 1 active, 0 frozen by an operator. */
    status: smallint('status').notNull().default(1),
    referrerId: bigint('referrer_id', { mode: 'number' }),
    /** Login password checks: wrong answers in a row, checks running now (see auth/attempts.ts), lock. */
    failedLogins: integer('failed_logins').notNull().default(0),
    loginChecks: integer('login_checks').notNull().default(0),
    loginChecksAt: timestamp('login_checks_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The same for the pay password. */
    failedPayPasswords: integer('failed_pay_passwords').notNull().default(0),
    payChecks: integer('pay_checks').notNull().default(0),
    payChecksAt: timestamp('pay_checks_at', { withTimezone: true }),
    payLockedUntil: timestamp('pay_locked_until', { withTimezone: true }),
    /**
     * Optional two-factor (谷歌验证器): the TOTP secret (encrypted, modules/operators/totp-secrets.ts), set at enrolment and in force once
     * `totp_enabled_at` is set (the first code proved the authenticator holds it); the last accepted
     * time step (a code is accepted once); and its attempt counters like the passwords'.
     */
    totpSecret: varchar('totp_secret', { length: 128 }),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedTotps: integer('failed_totps').notNull().default(0),
    totpChecks: integer('totp_checks').notNull().default(0),
    totpChecksAt: timestamp('totp_checks_at', { withTimezone: true }),
    totpLockedUntil: timestamp('totp_locked_until', { withTimezone: true }),
    /** Turnover (打码量) still required before a withdrawal, in cents; see turnover_entries. */
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }).notNull().default(sql`0`),
    /** When the current VIP level began: its 90-day retention period counts from here. */
    vipSince: timestamp('vip_since', { withTimezone: true }).notNull().defaultNow(),
    /** Deposits credited so far, in cents (UserInfo.paysum; VIP promotion reads it). */
    depositTotal: bigint('deposit_total', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The last change of the login and of the pay password (the player's or an operator's reset). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    payPasswordChangedAt: timestamp('pay_password_changed_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** Login sessions: only a hash of the bearer token is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 256 }).notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Issued captchas; each is consumed by the first attempt that names its key. */
export const captchas = pgTable('captchas', {
  key: varchar('key', { length: 64 }).primaryKey(),
  answer: varchar('answer', { length: 8 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
