import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accountExports,
  accountRestoreChallenges,
  authThrottles,
  blocks,
  bookings,
  calendarFeeds,
  checkoutSessions,
  connections,
  credentials,
  emailLinks,
  experiences,
  loginChallenges,
  mailOutbox,
  memberPresence,
  messages,
  notificationDigests,
  notificationPreferences,
  notifications,
  oauthAccounts,
  passwordResetTokens,
  portfolioItems,
  profileViews,
  ratingSummaries,
  recoveryCodes,
  reviews,
  securityEvents,
  sessions,
  teamMembers,
  teams,
  unavailableDays,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';

export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The member's row, locked for the deletion or restore that reads it. */
export function lockMember(tx: Executor, userId: number) {
  return tx
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      fallbackName: users.fallbackName,
      deletedAt: users.deletedAt,
      eraseAfter: users.eraseAfter,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
    .then((rows) => rows[0]);
}

export function markDeleted(tx: Executor, userId: number, eraseAfter: Date) {
  return tx
    .update(users)
    .set({ deletedAt: sql`now()`, eraseAfter, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Clears a deletion that has not been erased yet; answers whether it did. */
export async function clearDeletion(tx: Executor, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ deletedAt: null, eraseAfter: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.deletedAt),
        isNull(users.erasedAt),
        gt(users.eraseAfter, now),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** The two-factor challenges a right password left waiting: they go with the sessions. */
export function deleteLoginChallenges(tx: Executor, userId: number) {
  return tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

/**
 * Pending connection requests either way: withdrawn, as if never sent. Answers them, for the
 * notifications that asked them.
 */
export function deletePendingConnections(tx: Executor, userId: number) {
  return tx
    .delete(connections)
    .where(
      and(
        eq(connections.status, 'pending'),
        or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
      ),
    )
    .returning({ requesterId: connections.requesterId, addresseeId: connections.addresseeId });
}

/**
 * Team invitations still unanswered, to the member or on the member's own teams: withdrawn, as if
 * never sent. Answers them, for the notifications that asked them.
 */
export function deletePendingInvites(tx: Executor, userId: number) {
  return tx
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.status, 'invited'),
        or(
          eq(teamMembers.userId, userId),
          sql`${teamMembers.teamId} in (select ${teams.id} from ${teams} where ${teams.ownerId} = ${userId})`,
        ),
      ),
    )
    .returning({ teamId: teamMembers.teamId, userId: teamMembers.userId });
}

/** A restore token, spent: the one row it names if it has not expired. Spent either way. */
export function spendRestoreChallenge(tx: Executor, tokenHash: string) {
  return tx
    .delete(accountRestoreChallenges)
    .where(eq(accountRestoreChallenges.tokenHash, tokenHash))
    .returning({
      userId: accountRestoreChallenges.userId,
      rememberMe: accountRestoreChallenges.rememberMe,
      expiresAt: accountRestoreChallenges.expiresAt,
    })
    .then((rows) => rows[0]);
}

/** A restore token, looked at but not spent (the two-factor code is checked before it is spent). */
export function findRestoreChallenge(db: Executor, tokenHash: string, now: Date) {
  return db
    .select({ userId: accountRestoreChallenges.userId })
    .from(accountRestoreChallenges)
    .where(
      and(eq(accountRestoreChallenges.tokenHash, tokenHash), gt(accountRestoreChallenges.expiresAt, now)),
    )
    .then((rows) => rows[0]);
}

/** Whether the account uses two-factor sign-in. */
export function twoFactorOn(db: Executor, userId: number) {
  return db
    .select({ on: sql<boolean>`${users.totpEnabledAt} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]?.on ?? false);
}

/* ---------- erasure ---------- */

/**
 * Accounts due for erasure at `now`, oldest first, each locked and skipped by another instance's
 * sweep that holds it (so two sweeps never erase one account twice).
 */
export function lockDueForErasure(tx: Executor, now: Date, limit: number) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      profileImage: users.profileImage,
    })
    .from(users)
    .where(and(isNotNull(users.deletedAt), isNull(users.erasedAt), lte(users.eraseAfter, now)))
    .orderBy(users.eraseAfter, users.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export function listPortfolioUrls(tx: Executor, userId: number) {
  return tx
    .select({ url: portfolioItems.url, thumbnailUrl: portfolioItems.thumbnailUrl })
    .from(portfolioItems)
    .where(eq(portfolioItems.userId, userId));
}

/** The text that takes the place of a message an erased member sent (ADR 026). */
export const ERASED_MESSAGE = 'This message was deleted.';

/**
 * Erases one member's personal data (ADR 026), in the caller's transaction. The row stays as a
 * tombstone named "Former member" so the payments, invoices, bookings and reviews that point at
 * it keep their foreign keys; its name, address, password and second factor go.
 */
export async function eraseMember(tx: Executor, userId: number, formerName: string, now: Date) {
  const member = eq(sql`user_id`, userId);
  // The profile.
  for (const table of [userRoles, experiences, credentials, userTags, portfolioItems]) {
    await tx.delete(table).where(member);
  }
  await tx.delete(profileViews).where(eq(profileViews.profileId, userId));
  // Reviews others wrote about them were on the profile that is gone; those they wrote stay.
  await tx.delete(reviews).where(eq(reviews.subjectId, userId));
  await tx.delete(ratingSummaries).where(member);
  // Sign-in and security.
  for (const table of [
    sessions,
    loginChallenges,
    accountRestoreChallenges,
    recoveryCodes,
    passwordResetTokens,
    emailLinks,
    oauthAccounts,
    authThrottles,
    securityEvents,
    accountExports,
  ]) {
    await tx.delete(table).where(member);
  }
  // What they were told, and how.
  for (const table of [notifications, notificationPreferences, notificationDigests, memberPresence]) {
    await tx.delete(table).where(member);
  }
  await tx.delete(calendarFeeds).where(member);
  await tx.delete(unavailableDays).where(member);
  await tx.delete(checkoutSessions).where(member);
  // Their network: connections and blocks either way, their own teams and unanswered places.
  await tx
    .delete(connections)
    .where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)));
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  await tx.delete(teams).where(eq(teams.ownerId, userId));
  await tx
    .delete(teamMembers)
    .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.status, ['invited', 'declined'])));
  // What they wrote to others: the conversation stays theirs, the words go.
  await tx.update(messages).set({ body: ERASED_MESSAGE }).where(eq(messages.senderId, userId));
  await tx.update(bookings).set({ message: '' }).where(eq(bookings.requesterId, userId));
  // The tombstone.
  await tx
    .update(users)
    .set({
      username: `former-member-${userId}`,
      email: `former-member-${userId}@erased.invalid`,
      emailVerifiedAt: null,
      passwordHash: null,
      displayName: formerName,
      bio: null,
      location: null,
      contactInfo: null,
      profileImage: null,
      featuredAt: null,
      totpSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      role: 'user',
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Mail queued for or sent to the address (the outbox keeps sent mail for a while). */
export function deleteMailTo(tx: Executor, email: string) {
  return tx.delete(mailOutbox).where(sql`lower(${mailOutbox.recipient}) = lower(${email})`);
}
