import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { crewCalls } from './calls.ts';
import { memberColumn } from './users.ts';

/**
 * A member's report of a crew call (issue 36, ADR 038): the same reasons and limits as a review
 * report, once per member and call; staff resolve every open report of a call at once.
 */
export const callReports = pgTable(
  'call_reports',
  {
    id: serial('id').primaryKey(),
    callId: integer('call_id')
      .notNull()
      .references(() => crewCalls.id, { onDelete: 'cascade' }),
    reporterId: memberColumn('reporter_id'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** The moderator who resolved it (no foreign key: the audit log keeps who they were). */
    resolvedBy: integer('resolved_by'),
    resolution: text('resolution', { enum: ['hide', 'dismiss'] }),
  },
  (t) => [
    uniqueIndex('call_reports_call_reporter_idx').on(t.callId, t.reporterId),
    index('call_reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
  ],
);
