import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { memberColumn } from './users.ts';

/**
 * The right password (and code) for an account scheduled for deletion (issue 33, ADR 026): the
 * sign-in form is answered with this token instead of a session, and `POST /api/account/restore`
 * spends it. Only the token's SHA-256 is stored, for 10 minutes.
 */
export const accountRestoreChallenges = pgTable('account_restore_challenges', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: memberColumn('user_id'),
  rememberMe: boolean('remember_me').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
