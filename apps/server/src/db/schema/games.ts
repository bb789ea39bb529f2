import { BetStatus } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
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
import { users } from './users';
import { venues } from './wallet';

/**
 * The game catalogue (spec section 3, Game). `engine` is which of the demo venue's games serves it:
 * slot, baccarat or dice; an outside venue would ignore it.
 */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    venue: varchar('venue', { length: 16 })
      .notNull()
      .references(() => venues.code),
    gameCode: varchar('game_code', { length: 32 }).notNull(),
    name: varchar('name', { length: 32 }).notNull(),
    /** Spec category_id: realbet, joker, gaming, sport, lottery, concise, fishing. */
    category: varchar('category', { length: 16 }).notNull(),
    engine: varchar('engine', { length: 10, enum: ['slot', 'baccarat', 'dice'] }).notNull(),
    isHot: smallint('is_hot').notNull().default(0),
    isNew: smallint('is_new').notNull().default(0),
    /** 1: shown. */
    appState: smallint('app_state').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('games_venue_code_idx').on(t.venue, t.gameCode)],
);

/**
 * Bets as the venues report them, once each (by venue and the venue's bet id). Amounts in cents;
 * win_loss is the player's net result; valid is the turnover the bet counts for (打码量, rebates).
 * Status follows spec section 4: 0 invalid, 1 settled, 2 unsettled.
 */
export const bets = pgTable(
  'bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    venue: varchar('venue', { length: 16 })
      .notNull()
      .references(() => venues.code),
    betId: varchar('bet_id', { length: 40 }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameCode: varchar('game_code', { length: 32 }).notNull(),
    category: varchar('category', { length: 16 }).notNull(),
    betAmount: bigint('bet_amount', { mode: 'bigint' }).notNull(),
    validAmount: bigint('valid_amount', { mode: 'bigint' }).notNull(),
    winLoss: bigint('win_loss', { mode: 'bigint' }).notNull(),
    status: smallint('status').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bets_venue_bet_idx').on(t.venue, t.betId),
    index('bets_user_idx').on(t.userId, t.placedAt),
    index('bets_settled_idx')
      .on(t.settledAt)
      .where(sql`${t.status} = ${sql.raw(String(BetStatus.settled))}`),
  ],
);

/** How far the platform has read each provider's bet feed: the provider's own cursor, opaque here. */
export const betCursors = pgTable('bet_cursors', {
  provider: varchar('provider', { length: 16 }).primaryKey(),
  cursor: text('cursor').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
