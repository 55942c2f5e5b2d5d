import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { memberColumn } from './users.ts';

/**
 * The daily digest's progress per member (issue 32). A digest lists the mailable notifications
 * created after `listedThrough`, and is not written within 24 hours of `lastDigestAt`. A look that
 * finds nothing to list moves `listedThrough` alone, so the minute sweep never reads the same
 * unlisted notifications twice, and the next notification worth a digest is mailed at once.
 */
export const notificationDigests = pgTable('notification_digests', {
  userId: memberColumn('user_id').primaryKey(),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  listedThrough: timestamp('listed_through', { withTimezone: true }).notNull(),
});
