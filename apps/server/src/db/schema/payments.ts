import { ReviewState } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { payChannels } from './reference';
import { users } from './users';

/**
 * The platform's own accounts that players pay into: bank accounts (bank deposits) and USDT
 * addresses (per protocol). Spec "platform receiving account": bank_no, bank_owner, bank_name,
 * bank_address (shown as the deposit quota).
 */
export const receivingAccounts = pgTable(
  'receiving_accounts',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8, enum: ['bank', 'usdt'] }).notNull(),
    /** Bank name, or USDT. */
    bankName: varchar('bank_name', { length: 32 }).notNull(),
    /** Account holder, or the USDT protocol (TRC20, ERC20). */
    owner: varchar('owner', { length: 32 }).notNull(),
    /** Account number, or the USDT address. */
    number: varchar('number', { length: 64 }).notNull(),
    /** Branch and deposit quota text. */
    note: varchar('note', { length: 128 }).notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('receiving_accounts_number_idx').on(t.kind, t.number)],
);

/**
 * Deposit orders. State follows spec section 4: 1 pending (review, or payment at the gateway),
 * 2 approved (credited once), 3 rejected, cancelled or expired. Amounts in cents of the wallet (U).
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    channel: varchar('channel', { length: 16 })
      .notNull()
      .references(() => payChannels.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: smallint('state').notNull().default(1),
    /** USDT: the protocol; bank: the depositor's name and bank. */
    protocol: varchar('protocol', { length: 8 }).notNull().default(''),
    depositorName: varchar('depositor_name', { length: 32 }).notNull().default(''),
    depositorBank: varchar('depositor_bank', { length: 32 }).notNull().default(''),
    receivingAccountId: integer('receiving_account_id').references(() => receivingAccounts.id),
    /** Online channels: the gateway's trade number and checkout address. */
    gatewayTradeNo: varchar('gateway_trade_no', { length: 32 }),
    checkoutUrl: text('checkout_url').notNull().default(''),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Online orders can be paid until then (one hour); review orders wait for an operator. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** The player's request (its Idempotency-Key claim) that opened it: one order a request. */
    requestKey: varchar('request_key', { length: 160 }),
  },
  (t) => [
    uniqueIndex('deposits_order_idx').on(t.orderNo),
    uniqueIndex('deposits_request_idx').on(t.userId, t.requestKey).where(sql`${t.requestKey} IS NOT NULL`),
    index('deposits_user_idx').on(t.userId, t.createdAt),
    index('deposits_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = ${sql.raw(String(ReviewState.pending))}`),
    check('deposits_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The payment sandbox's own books: it stands in for an outside payment gateway, so it keeps its
 * payments itself and reaches the platform only through its signed notifications.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    tradeNo: varchar('trade_no', { length: 32 }).primaryKey(),
    merchantOrderNo: varchar('merchant_order_no', { length: 32 }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    status: varchar('status', { length: 10, enum: ['created', 'paid', 'cancelled'] }).notNull(),
    notifyUrl: text('notify_url').notNull(),
    returnUrl: text('return_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set once the platform has acknowledged the notification; until then the sandbox retries. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyAttempts: smallint('notify_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('sandbox_payments_merchant_idx').on(t.merchantOrderNo),
    index('sandbox_payments_unnotified_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid' AND ${t.notifiedAt} IS NULL`),
  ],
);
