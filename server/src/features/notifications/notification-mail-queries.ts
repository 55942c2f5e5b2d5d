import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EmailCategory } from '#common/policies/email';
import type { Database } from '#server/db/client.ts';
import {
  bookings,
  callApplications,
  crewCalls,
  mailOutbox,
  notifications,
  payments,
  reviews,
  roles,
  savedSearches,
  teamMembers,
  teamPositions,
  teams,
  users,
} from '#server/db/schema/index.ts';
import { emailRecipientSql } from './email-preferences-queries.ts';
import type { Executor } from './queries.ts';

/**
 * Queues the mail of a notification just written (issue 32), in the same transaction, when its
 * recipient wants it now: the one rule of who is mailed (a verified address, not suspended, that
 * kind of mail on; email-preferences-queries.ts) and no daily digest instead. One statement, so
 * notify() costs one round trip more at most and the check cannot disagree with the insert. The
 * row's subject and body stay empty: the worker renders them when it sends (notification-mail.ts),
 * from the facts as they are then. Answers whether a mail was queued.
 */
export async function enqueueNotificationMail(
  executor: Pick<Database, 'execute'>,
  notification: { id: number; userId: number },
  category: EmailCategory,
): Promise<boolean> {
  const result = await executor.execute(sql`
    insert into ${mailOutbox} (recipient, subject, text, html, kind, notification_id)
    select r.email, '', '', '', ${`notification:${category}`}, ${notification.id}
    from ${emailRecipientSql(notification.userId, category)} r
    where not r.digest`);
  return (result.rowCount ?? 0) > 0;
}

export async function findNotification(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      data: notifications.data,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row ?? null;
}

const requester = alias(users, 'requester');
const crew = alias(users, 'crew');
const positionRole = alias(roles, 'position_role');

/** A booking's facts for its mails: both parties, the role, the days, the rate, the team and position. */
export async function findBookingFacts(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      requesterId: bookings.requesterId,
      crewId: bookings.crewId,
      requester: {
        username: requester.username,
        displayName: requester.displayName,
        fallbackName: requester.fallbackName,
      },
      crew: { username: crew.username, displayName: crew.displayName, fallbackName: crew.fallbackName },
      role: roles.name,
      startDate: bookings.startDate,
      endDate: bookings.endDate,
      rate: bookings.rate,
      currency: bookings.currency,
      message: bookings.message,
      status: bookings.status,
      holdAgreedAt: bookings.holdAgreedAt,
      createdAt: bookings.createdAt,
      team: teams.name,
      position: positionRole.name,
    })
    .from(bookings)
    .innerJoin(requester, eq(requester.id, bookings.requesterId))
    .innerJoin(crew, eq(crew.id, bookings.crewId))
    .innerJoin(roles, eq(roles.id, bookings.roleId))
    .leftJoin(teams, eq(teams.id, bookings.teamId))
    .leftJoin(teamPositions, eq(teamPositions.id, bookings.positionId))
    .leftJoin(positionRole, eq(positionRole.id, teamPositions.roleId))
    .where(eq(bookings.id, id));
  return row ?? null;
}

const owner = alias(users, 'owner');

/**
 * A team's facts for an invitation to `memberId`: its owner, place, dates and the position offered.
 * None when `memberId` was never invited to it.
 */
export async function findTeamInviteFacts(db: Executor, teamId: number, memberId: number) {
  const [row] = await db
    .select({
      name: teams.name,
      owner: { username: owner.username, displayName: owner.displayName, fallbackName: owner.fallbackName },
      location: teams.location,
      startDate: teams.startDate,
      endDate: teams.endDate,
      position: roles.name,
    })
    .from(teams)
    .innerJoin(owner, eq(owner.id, teams.ownerId))
    .innerJoin(teamMembers, sql`${teamMembers.teamId} = ${teams.id} and ${teamMembers.userId} = ${memberId}`)
    .leftJoin(teamPositions, eq(teamPositions.id, teamMembers.positionId))
    .leftJoin(roles, eq(roles.id, teamPositions.roleId))
    .where(eq(teams.id, teamId));
  return row ?? null;
}

/** A saved search's mail (issue 35): only the recipient's own, and only while its alerts are on. */
export async function findSavedSearchFacts(db: Executor, id: number, ownerId: number) {
  const [row] = await db
    .select({ name: savedSearches.name, query: savedSearches.query })
    .from(savedSearches)
    .where(
      sql`${savedSearches.id} = ${id} and ${savedSearches.userId} = ${ownerId} and ${savedSearches.alerts}`,
    );
  return row ?? null;
}

/**
 * A crew call's facts for the mail of an application or its answer (issue 36): whether the
 * recipient applied to it; a call staff hid is not mailed about.
 */
export async function findCallFacts(db: Executor, id: number, recipientId: number) {
  const [row] = await db
    .select({
      ownerId: crewCalls.ownerId,
      title: crewCalls.title,
      role: roles.name,
      location: crewCalls.location,
      startDate: crewCalls.startDate,
      endDate: crewCalls.endDate,
      applied: sql<boolean>`exists (select 1 from ${callApplications} a
        where a.call_id = ${crewCalls.id} and a.applicant_id = ${recipientId})`,
    })
    .from(crewCalls)
    .innerJoin(roles, eq(roles.id, crewCalls.roleId))
    .where(sql`${crewCalls.id} = ${id} and ${crewCalls.hiddenAt} is null`);
  return row ?? null;
}

const reviewer = alias(users, 'reviewer');

/** A review's facts for the mail to the person reviewed; a hidden review is not mailed. */
export async function findReviewFacts(db: Executor, id: number) {
  const [row] = await db
    .select({
      subjectId: reviews.subjectId,
      reviewer: {
        username: reviewer.username,
        displayName: reviewer.displayName,
        fallbackName: reviewer.fallbackName,
      },
      rating: reviews.rating,
      text: reviews.text,
      projectName: reviews.projectName,
      role: roles.name,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .leftJoin(roles, eq(roles.id, reviews.roleId))
    .where(sql`${reviews.id} = ${id} and ${reviews.hiddenAt} is null`);
  return row ?? null;
}

/** A payment's facts for its mails: amount, what for, the parties as the invoice names them. */
export async function findPaymentFacts(db: Executor, id: number) {
  const [row] = await db
    .select({
      userId: payments.userId,
      payeeId: payments.payeeId,
      kind: payments.kind,
      description: payments.description,
      amount: payments.amount,
      currency: payments.currency,
      invoiceNumber: payments.invoiceNumber,
      buyer: payments.buyer,
      seller: payments.seller,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.id, id));
  return row ?? null;
}
