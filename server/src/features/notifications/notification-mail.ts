import { personName } from '#common/people';
import { type EmailCategory, emailCategoryOf } from '#common/policies/email';
import { formatMoney } from '#common/premium';
import { savedSearchHref } from '#common/saved-searches';
import type { BookingStatus } from '#common/schemas/bookings';
import { EMAIL_CATEGORY_LABELS } from '#common/schemas/email-preferences';
import type { Database } from '#server/db/client.ts';
import { unsubscribeHeaders } from '#server/mail/headers.ts';
import type { MailContent, RenderedMail } from '#server/mail/templates/content.ts';
import { renderMail } from '#server/mail/templates/render.tsx';
import { emailWanted, preferencesUrl, unsubscribeUrl } from './email-preferences.ts';
import * as q from './notification-mail-queries.ts';

/** A notification's mail, written when the outbox worker sends it: its parts and unsubscribe headers. */
export type NotificationMail = RenderedMail & { headers: Record<string, string> };

type Notification = NonNullable<Awaited<ReturnType<typeof q.findNotification>>>;
type Data = {
  bookingId?: number;
  teamId?: number;
  paymentId?: number;
  reviewId?: number;
  savedSearchId?: number;
  count?: number;
  people?: { id: number; name: string }[];
  callId?: number;
  calls?: { id: number; title: string }[];
};
/** What a type's mail says, apart from its footer. */
type Body = Omit<MailContent, 'footer'>;
type Link = (path: string) => string;

/** Why each kind of mail came: the footer's first line, naming the category as the preferences page does. */
const reasonOf = (category: EmailCategory) =>
  `You get this because e-mail about ${EMAIL_CATEGORY_LABELS[category].toLowerCase()} is on in your CrewBase notification preferences.`;

/**
 * The mail of one notification, rendered when the outbox worker sends it (issue 32): the facts as
 * they are at that moment, read from their own tables by the ids in the notification's data. Null
 * when it should not go after all: the notification was deleted, what it is about is gone, or the
 * member no longer wants it now (the preference was turned off, the daily digest turned on, the
 * account suspended, or the address it was queued for is no longer theirs: the old address gets
 * nothing more, and the new one was never asked about).
 */
export async function renderNotificationMail(
  db: Database,
  publicUrl: URL,
  queued: { notificationId: number; recipient: string },
): Promise<NotificationMail | null> {
  const notification = await q.findNotification(db, queued.notificationId);
  if (!notification) return null;
  const data = (notification.data ?? {}) as Data;
  const category = emailCategoryOf(notification.type, data);
  // Messages are batched per conversation (one mail for several), never mailed one by one.
  if (!category || category === 'messages') return null;
  const wanted = await emailWanted(db, notification.userId, category);
  if (!wanted || wanted.digest || wanted.to.toLowerCase() !== queued.recipient.toLowerCase()) return null;
  const link: Link = (path) => new URL(path, publicUrl).href;
  const body = await bodyOf(db, notification, data, link);
  if (!body) return null;
  const unsubscribe = unsubscribeUrl(publicUrl, notification.userId, category);
  const rendered = await renderMail({
    ...body,
    footer: {
      reason: reasonOf(category),
      preferencesUrl: preferencesUrl(publicUrl),
      unsubscribeUrl: unsubscribe,
    },
  });
  return { ...rendered, headers: unsubscribeHeaders(unsubscribe) };
}

function bodyOf(db: Database, n: Notification, data: Data, link: Link): Promise<Body | null> | Body | null {
  if (n.type === 'payment_received' || (n.type === 'system' && data.paymentId !== undefined))
    return data.paymentId === undefined ? null : paymentBody(db, n, data.paymentId, link);
  if (n.type === 'booking_request' || (n.type === 'system' && data.bookingId !== undefined))
    return data.bookingId === undefined ? null : bookingBody(db, n, data.bookingId, link);
  if (n.type === 'team_invite')
    return data.teamId === undefined ? null : inviteBody(db, n, data.teamId, link);
  if (n.type === 'review') return data.reviewId === undefined ? null : reviewBody(db, n, data.reviewId, link);
  if (n.type === 'saved_search_match')
    return data.savedSearchId === undefined ? null : savedSearchBody(db, n, data, data.savedSearchId, link);
  // Issue 36: an application to the member's call, or the answer to theirs.
  if (n.type === 'call_application' || n.type === 'application_update')
    return data.callId === undefined ? null : callBody(db, n, data.callId, link);
  // Issue 36 (ADR 038): the new crew calls for the member's roles and place, each a link.
  if (n.type === 'call_match')
    return {
      subject: n.title,
      preheader: n.message,
      heading: n.title,
      paragraphs: ['New crew calls for your roles in your place: apply from the call’s page.'],
      items: (data.calls ?? []).map((call) => ({
        title: call.title,
        text: '',
        url: link(`/calls/${call.id}`),
      })),
      button: { label: 'See all crew calls', url: link('/calls') },
    };
  if (n.type === 'profile_featured')
    return {
      subject: n.title,
      preheader: n.message,
      heading: n.title,
      paragraphs: [n.message],
      button: { label: 'See your profile', url: link('/profile') },
    };
  return null;
}

