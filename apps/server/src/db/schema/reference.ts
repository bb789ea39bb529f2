import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/** Operator-editable settings, one JSON document per key, each validated by its zod schema on read. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * VIP ladder: cumulative deposit and turnover required (cents), and the rebate rate per game
 * category in basis points (50 = 0.50 %).
 */
export const vipLevels = pgTable('vip_levels', {
  level: smallint('level').primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  recharge: bigint('recharge', { mode: 'bigint' }).notNull(),
  flow: bigint('flow', { mode: 'bigint' }).notNull(),
  retentionFlow: bigint('retention_flow', { mode: 'bigint' }).notNull().default(sql`0`),
  rebateRealperson: integer('rebate_realperson').notNull(),
  rebateSport: integer('rebate_sport').notNull(),
  rebateESport: integer('rebate_e_sport').notNull(),
  rebateJoker: integer('rebate_joker').notNull(),
  rebateElectron: integer('rebate_electron').notNull(),
  rebateLottery: integer('rebate_lottery').notNull(),
});

/** Banks a player may choose when binding a card. */
export const banks = pgTable('banks', {
  id: serial('id').primaryKey(),
  bankName: varchar('bank_name', { length: 32 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/**
 * Deposit channels (spec `get_pay_way`). `amountRule` is either a range or a list of fixed amounts,
 * in whole currency units as the spec states them.
 */
export const payChannels = pgTable('pay_channels', {
  code: varchar('code', { length: 16 }).primaryKey(),
  name: varchar('name', { length: 32 }).notNull(),
  kind: varchar('kind', { length: 8, enum: ['usdt', 'bank', 'online'] }).notNull(),
  amountRule: jsonb('amount_rule')
    .$type<{ type: 'range'; min: number; max: number } | { type: 'fixed'; values: number[] }>()
    .notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});
