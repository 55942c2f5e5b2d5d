import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const owner = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const experiences = pgTable(
  'experiences',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    title: text('title').notNull(),
    projectName: text('project_name').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    description: text('description'),
    /** Owner-chosen order; new entries go first. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('experiences_user_idx').on(t.userId, t.position)],
);

export const credentials = pgTable(
  'credentials',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    title: text('title').notNull(),
    institution: text('institution').notNull(),
    year: integer('year'),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credentials_user_idx').on(t.userId)],
);

export const userTags = pgTable(
  'user_tags',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // "Steadicam" and "steadicam" are one skill. Migration 0007 adds (user_id, id) INCLUDE (tag),
  // which serves a card's first tags from the index alone.
  (t) => [uniqueIndex('user_tags_user_tag_idx').on(t.userId, sql`lower(${t.tag})`)],
);

export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: serial('id').primaryKey(),
    userId: owner(),
    kind: text('kind', { enum: ['image', 'video', 'link'] }).notNull(),
    title: text('title').notNull(),
    description: text('description'),
    url: text('url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    embedUrl: text('embed_url'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_items_user_idx').on(t.userId, t.position)],
);

/**
 * One row per viewer per profile per day: a view is counted once a day, never for the owner.
 * No foreign key to users (ADR 029): checking one takes a key-share lock on the profile's users
 * row, a write to that row's page for every new view; the batch insert joins users instead, and
 * users rows are never deleted (an erased member's stays as a tombstone and their views go).
 */
export const profileViews = pgTable(
  'profile_views',
  {
    profileId: integer('user_id').notNull(),
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day, t.viewerKey] })],
);

/**
 * The visitor's view of each shown profile (not suspended, not deleted) as JSON text, without
 * `isSubscribed`, which changes with the clock and is added when read. Kept by statement triggers
 * on every table it is built from (migration 0038, ADR 040), so a profile nobody has read lately
 * is one index read, not the eight of the full query. No foreign key, as profile_views.
 */
export const profileDocuments = pgTable('profile_documents', {
  userId: integer('user_id').primaryKey(),
  body: text('body').notNull(),
});
