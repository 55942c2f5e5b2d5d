import { aliasedTable, and, asc, count, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  accountExports,
  blocks,
  bookings,
  calendarFeeds,
  connections,
  conversations,
  credentials,
  experiences,
  messages,
  notificationPreferences,
  notifications,
  oauthAccounts,
  payments,
  portfolioItems,
  profileViews,
  reviewReports,
  reviews,
  roles,
  securityEvents,
  sessions,
  subscriptions,
  teamMembers,
  teamPositions,
  teams,
  unavailableDays,
  userRoles,
  users,
  userTags,
} from '#server/db/schema/index.ts';

/**
 * What a member's data export reads (issue 33, ADR 026). Every select names its columns: a
 * password hash, a TOTP secret, a token hash, another member's e-mail or anything only staff see
 * is never read, so it cannot end up in the file. Other members appear by id and public name.
 */

type Reader = Pick<Database, 'select'>;

/** Milliseconds, as a JavaScript Date holds them: releaseExportSlot finds the row by its time. */
const NOW_MS = sql`date_trunc('milliseconds', now())`;

/**
 * Takes the member's export slot: one conditional upsert, so of two requests at once one writes
 * and the other (its row locked, then re-checked) gets nothing back. Answers the time taken, or
 * null and when the last export was.
 */
export async function claimExportSlot(db: Database, userId: number, intervalMinutes: number) {
  const claimed = await db
    .insert(accountExports)
    .values({ userId, exportedAt: NOW_MS })
    .onConflictDoUpdate({
      target: accountExports.userId,
      set: { exportedAt: NOW_MS },
      where: sql`${accountExports.exportedAt} <= now() - make_interval(mins => ${intervalMinutes})`,
    })
    .returning({ exportedAt: accountExports.exportedAt });
  if (claimed[0]) return { claimed: true as const, exportedAt: claimed[0].exportedAt };
  const [last] = await db
    .select({
      exportedAt: accountExports.exportedAt,
      secondsLeft: sql<number>`greatest(0, extract(epoch from ${accountExports.exportedAt} + make_interval(mins => ${intervalMinutes}) - now()))::float8`,
    })
    .from(accountExports)
    .where(eq(accountExports.userId, userId));
  return { claimed: false as const, secondsLeft: last?.secondsLeft ?? 0 };
}

/** Gives the slot back when the export failed before anything was sent. */
export async function releaseExportSlot(db: Database, userId: number, exportedAt: Date) {
  await db
    .delete(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.exportedAt, exportedAt)));
}

/** The others a row names: id and the parts of their public name, never their e-mail. */
const other = aliasedTable(users, 'other');
const otherColumns = {
  otherId: other.id,
  otherDisplayName: other.displayName,
  otherFallbackName: other.fallbackName,
};

function account(db: Reader, userId: number) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      displayName: users.displayName,
      fallbackName: users.fallbackName,
      bio: users.bio,
      location: users.location,
      contactInfo: users.contactInfo,
      contactVisibility: users.contactVisibility,
      profileImage: users.profileImage,
      role: users.role,
      twoFactorEnabledAt: users.totpEnabledAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((rows) => rows[0]);
}

/** Reviews with the other side named: written (other = subject) or received (other = reviewer). */
function reviewsWith(
  db: Reader,
  otherSide: typeof reviews.subjectId | typeof reviews.reviewerId,
  where: SQL | undefined,
) {
  return db
    .select({
      id: reviews.id,
      ...otherColumns,
      rating: reviews.rating,
      text: reviews.text,
      projectName: reviews.projectName,
      role: roles.name,
      verifiedCollaboration: reviews.verifiedCollaboration,
      thankedAt: reviews.thankedAt,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .innerJoin(other, eq(other.id, otherSide))
    .leftJoin(roles, eq(roles.id, reviews.roleId))
    .where(where)
    .orderBy(asc(reviews.createdAt), asc(reviews.id));
}

function reviewsWritten(db: Reader, userId: number) {
  return reviewsWith(db, reviews.subjectId, eq(reviews.reviewerId, userId));
}

/** The reviews others see on the member's profile (a review staff hid is theirs to keep). */
function reviewsReceived(db: Reader, userId: number) {
  return reviewsWith(db, reviews.reviewerId, and(eq(reviews.subjectId, userId), isNull(reviews.hiddenAt)));
}

function reportsFiled(db: Reader, userId: number) {
  return db
    .select({
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      createdAt: reviewReports.createdAt,
    })
    .from(reviewReports)
    .where(eq(reviewReports.reporterId, userId))
    .orderBy(asc(reviewReports.createdAt));
}

function conversationsOf(db: Reader, userId: number) {
  return db
    .select({ id: conversations.id, ...otherColumns, createdAt: conversations.createdAt })
    .from(conversations)
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end`,
      ),
    )
    .where(or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId)))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
}

/** Every message in the member's conversations: those they sent and those they received. */
function messagesOf(db: Reader, userId: number) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      body: messages.body,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId)))
    .orderBy(asc(messages.conversationId), asc(messages.id));
}

function connectionsOf(db: Reader, userId: number) {
  return db
    .select({
      requesterId: connections.requesterId,
      ...otherColumns,
      status: connections.status,
      createdAt: connections.createdAt,
      respondedAt: connections.respondedAt,
    })
    .from(connections)
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${connections.requesterId} = ${userId} then ${connections.addresseeId} else ${connections.requesterId} end`,
      ),
    )
    .where(or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)))
    .orderBy(asc(connections.createdAt));
}

