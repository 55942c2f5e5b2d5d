import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { memberColumn } from './users.ts';

export const AUDIT_ACTIONS = [
  'report_resolved',
  'review_hidden',
  'review_restored',
  'user_suspended',
  'user_restored',
  'profile_featured',
  'profile_unfeatured',
  'session_revoked',
  'role_changed',
  // Issue 36: crew calls hidden by staff, and shown again.
  'call_hidden',
  'call_restored',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Every staff action: who, what, on what, why, when. Rows are only ever inserted: a trigger
 * (migration 0015) refuses updates and deletes, and the actor is a plain id plus the name they
 * had, so deleting an account never rewrites history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', {
      enum: ['review', 'user', 'report', 'session', 'call', 'call_report'],
    }).notNull(),
    targetId: integer('target_id').notNull(),
    reason: text('reason').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** One-time recovery codes for two-factor sign-in; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: memberColumn('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * A password accepted for an account with two-factor sign-in: the browser holds the token (a
 * cookie) until it sends a code; only the token's SHA-256 is stored, for 10 minutes.
 */
export const loginChallenges = pgTable('login_challenges', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: memberColumn('user_id'),
  rememberMe: boolean('remember_me').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