/**
 * Whether the recipient is a party to what the notification names. Every feature's notify() names
 * the recipient's own booking, payment or review, but a test notification (POST
 * /api/notifications/test) carries whatever ids its sender typed: a mail never shows the facts of
 * someone else's.
 */
const isParty = (userId: number, parties: (number | null)[]) => parties.includes(userId);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3–5 Dec", "30 Nov – 2 Dec", "30 Dec 2026 – 2 Jan 2027"; with the year when `year` says so. */
export function dayRange(start: string, end: string, year = false): string {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  const day = (y: number, m: number, d: number, withYear: boolean) =>
    `${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ''}`;
  if (sy !== ey) return `${day(sy, sm, sd, true)} – ${day(ey, em, ed, true)}`;
  const tail = year ? ` ${sy}` : '';
  if (start === end) return `${day(sy, sm, sd, false)}${tail}`;
  if (sm === em) return `${sd}–${ed} ${MONTHS[sm - 1]}${tail}`;
  return `${day(sy, sm, sd, false)} – ${day(ey, em, ed, false)}${tail}`;
}

const dayCount = (b: { startDate: string; endDate: string }) =>
  Math.round((Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000) + 1;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function bookingState(status: BookingStatus, agreed: boolean): string {
  switch (status) {
    case 'hold_first':
      return agreed ? 'First hold' : 'First hold, waiting for an answer';
    case 'hold_second':
      return agreed ? 'Second hold' : 'Second hold, waiting for an answer';
    case 'requested':
      return 'Waiting for an answer';
    case 'accepted':
      return 'Booked';
    case 'declined':
      return 'Declined';
    case 'cancelled':
      return 'Cancelled';
    case 'completed':
      return 'Completed';
    case 'expired':
      return 'Lapsed';
  }
}

/**
 * A booking request or hold request, and every notice about a booking (answered, cancelled,
 * released, confirmed, holds moving up, lapsing and lapsed): the other party, the role, the days,
 * the rate, the team, with one button to the booking.
 */
async function bookingBody(
  db: Database,
  n: Notification,
  bookingId: number,
  link: Link,
): Promise<Body | null> {
  const b = await q.findBookingFacts(db, bookingId);
  if (!b || !isParty(n.userId, [b.requesterId, b.crewId])) return null;
  const toCrew = n.userId === b.crewId;
  const days = dayCount(b);
  const rate = formatMoney(b.rate, b.currency);
  const isHold = b.status === 'hold_first' || b.status === 'hold_second';
  const requesterName = personName(b.requester);
  const what = `${b.role}, ${dayRange(b.startDate, b.endDate)}`;
  const asking = n.type === 'booking_request';
  const subject = !asking
    ? `${n.title}: ${what}`
    : isHold
      ? `${requesterName} asks to put a ${b.status === 'hold_first' ? 'first' : 'second'} hold on you: ${what}`
      : `Booking request: ${what}, ${rate}/day`;
  const facts = [
    toCrew
      ? { label: 'Requested by', value: requesterName }
      : { label: 'Crew member', value: personName(b.crew) },
    { label: 'Role', value: b.role },
    { label: 'Dates', value: `${dayRange(b.startDate, b.endDate, true)} (${plural(days, 'day')})` },
    { label: 'Day rate', value: rate },
    { label: 'Total', value: formatMoney(b.rate * days, b.currency) },
    ...(b.team ? [{ label: 'Team', value: b.team }] : []),
    ...(b.position ? [{ label: 'Position', value: b.position }] : []),
    { label: 'Status', value: bookingState(b.status, b.holdAgreedAt !== null) },
  ];
  const note = asking && b.message.trim() ? [`Their note: “${b.message.trim()}”`] : [];
  return {
    subject,
    preheader: n.message,
    heading: n.title,
    paragraphs: [n.message, ...note],
    facts,
    button: {
      label: asking ? (isHold ? 'Answer the hold request' : 'Answer the request') : 'View the booking',
      url: link(`/bookings/${bookingId}`),
    },
  };
}

/** A team invitation: who invites, to which production, for which position, where and when. */
async function inviteBody(db: Database, n: Notification, teamId: number, link: Link): Promise<Body | null> {
  const team = await q.findTeamInviteFacts(db, teamId, n.userId);
  if (!team) return null;
  const facts = [
    { label: 'Invited by', value: personName(team.owner) },
    { label: 'Team', value: team.name },
    ...(team.position ? [{ label: 'Position', value: team.position }] : []),
    ...(team.location ? [{ label: 'Where', value: team.location }] : []),
    ...(team.startDate
      ? [{ label: 'Dates', value: dayRange(team.startDate, team.endDate ?? team.startDate, true) }]
      : []),
  ];
  return {
    subject: `Invitation to join ${team.name}`,
    preheader: n.message,
    heading: n.title,
    paragraphs: [n.message],
    facts,
    button: { label: 'View the invitation', url: link(`/team/${teamId}`) },
  };
}

/** A review received: who wrote it, the rating, the project, and what they wrote. */
async function reviewBody(db: Database, n: Notification, reviewId: number, link: Link): Promise<Body | null> {
  const review = await q.findReviewFacts(db, reviewId);
  if (!review || !isParty(n.userId, [review.subjectId])) return null;
  const reviewerName = personName(review.reviewer);
  const facts = [
    { label: 'From', value: reviewerName },
    {
      label: 'Rating',
      value: `${'★'.repeat(review.rating)}${'☆'.repeat(5 - review.rating)} (${review.rating} of 5)`,
    },
    ...(review.projectName ? [{ label: 'Project', value: review.projectName }] : []),
    ...(review.role ? [{ label: 'Role', value: review.role }] : []),
  ];
  return {
    subject: `New review from ${reviewerName}`,
    preheader: n.message,
    heading: n.title,
    paragraphs: [n.message, `“${review.text}”`],
    facts,
    button: { label: 'Read the review', url: link('/profile?tab=reviews') },
  };
}

/** A payment received, made, or refunded: the amount, what for, the other party, the invoice. */
async function paymentBody(
  db: Database,
  n: Notification,
  paymentId: number,
  link: Link,
): Promise<Body | null> {
  const payment = await q.findPaymentFacts(db, paymentId);
  if (!payment || !isParty(n.userId, [payment.userId, payment.payeeId])) return null;
  const amount = formatMoney(payment.amount, payment.currency);
  const paid = n.userId === payment.payeeId;
  const other = paid ? payment.buyer : payment.seller;
  const facts = [
    { label: 'Amount', value: amount },
    { label: 'For', value: payment.description },
    ...(other ? [{ label: paid ? 'From' : 'To', value: personName(other) }] : []),
    { label: 'Invoice', value: payment.invoiceNumber },
    { label: 'Date', value: dayRange(...sameDay(payment.createdAt), true) },
  ];
  return {
    subject: `${n.title}: ${amount}`,
    preheader: n.message,
    heading: n.title,
    paragraphs: [n.message],
    facts,
    button: { label: 'View the payment', url: link(`/payments/${paymentId}`) },
  };
}

/**
 * People newly matching a saved search (issue 35): their names, and the search as saved now (the
 * link is always the search page; a search deleted or with alerts off since is not mailed).
 */
async function savedSearchBody(
  db: Database,
  n: Notification,
  data: Data,
  savedSearchId: number,
  link: Link,
): Promise<Body | null> {
  const search = await q.findSavedSearchFacts(db, savedSearchId, n.userId);
  if (!search) return null;
  const listed = (data.people ?? []).length;
  const more = (data.count ?? listed) - listed;
  return {
    subject: n.title,
    preheader: n.message,
    heading: n.title,
    paragraphs: [
      `New on CrewBase for your saved search “${search.name}”:`,
      ...(listed === 0 ? [n.message] : []),
    ],
    items: (data.people ?? []).map((person) => ({
      title: person.name,
      text: 'See their profile',
      url: link(`/profile/${person.id}`),
    })),
    ...(more > 0 ? { facts: [{ label: 'And', value: `${more} more` }] } : {}),
    button: { label: 'See who matches', url: link(savedSearchHref(search.query)) },
  };
}

/**
 * An application to the recipient's call, or an answer to the recipient's application: the call's
 * title, role, place and days as they are now, with one button to the call (its applications, for
 * the owner). Nothing when the call is gone or the recipient is neither its owner nor an applicant.
 */
async function callBody(db: Database, n: Notification, callId: number, link: Link): Promise<Body | null> {
  const call = await q.findCallFacts(db, callId, n.userId);
  if (!call) return null;
  const toOwner = n.type === 'call_application';
  if (toOwner ? call.ownerId !== n.userId : !call.applied) return null;
  return {
    subject: `${n.title}: ${call.title}`,
    preheader: n.message,
    heading: n.title,
    paragraphs: [n.message],
    facts: [
      { label: 'Call', value: call.title },
      { label: 'Role', value: call.role },
      { label: 'Where', value: call.location },
      { label: 'Dates', value: dayRange(call.startDate, call.endDate, true) },
    ],
    button: toOwner
      ? { label: 'View Applications', url: link(`/calls/${callId}#applications`) }
      : { label: 'View Call', url: link(`/calls/${callId}`) },
  };
}

const sameDay = (at: Date): [string, string] => {
  const day = at.toISOString().slice(0, 10);
  return [day, day];
};
