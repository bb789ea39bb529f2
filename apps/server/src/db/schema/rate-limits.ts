import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-address request counters of the rate limits on PostgreSQL without Redis, shared by every server
 * process: one row per route and address, counting the window that ends at `reset_at`. Unlogged (the
 * migration says so): counters need no crash safety, and their writes skip the WAL.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_at_idx').on(t.resetAt)],
);
