import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
import type { SavedSearchQuery } from '../../../../common/src/saved-searches.ts';
import { memberColumn } from './users.ts';

/**
 * A member's saved searches (issue 35, ADR 034): at most SAVED_SEARCHES_MAX each, counted under a
 * per-member lock. `query` is the search as the search page's address carries it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: memberColumn('user_id'),
    name: text('name').notNull(),
    query: jsonb('query').$type<SavedSearchQuery>().notNull(),
    alerts: boolean('alerts').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The (UTC) day of its last saved_search_match notification: at most one a day, taken by a
     * conditional update, so two instances running the alert job cannot both send one.
     */
    lastAlertOn: date('last_alert_on', { mode: 'string' }),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId, t.id),
    index('saved_searches_alerts_idx').on(t.id).where(sql`${t.alerts}`),
  ],
);

/**
 * Who each saved search has found: a member is reported to a search once (notifiedAt), found
 * matches wait here (notifiedAt null) until the search's next allowed day.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    userId: memberColumn('user_id'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.userId] }),
    index('saved_search_matches_waiting_idx').on(t.savedSearchId).where(sql`${t.notifiedAt} is null`),
    index('saved_search_matches_user_idx').on(t.userId),
  ],
);

/**
 * The crew members changed since the alert job last looked (their search row, or their calendar),
 * filled by triggers (migration 0032) only while some saved search has alerts on. The job takes
 * rows with FOR UPDATE SKIP LOCKED and deletes them in the transaction that handles them, so a
 * change committed while it runs waits for the next run, and one instance's rows are not another's.
 */
export const savedSearchChanges = pgTable('saved_search_changes', {
  userId: integer('user_id').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});
