import { bigint, customType, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Binary bytes (uploaded images). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded avatars, kept in the database so that every server process (and the embedded database)
 * serves them alike. The id is random; the type is what the bytes are, never what the upload said.
 */
export const avatars = pgTable('avatars', {
  id: varchar('id', { length: 32 }).primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  mime: varchar('mime', { length: 16, enum: ['image/png', 'image/gif'] }).notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
