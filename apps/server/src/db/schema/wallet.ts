import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Game venues (the spec's platforms). `provider` names the VenueProvider that serves the venue;
 * every seeded venue is served by the in-process demo provider.
 */
export const venues = pgTable('venues', {
  code: varchar('code', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  /** Spec Game.category_id of the venue's games: realbet, joker, gaming, sport, lottery, concise, fishing. */
  category: varchar('category', { length: 16 }).notNull(),
  provider: varchar('provider', { length: 16 }).notNull().default('demo'),
  enabled: boolean('enabled').notNull().default(true),
  /** In maintenance: listed nowhere to players, no transfer or launch, until an operator ends it. */
  maintenance: boolean('maintenance').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/**
 * Money moved between the central wallet and a venue. Its money is a reservation in the ledger
 * (`pending_key`): its spec state (0 failed, 1 success, 2 awaiting settlement) is that
 * reservation's state, read from there and kept nowhere else, so the two cannot disagree.
 */
export const venueTransfers = pgTable(
  'venue_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Our order id, sent to the venue, by which the venue makes the transfer idempotent. */
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    venue: varchar('venue', { length: 16 })
      .notNull()
      .references(() => venues.code),
    direction: varchar('direction', { length: 3, enum: ['in', 'out'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The ledger reservation that holds the money while the venue is asked. */
    pendingKey: varchar('pending_key', { length: 120 }).notNull(),
    /** The player's request (its Idempotency-Key claim) that made it: one transfer per venue a request. */
    requestKey: varchar('request_key', { length: 160 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('venue_transfers_order_idx').on(t.orderNo),
    uniqueIndex('venue_transfers_request_idx')
      .on(t.userId, t.requestKey, t.venue)
      .where(sql`${t.requestKey} IS NOT NULL`),
    index('venue_transfers_user_idx').on(t.userId, t.createdAt),
    check('venue_transfers_positive', sql`${t.amount} > 0`),
  ],
);

/** Bank cards (type 1) and USDT addresses (type 2). Unbinding marks the row; withdrawals keep pointing at it. */
export const cards = pgTable(
  'cards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    type: smallint('type').notNull(),
    /** Bank name, or USDT. */
    bank: varchar('bank', { length: 32 }).notNull(),
    /** Holder's name, or the USDT protocol (TRC20, ERC20). */
    bankOwner: varchar('bank_owner', { length: 32 }).notNull(),
    bankNo: varchar('bank_no', { length: 64 }).notNull(),
    bankAddress: varchar('bank_address', { length: 128 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it may first receive a withdrawal: fixed at binding by the waiting period then in force. */
    usableFrom: timestamp('usable_from', { withTimezone: true }).notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('cards_user_idx').on(t.userId, t.type),
    uniqueIndex('cards_active_number_idx').on(t.userId, t.type, t.bankNo).where(sql`${t.removedAt} IS NULL`),
  ],
);

/**
 * Withdrawal requests. The amount is a reservation in the ledger (`pending_key`), held in
 * withdrawals pending until an operator settles it (paid out, less the fee) or voids it (back to
 * the wallet, with the operator's note). The spec state (1 pending review, 2 approved, 3 rejected),
 * the note and the review time are the reservation's, read from there.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => cards.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Fee in cents, taken from the amount paid out (USDT withdrawals). */
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    pendingKey: varchar('pending_key', { length: 120 }).notNull(),
    /** The player's request (its Idempotency-Key claim) that made it: one withdrawal a request. */
    requestKey: varchar('request_key', { length: 160 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('withdrawals_order_idx').on(t.orderNo),
    uniqueIndex('withdrawals_request_idx').on(t.userId, t.requestKey).where(sql`${t.requestKey} IS NOT NULL`),
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    check('withdrawals_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The turnover (打码量) still required before a withdrawal moves with deposits and bonuses (up) and
 * valid bets (down, never below zero); each change is recorded once by its key.
 */
export const turnoverEntries = pgTable(
  'turnover_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    delta: bigint('delta', { mode: 'bigint' }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('turnover_entries_key_idx').on(t.idempotencyKey),
    index('turnover_entries_user_idx').on(t.userId),
  ],
);

/**
 * Money calls by Idempotency-Key (lib/idempotency.ts): the claim of the first request, and then its
 * answer, which every retry replays. A claim names the process instance working on it and a lease
 * that instance renews; a claim whose lease ran out (its holder died) is taken over by a retry.
 */
export const idempotentReplies = pgTable(
  'idempotent_replies',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    key: varchar('key', { length: 128 }).notNull(),
    route: varchar('route', { length: 64 }).notNull(),
    /** SHA-256 of the route and the request's parameters: the key answers only the same request. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull().default(''),
    /** 0 while claimed; then the answer's HTTP status. */
    status: smallint('status').notNull(),
    body: text('body').notNull(),
    holder: varchar('holder', { length: 64 }).notNull().default(''),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotent_replies_pk').on(t.userId, t.key),
    index('idempotent_replies_created_idx').on(t.createdAt),
  ],
);
