import { bigint, customType, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
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

/**
 * A PNG avatar's square copies (@app/contract/pictures AVATAR_WIDTHS): per format, each width it
 * was asked at; `width` is what the copy measures (never more than the original's shorter side).
 * They go with the avatar when it is replaced.
 */
export const avatarVariants = pgTable(
  'avatar_variants',
  {
    avatarId: varchar('avatar_id', { length: 32 })
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    format: varchar('format', { length: 8, enum: ['avif', 'webp'] }).notNull(),
    askedWidth: integer('asked_width').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.avatarId, t.format, t.askedWidth] })],
);
