import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// Relative, not #common: drizzle-kit loads this file without package.json's import map.
import { SECURITY_EVENT_TYPES } from '../../../../common/src/schemas/admin.ts';
import { users } from './users.ts';

export const SECOND_FACTORS = ['totp', 'recovery_code'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

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
    /**
     * The second factor this session proved (at sign-in, or a code at re-authentication); null: a
     * password or provider alone. Staff routes ask for it: a second factor on the account is not
     * enough when this session never showed one.
     */
    secondFactor: text('second_factor', { enum: SECOND_FACTORS }),
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

/**
 * One-time links that prove an address, stored as the SHA-256 of their token. `email` is the address
 * the link went to: the account's own (`sign_up`, `resend`) or the one it changes to (`change`).
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    reason: text('reason', { enum: ['sign_up', 'resend', 'change'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_links_user_idx').on(t.userId, t.createdAt)],
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
    // The cap on one account's failures from every network counts them by account as well as by
    // what was typed, so its username and its email do not each get a cap of their own.
    index('security_events_user_failures_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.type} = 'login_failure'`),
  ],
);

export const THROTTLE_KINDS = ['current_password', 'second_factor'] as const;
export type ThrottleKind = (typeof THROTTLE_KINDS)[number];

/**
 * Failed proofs per account (the current password, a TOTP or recovery code), counted in a window
 * that starts at its first failure. A try takes its place in the count before it is checked, in
 * one upsert, so tries sent in parallel are all counted before any of them is judged.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: THROTTLE_KINDS }).notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    failures: integer('failures').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
