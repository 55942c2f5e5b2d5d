import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
import { SECURITY_EVENT_TYPES } from '../../../../common/src/schemas/admin.ts';
import { users } from './users.ts';

/** A signed-in browser. Only the SHA-256 of the cookie's token is stored: a database leak is no login. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** When this session last proved its password or TOTP code (sign-in or re-authentication). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: serial('id').primaryKey(),
    provider: text('provider', { enum: ['google', 'facebook', 'twitter'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_accounts_provider_user_idx').on(t.provider, t.providerUserId)],
);

export { SECURITY_EVENT_TYPES };
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/** What the admin security page shows; never a password, token or cookie. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: SECURITY_EVENT_TYPES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The username or email typed at a failed login, lowercased, for per-account throttling. */
    subject: text('subject'),
    ip: text('ip'),
    /** The IPv4 address or IPv6 /64 the rate limits count by. */
    ipPrefix: text('ip_prefix'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('security_events_created_idx').on(t.createdAt),
    index('security_events_failures_idx').on(t.ipPrefix, t.createdAt).where(sql`${t.type} = 'login_failure'`),
    index('security_events_subject_idx').on(t.subject, t.createdAt).where(sql`${t.type} = 'login_failure'`),
  ],
);
