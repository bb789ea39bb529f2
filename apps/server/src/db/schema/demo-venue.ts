import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The demo venue's own books: it stands in for an outside game provider, so it keeps its players'
 * wallets itself and never touches the platform's ledger. Its tables live beside ours only because
 * it runs in-process.
 */
export const demoVenueWallets = pgTable(
  'demo_venue_wallets',
  {
    venue: varchar('venue', { length: 16 }).notNull(),
    /** The venue's name for the player: the platform's user id, prefixed. */
    player: varchar('player', { length: 32 }).notNull(),
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.venue, t.player] }),
    check('demo_venue_wallets_non_negative', sql`${t.balance} >= 0`),
  ],
);

/**
 * The platform's order ids the venue has seen, once each: applied (with what moved), or voided by
 * the platform before they arrived (a tombstone: the id is refused whenever it comes).
 */
export const demoVenueOrders = pgTable(
  'demo_venue_orders',
  {
    orderNo: varchar('order_no', { length: 32 }).primaryKey(),
    venue: varchar('venue', { length: 16 }).notNull(),
    status: varchar('status', { length: 8, enum: ['applied', 'voided'] })
      .notNull()
      .default('applied'),
    player: varchar('player', { length: 32 }),
    direction: varchar('direction', { length: 3, enum: ['in', 'out'] }),
    amount: bigint('amount', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'demo_venue_orders_applied_whole',
      sql`${t.status} = 'voided' OR (${t.player} IS NOT NULL AND ${t.direction} IS NOT NULL AND ${t.amount} IS NOT NULL)`,
    ),
  ],
);

/** PostgreSQL's 64-bit transaction id (never wraps), as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * Every round played at the demo venue, settled when played. Its feed reads rounds in the order
 * of (txid, id): `txid` is the id of the transaction that wrote the round, so a round that commits
 * late still comes after the feed's cursor (venues/demo/feed.ts).
 */
export const demoVenueBets = pgTable(
  'demo_venue_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    venue: varchar('venue', { length: 16 }).notNull(),
    player: varchar('player', { length: 32 }).notNull(),
    gameCode: varchar('game_code', { length: 32 }).notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** The stake that was not pushed back (a tie returns player and banker bets in baccarat). */
    valid: bigint('valid', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    /** The round as drawn: reels, cards or dice, and the choices bet on. */
    detail: jsonb('detail').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('demo_venue_bets_feed_idx').on(t.txid, t.id)],
);

/**
 * Launch tokens issued, until they expire: each opens the game once (used_at set). Ending the
 * player's sessions deletes the unused ones, so a link issued before the end opens nothing.
 */
export const demoVenueLaunches = pgTable(
  'demo_venue_launches',
  {
    tokenId: varchar('token_id', { length: 32 }).primaryKey(),
    player: varchar('player', { length: 32 }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('demo_venue_launches_player_idx').on(t.player)],
);

/** Game sessions (a cookie holds the id; the table its SHA-256). */
export const demoVenueSessions = pgTable('demo_venue_sessions', {
  idHash: varchar('id_hash', { length: 64 }).primaryKey(),
  venue: varchar('venue', { length: 16 }).notNull(),
  player: varchar('player', { length: 32 }).notNull(),
  gameCode: varchar('game_code', { length: 32 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** The operator's reality check, carried by the launch link: every this many minutes (0 off) since logged_in_at. */
  realityCheckMinutes: smallint('reality_check_minutes').notNull().default(0),
  loggedInAt: timestamp('logged_in_at', { withTimezone: true }),
});
