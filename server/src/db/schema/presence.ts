import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { memberColumn } from './users.ts';

/**
 * When each member last had an open socket on any instance (issue 32): every instance writes
 * `now()` for the members it holds a socket of, once a minute and as a member's last socket there
 * closes. Online now is a `seen_at` within the last two minutes; "away for ten minutes" is an older
 * one or none. What mails new messages asks it, whichever instance the member's tabs are on.
 */
export const memberPresence = pgTable('member_presence', {
  userId: memberColumn('user_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});
