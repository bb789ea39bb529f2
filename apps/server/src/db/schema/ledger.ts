import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every account of the platform. Player accounts keep a running balance that can never go negative;
 * house accounts (clearing, transit, venue floats, expenses) keep none: their balance is their
 * credits minus their debits, and may be negative, since the ledger sums to zero.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stable name, e.g. `user:12:central`, `user:12:venue:pp`, `house:promotions_expense`. */
    code: varchar('code', { length: 96 }).notNull(),
    owner: varchar('owner', { length: 8, enum: ['player', 'house'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    kind: varchar('kind', { length: 32 }).notNull(),
    venue: varchar('venue', { length: 32 }),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_code_idx').on(t.code),
    index('accounts_user_idx').on(t.userId),
    check('accounts_player_non_negative', sql`${t.owner} <> 'player' OR ${t.balance} >= 0`),
    check('accounts_player_has_user', sql`${t.owner} <> 'player' OR ${t.userId} IS NOT NULL`),
    check('accounts_house_no_running_balance', sql`${t.owner} = 'player' OR ${t.balance} = 0`),
  ],
);

/** Immutable money movements: one debit, one credit, a positive amount in cents. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    creditAccountId: bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => accounts.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    refType: varchar('ref_type', { length: 32 }),
    refId: varchar('ref_id', { length: 64 }),
    idempotencyKey: varchar('idempotency_key', { length: 160 }).notNull(),
    memo: text('memo').notNull().default(''),
    /** Whether the debited / credited account is a player's: what the history indexes cover. */
    debitPlayer: boolean('debit_player').notNull().default(false),
    creditPlayer: boolean('credit_player').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The history of a player's account, newest first, is read by these two partial indexes. House
  // accounts are left out: nearly every movement touches one, and an index entry per movement at
  // the right edge of one house account's range is where concurrent transfers would queue
  // (indexing both sides of every movement measured -25% transfers/s).
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_idx').on(t.idempotencyKey),
    index('ledger_transfers_debit_player_idx').on(t.debitAccountId, t.id).where(sql`${t.debitPlayer}`),
    index('ledger_transfers_credit_player_idx').on(t.creditAccountId, t.id).where(sql`${t.creditPlayer}`),
    // The reports read movements by day: a BRIN index (a few pages, no hot right edge) keeps that
    // from scanning the whole ledger without slowing the transfers down.
    index('ledger_transfers_created_brin_idx').using('brin', t.createdAt),
    check('ledger_transfers_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/** The states of a reservation: it leaves `pending` once, for `settled` or `voided`. */
export const PendingState = { pending: 0, settled: 1, voided: 2 } as const;
export type PendingStateValue = (typeof PendingState)[keyof typeof PendingState];
const pendingStates = sql.raw(Object.values(PendingState).join(', '));
const openState = sql.raw(String(PendingState.pending));

/**
 * Money on hold between two phases (reserve, then settle or void), one row per reservation: while
 * it is pending its amount sits in the holding account, so every holding account holds exactly
 * the amounts of its pending rows. The state changes once, from pending to settled or voided.
 * Business records (venue transfers, withdrawals) keep the
 * key of their reservation and read their state from here. The account columns carry no foreign
 * keys: they are copied from the reservation's own transfer row, which has them.
 */
export const ledgerPending = pgTable(
  'ledger_pending',
  {
    key: varchar('key', { length: 120 }).primaryKey(),
    kind: varchar('kind', { length: 24 }).notNull(),
    sourceAccountId: bigint('source_account_id', { mode: 'number' }).notNull(),
    holdingAccountId: bigint('holding_account_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    state: smallint('state').$type<PendingStateValue>().notNull().default(PendingState.pending),
    refType: varchar('ref_type', { length: 32 }),
    refId: varchar('ref_id', { length: 64 }),
    /** Why it was settled or voided (a venue's refusal, an operator's note). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('ledger_pending_open_idx').on(t.kind, t.createdAt).where(sql`${t.state} = ${openState}`),
    check('ledger_pending_positive', sql`${t.amount} > 0`),
    check('ledger_pending_state', sql`${t.state} IN (${pendingStates})`),
  ],
);
