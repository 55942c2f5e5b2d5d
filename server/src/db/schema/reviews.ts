import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles } from './roles.ts';
import { users } from './users.ts';

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    /** The person reviewed. */
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    projectName: text('project_name'),
    /** The role the subject worked in on that project. */
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** Set from a shared accepted booking or team membership when the review is written or edited. */
    verifiedCollaboration: boolean('verified_collaboration').notNull().default(false),
    thankedAt: timestamp('thanked_at', { withTimezone: true }),
    /** Hidden by a moderator: the review then counts nowhere. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_subject_reviewer_idx').on(t.subjectId, t.reviewerId),
    index('reviews_subject_created_idx').on(t.subjectId, t.createdAt, t.id),
    index('reviews_reviewer_created_idx').on(t.reviewerId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check('reviews_not_self', sql`${t.subjectId} <> ${t.reviewerId}`),
  ],
);

/**
 * Per-person aggregate of visible reviews, written in the same transaction as each review change.
 * `crew_search` copies it (by trigger) for search and top-rated.
 */
export const ratingSummaries = pgTable('rating_summaries', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reviewCount: integer('review_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  count1: integer('count_1').notNull().default(0),
  count2: integer('count_2').notNull().default(0),
  count3: integer('count_3').notNull().default(0),
  count4: integer('count_4').notNull().default(0),
  count5: integer('count_5').notNull().default(0),
  verifiedCount: integer('verified_count').notNull().default(0),
});

export const reviewReports = pgTable(
  'review_reports',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The moderator who resolved it (no foreign key: the audit log keeps who they were). */
    resolvedBy: integer('resolved_by'),
    resolution: text('resolution', { enum: ['hide', 'dismiss'] }),
  },
  (t) => [uniqueIndex('review_reports_review_reporter_idx').on(t.reviewId, t.reporterId)],
);
