import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { crewCalls } from './calls.ts';
import { memberColumn } from './users.ts';

/**
 * New calls the call_match job has not looked at yet: a trigger on crew_calls (migration 0037)
 * adds each new call, and the job takes them off (FOR UPDATE SKIP LOCKED), so each run looks only
 * at the calls created since the last one.
 */
export const callMatchQueue = pgTable('call_match_queue', {
  callId: integer('call_id')
    .primaryKey()
    .references(() => crewCalls.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Calls a member matches: waiting (notifiedAt null) until their next `call_match` day, then told.
 */
export const callMatches = pgTable(
  'call_matches',
  {
    userId: memberColumn('user_id'),
    callId: integer('call_id')
      .notNull()
      .references(() => crewCalls.id, { onDelete: 'cascade' }),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.callId] }),
    index('call_matches_waiting_idx').on(t.userId).where(sql`${t.notifiedAt} is null`),
    index('call_matches_call_idx').on(t.callId),
  ],
);

/**
 * The (UTC) day of each member's last `call_match` notification: at most one a day, taken by a
 * conditional update in the transaction that sends it.
 */
export const callMatchDays = pgTable('call_match_days', {
  userId: memberColumn('user_id').primaryKey(),
  alertedOn: date('alerted_on', { mode: 'string' }).notNull(),
});
