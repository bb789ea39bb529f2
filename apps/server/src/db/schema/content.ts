import { ApplicationState } from '@app/contract/status';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea } from './avatars';
import { operators } from './operators';
import { users } from './users';

/** Home banners (bannerList type 2). `image` is a path served by the server. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 32 }).notNull(),
  subtitle: varchar('subtitle', { length: 64 }).notNull().default(''),
  image: varchar('image', { length: 200 }).notNull(),
  /** An in-app path the banner opens, or empty. */
  link: varchar('link', { length: 200 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** The home page's scrolling notice lines. */
export const homeNotices = pgTable('home_notices', {
  id: serial('id').primaryKey(),
  text: varchar('text', { length: 200 }).notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

/** Announcements to everyone (/message tab 1). Content is sanitised HTML. */
export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  content: text('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Unpublished announcements stay in the console and out of /message. */
  enabled: boolean('enabled').notNull().default(true),
});

/** In-site messages to one player (/message tab 2), with their read state (messageNum). */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** A promotion: not listed to a player in a time-out or self-exclusion (security messages are not). */
    promotional: boolean('promotional').notNull().default(false),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.createdAt)],
);

export const activityTypes = pgTable('activity_types', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 16 }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
});

/** Promotions. content and memo are sanitised HTML; cate is /activity's left list (1 综合, 2 棋牌, 3 捕鱼). */
export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  typeId: integer('type_id')
    .notNull()
    .references(() => activityTypes.id),
  cate: smallint('cate').notNull().default(1),
  title: varchar('title', { length: 64 }).notNull(),
  banner: varchar('banner', { length: 200 }).notNull(),
  content: text('content').notNull(),
  memo: text('memo').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's application for an activity: once per player and activity. State 1 pending, 2 approved,
 * 3 rejected; decided once by an operator (`reviewed_by`), with a note and, on approval, an optional
 * bonus (cents) credited through the ledger.
 */
export const activityApplications = pgTable(
  'activity_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => operators.id),
    note: varchar('note', { length: 200 }).notNull().default(''),
    bonus: bigint('bonus', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [uniqueIndex('activity_applications_once_idx').on(t.userId, t.activityId)],
);

/** Help and rules texts, by page (help: /boutBallBetInfo 1-8; abouts: /abouts 5 and 6) and type. */
export const articles = pgTable(
  'articles',
  {
    scope: varchar('scope', { length: 8 }).notNull(),
    type: smallint('type').notNull(),
    title: varchar('title', { length: 32 }).notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.type] })],
);

/** The two sponsor cards of /zhanzhu and the pages they open (/zhanzhuye?type=1|2). */
export const sponsors = pgTable('sponsors', {
  type: smallint('type').primaryKey(),
  title: varchar('title', { length: 32 }).notNull(),
  subtitle: varchar('subtitle', { length: 64 }).notNull(),
  image: varchar('image', { length: 200 }).notNull(),
  /** The sponsor page's body, sanitised HTML, served at /sponsor/{type}. */
  page: text('page').notNull(),
});

/** Applications to the partner programme; one open (state 1) per player, decided once by an operator. */
export const agentApplications = pgTable(
  'agent_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    reason: varchar('reason', { length: 400 }).notNull(),
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => operators.id),
    note: varchar('note', { length: 200 }).notNull().default(''),
  },
  (t) => [
    uniqueIndex('agent_applications_open_idx')
      .on(t.userId)
      .where(sql`${t.state} = ${sql.raw(String(ApplicationState.pending))}`),
  ],
);

/**
 * Images an operator uploads for banners, activities and sponsors, kept in the database so every
 * server process serves them alike (/media/{id}.{ext}). The type is what the bytes are.
 */
export const contentImages = pgTable('content_images', {
  id: varchar('id', { length: 32 }).primaryKey(),
  mime: varchar('mime', { length: 16, enum: ['image/png', 'image/gif', 'image/jpeg'] }).notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A content image's converted copies for phones (@app/contract/pictures): per format, each width it
 * was asked at; `width` and `height` are what the copy measures (never more than the original).
 */
export const contentImageVariants = pgTable(
  'content_image_variants',
  {
    imageId: varchar('image_id', { length: 32 })
      .notNull()
      .references(() => contentImages.id, { onDelete: 'cascade' }),
    format: varchar('format', { length: 8, enum: ['avif', 'webp'] }).notNull(),
    askedWidth: integer('asked_width').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.format, t.askedWidth] })],
);
