import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CONTACT_VISIBILITIES } from '#common/schemas/profiles';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** When `email` was proven: a link mailed to it was opened, or a provider vouched for it. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    displayName: text('display_name'),
    /**
     * What others see until a display name is set ("Sam O."), computed by the database from the
     * e-mail on every write (member_fallback_name(), migration 0025, the rule of
     * common/src/people.ts), so the address itself never has to leave the server.
     */
    fallbackName: text('fallback_name').notNull().generatedAlwaysAs(sql`member_fallback_name(email)`),
    bio: text('bio'),
    location: text('location'),
    contactInfo: text('contact_info'),
    /** Who sees contactInfo (issue 33, ADR 027): canSeeContact() in common/src/policies/profiles.ts. */
    contactVisibility: text('contact_visibility', { enum: CONTACT_VISIBILITIES })
      .notNull()
      .default('members'),
    profileImage: text('profile_image'),
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    /** Suspended by staff: no sign-in, no sessions, no public profile, out of search. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * Deleted by the member (issue 33, ADR 026): signed out, hidden and out of search at once,
     * restorable by signing in until eraseAfter, then erased by the sweep (erasedAt), the row kept
     * as a tombstone so payments, invoices and the reviews they wrote keep their foreign keys.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Featured by staff: leads the home page's top-rated section. */
    featuredAt: timestamp('featured_at', { withTimezone: true }),
    /**
     * The TOTP secret, sealed with AES-256-GCM (crypto/secret-box.ts, never the base32 itself): set by
     * setup, in force once totpEnabledAt is set.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code is good once (RFC 6238 §5.2). */
    totpLastStep: integer('totp_last_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // People type their username and email in any case; uniqueness must ignore case.
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The erasure sweep's list: deleted accounts not erased yet, by when they are due.
    index('users_erase_due_idx')
      .on(t.eraseAfter)
      .where(sql`${t.deletedAt} is not null and ${t.erasedAt} is null`),
    check(
      'users_contact_visibility_known',
      sql`${t.contactVisibility} in ('public', 'members', 'connections')`,
    ),
  ],
);

/** A column naming a member, required, whose rows go when the member does. */
export const memberColumn = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