/** Whom the member blocked (never who blocked them: that is the other member's). */
function blocksMade(db: Reader, userId: number) {
  return db
    .select({ ...otherColumns, createdAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(other, eq(other.id, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt));
}

function bookingsOf(db: Reader, userId: number) {
  return db
    .select({
      id: bookings.id,
      requesterId: bookings.requesterId,
      ...otherColumns,
      role: roles.name,
      team: teams.name,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      rate: bookings.rate,
      currency: bookings.currency,
      message: bookings.message,
      status: bookings.status,
      holdAgreedAt: bookings.holdAgreedAt,
      paidAt: bookings.paidAt,
      paidWith: bookings.paidWith,
      statusChangedAt: bookings.statusChangedAt,
      createdAt: bookings.createdAt,
      updatedAt: bookings.updatedAt,
    })
    .from(bookings)
    .innerJoin(
      other,
      eq(
        other.id,
        sql`case when ${bookings.requesterId} = ${userId} then ${bookings.crewId} else ${bookings.requesterId} end`,
      ),
    )
    .innerJoin(roles, eq(roles.id, bookings.roleId))
    .leftJoin(teams, eq(teams.id, bookings.teamId))
    .where(or(eq(bookings.requesterId, userId), eq(bookings.crewId, userId)))
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
}

function teamsOwned(db: Reader, userId: number) {
  return db
    .select({
      id: teams.id,
      name: teams.name,
      description: teams.description,
      location: teams.location,
      startDate: teams.startDate,
      endDate: teams.endDate,
      status: teams.status,
      createdAt: teams.createdAt,
    })
    .from(teams)
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teams.createdAt), asc(teams.id));
}

function positionsOfOwnedTeams(db: Reader, userId: number) {
  return db
    .select({
      id: teamPositions.id,
      teamId: teamPositions.teamId,
      role: roles.name,
      count: teamPositions.count,
    })
    .from(teamPositions)
    .innerJoin(teams, eq(teams.id, teamPositions.teamId))
    .innerJoin(roles, eq(roles.id, teamPositions.roleId))
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teamPositions.id));
}

