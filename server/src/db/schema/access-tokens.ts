import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
import { ACCESS_TOKEN_SCOPES } from '../../../../common/src/access-tokens.ts';
import { memberColumn } from './users.ts';

/**
 * A member's personal access tokens (issue 37, ADR 032): at most ACCESS_TOKENS_MAX each, counted
 * under a per-member lock. Only the SHA-256 of the token is stored, like a session's: a database
 * leak is no API access. Revoking deletes the row (the security log keeps that it existed).
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: serial('id').primaryKey(),
    userId: memberColumn('user_id'),
    name: text('name').notNull(),
    /** `{read}` or `{read,write}`. */
    scopes: text('scopes', { enum: ACCESS_TOKEN_SCOPES }).array().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's last four characters, to tell tokens apart in the list. */
    lastFour: text('last_four').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: works until revoked. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Written at most once a minute per token (a conditional update), so use costs no write per request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('personal_access_tokens_user_idx').on(t.userId, t.id),
    check(
      'personal_access_tokens_scopes_known',
      sql`${t.scopes} in ('{read}'::text[], '{read,write}'::text[])`,
    ),
  ],
);
