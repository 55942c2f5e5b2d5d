import { pgTable, timestamp } from 'drizzle-orm/pg-core';
import { memberColumn } from './users.ts';

/**
 * When each member last downloaded their data (issue 33, ADR 026): at most one export every ten
 * minutes, counted here rather than in a process's memory so it holds across instances. Taken by
 * one conditional upsert, so two requests at once get one export and one 429.
 */
export const accountExports = pgTable('account_exports', {
  userId: memberColumn('user_id').primaryKey(),
  exportedAt: timestamp('exported_at', { withTimezone: true }).notNull(),
});