function crewOfOwnedTeams(db: Reader, userId: number) {
  return db
    .select({
      teamId: teamMembers.teamId,
      ...otherColumns,
      positionId: teamMembers.positionId,
      status: teamMembers.status,
      invitedAt: teamMembers.invitedAt,
      respondedAt: teamMembers.respondedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(other, eq(other.id, teamMembers.userId))
    .where(eq(teams.ownerId, userId))
    .orderBy(asc(teamMembers.invitedAt));
}

/** Teams the member was invited to or is on. */
function teamsJoined(db: Reader, userId: number) {
  return db
    .select({
      teamId: teams.id,
      name: teams.name,
      ...otherColumns,
      role: roles.name,
      status: teamMembers.status,
      invitedAt: teamMembers.invitedAt,
      respondedAt: teamMembers.respondedAt,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(other, eq(other.id, teams.ownerId))
    .leftJoin(teamPositions, eq(teamPositions.id, teamMembers.positionId))
    .leftJoin(roles, eq(roles.id, teamPositions.roleId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.invitedAt));
}

/** Charges the member paid, and booking payments made to them. */
function paymentsOf(db: Reader, userId: number) {
  return db
    .select({
      id: payments.id,
      payerId: payments.userId,
      kind: payments.kind,
      description: payments.description,
      amount: payments.amount,
      taxAmount: payments.taxAmount,
      currency: payments.currency,
      provider: payments.provider,
      bookingId: payments.bookingId,
      periodStart: payments.periodStart,
      periodEnd: payments.periodEnd,
      refundStatus: payments.refundStatus,
      refundedAt: payments.refundedAt,
      invoiceNumber: payments.invoiceNumber,
      seller: payments.seller,
      buyer: payments.buyer,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(or(eq(payments.userId, userId), eq(payments.payeeId, userId)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

function subscriptionsOf(db: Reader, userId: number) {
  return db
    .select({
      id: subscriptions.id,
      plan: subscriptions.plan,
      status: subscriptions.status,
      provider: subscriptions.provider,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      statusSince: subscriptions.statusSince,
      endedAt: subscriptions.endedAt,
      createdAt: subscriptions.createdAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

/** The member's devices: never the token's hash. */
function sessionsOf(db: Reader, userId: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      persistent: sessions.persistent,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      secondFactor: sessions.secondFactor,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

function securityEventsOf(db: Reader, userId: number) {
  return db
    .select({
      type: securityEvents.type,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
      detail: securityEvents.detail,
      createdAt: securityEvents.createdAt,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(asc(securityEvents.createdAt), asc(securityEvents.id));
}

/** Views of the member's profile, counted per day: who viewed is the viewer's. */
function profileViewsOf(db: Reader, userId: number) {
  return db
    .select({ day: profileViews.day, views: count() })
    .from(profileViews)
    .where(eq(profileViews.profileId, userId))
    .groupBy(profileViews.day)
    .orderBy(asc(profileViews.day));
}

/**
 * Everything the export holds, read in one read-only repeatable-read transaction: one consistent
 * moment of the member's data, however long the reads take. Undefined when the account is gone.
 */
export function loadExportRows(db: Database, userId: number) {
  return db.transaction(
    async (tx) => {
      const me = await account(tx, userId);
      if (!me) return undefined;
      return {
        account: me,
        signInProviders: await tx
          .select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt })
          .from(oauthAccounts)
          .where(eq(oauthAccounts.userId, userId)),
        roles: await tx
          .select({ name: roles.name, category: roles.category, position: userRoles.position })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(userRoles.userId, userId))
          .orderBy(asc(userRoles.position)),
        experience: await tx
          .select({
            id: experiences.id,
            title: experiences.title,
            projectName: experiences.projectName,
            startDate: experiences.startDate,
            endDate: experiences.endDate,
            description: experiences.description,
            position: experiences.position,
            createdAt: experiences.createdAt,
          })
          .from(experiences)
          .where(eq(experiences.userId, userId))
          .orderBy(asc(experiences.position), asc(experiences.id)),
        credentials: await tx
          .select({
            id: credentials.id,
            title: credentials.title,
            institution: credentials.institution,
            year: credentials.year,
            description: credentials.description,
            createdAt: credentials.createdAt,
          })
          .from(credentials)
          .where(eq(credentials.userId, userId))
          .orderBy(asc(credentials.id)),
        tags: await tx
          .select({ tag: userTags.tag, createdAt: userTags.createdAt })
          .from(userTags)
          .where(eq(userTags.userId, userId))
          .orderBy(asc(userTags.id)),
        portfolio: await tx
          .select({
            id: portfolioItems.id,
            kind: portfolioItems.kind,
            title: portfolioItems.title,
            description: portfolioItems.description,
            url: portfolioItems.url,
            embedUrl: portfolioItems.embedUrl,
            position: portfolioItems.position,
            createdAt: portfolioItems.createdAt,
          })
          .from(portfolioItems)
          .where(eq(portfolioItems.userId, userId))
          .orderBy(asc(portfolioItems.position), asc(portfolioItems.id)),
        reviewsWritten: await reviewsWritten(tx, userId),
        reviewsReceived: await reviewsReceived(tx, userId),
        reportsFiled: await reportsFiled(tx, userId),
        conversations: await conversationsOf(tx, userId),
        messages: await messagesOf(tx, userId),
        connections: await connectionsOf(tx, userId),
        blocks: await blocksMade(tx, userId),
        bookings: await bookingsOf(tx, userId),
        daysOff: await tx
          .select({ day: unavailableDays.day })
          .from(unavailableDays)
          .where(eq(unavailableDays.userId, userId))
          .orderBy(asc(unavailableDays.day)),
        calendarFeed: await tx
          .select({ createdAt: calendarFeeds.createdAt })
          .from(calendarFeeds)
          .where(eq(calendarFeeds.userId, userId))
          .then((rows) => rows[0]),
        teamsOwned: await teamsOwned(tx, userId),
        teamPositions: await positionsOfOwnedTeams(tx, userId),
        teamCrew: await crewOfOwnedTeams(tx, userId),
        teamsJoined: await teamsJoined(tx, userId),
        payments: await paymentsOf(tx, userId),
        subscriptions: await subscriptionsOf(tx, userId),
        notifications: await tx
          .select({
            id: notifications.id,
            type: notifications.type,
            title: notifications.title,
            message: notifications.message,
            isRead: notifications.isRead,
            data: notifications.data,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(asc(notifications.createdAt), asc(notifications.id)),
        notificationPreferences: await tx
          .select()
          .from(notificationPreferences)
          .where(eq(notificationPreferences.userId, userId))
          .then((rows) => rows[0]),
        sessions: await sessionsOf(tx, userId),
        securityEvents: await securityEventsOf(tx, userId),
        profileViews: await profileViewsOf(tx, userId),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export type ExportRows = NonNullable<Awaited<ReturnType<typeof loadExportRows>>>;
