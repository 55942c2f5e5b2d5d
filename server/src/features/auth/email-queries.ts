import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { emailLinks, users } from '#server/db/schema/index.ts';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type EmailLinkReason = (typeof emailLinks.$inferInsert)['reason'];

const ACCOUNT_EMAIL = {
  id: users.id,
  username: users.username,
  email: users.email,
  verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
};

/**
 * The account's address, its row locked until the transaction ends: a member's links are written,
 * counted and opened one at a time, so a cap or a check cannot be raced.
 */
export function lockAccountEmail(db: Executor, userId: number) {
  return db
    .select(ACCOUNT_EMAIL)
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .then((rows) => rows[0]);
}

/** The account holding an address (in any case), its row locked like `lockAccountEmail`. */
export function lockEmailHolder(db: Executor, email: string) {
  return db
    .select(ACCOUNT_EMAIL)
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .for('update')
    .then((rows) => rows[0]);
}

export function insertEmailLink(
  db: Executor,
  values: { tokenHash: string; userId: number; email: string; reason: EmailLinkReason; expiresAt: Date },
) {
  return db.insert(emailLinks).values(values);
}

/** Links of one reason a member was sent since `since`. */
export function countEmailLinksSince(db: Executor, userId: number, reason: EmailLinkReason, since: Date) {
  return db
    .select({ n: count() })
    .from(emailLinks)
    .where(and(eq(emailLinks.userId, userId), eq(emailLinks.reason, reason), gt(emailLinks.createdAt, since)))
    .then((rows) => rows[0]?.n ?? 0);
}

/** The link a token names, locked, with whether it has expired by the database's clock. */
export function lockEmailLink(db: Executor, tokenHash: string) {
  return db
    .select({
      id: emailLinks.id,
      userId: emailLinks.userId,
      email: emailLinks.email,
      reason: emailLinks.reason,
      used: sql<boolean>`${emailLinks.usedAt} is not null`,
      expired: sql<boolean>`${emailLinks.expiresAt} <= now()`,
    })
    .from(emailLinks)
    .where(eq(emailLinks.tokenHash, tokenHash))
    .for('update')
    .then((rows) => rows[0]);
}

export function markEmailLinkUsed(db: Executor, linkId: number) {
  return db.update(emailLinks).set({ usedAt: sql`now()` }).where(eq(emailLinks.id, linkId));
}

/** Ends a member's unused links: all of them, or those of one reason. */
export function invalidateEmailLinks(db: Executor, userId: number, reason?: EmailLinkReason) {
  return db
    .update(emailLinks)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailLinks.userId, userId),
        isNull(emailLinks.usedAt),
        reason === undefined ? undefined : eq(emailLinks.reason, reason),
      ),
    );
}

export function markEmailVerified(db: Executor, userId: number) {
  return db
    .update(users)
    .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The account's address becomes `email`, proven now. */
export function setVerifiedEmail(db: Executor, userId: number, email: string) {
  return db
    .update(users)
    .set({ email, emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The account loses its unproven address: it holds `placeholder` until its owner adds another. */
export function releaseEmail(db: Executor, userId: number, placeholder: string) {
  return db
    .update(users)
    .set({ email: placeholder, emailVerifiedAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
