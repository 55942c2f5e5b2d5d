import ical from 'ical-generator';
import { personName } from '#common/people';
import { bookingSide } from '#common/policies/bookings';
import { hashToken, randomToken } from '#server/crypto/tokens.ts';
import type { Database } from '#server/db/client.ts';
import { NotFoundError } from '#server/errors.ts';
import * as q from './queries.ts';

export const FEED_NOT_FOUND = 'Calendar not found';

const STATUS_LABEL: Record<string, string> = {
  hold_first: '1st hold',
  hold_second: '2nd hold',
  requested: 'Requested',
  accepted: 'Booked',
  completed: 'Booked',
};

/** A new secret for the member's feed (the old link stops working); only its hash is kept. */
export async function rotateFeedToken(db: Database, userId: number): Promise<string> {
  const token = randomToken();
  await q.saveFeedTokenHash(db, userId, hashToken(token));
  return token;
}

export async function revokeFeedToken(db: Database, userId: number): Promise<void> {
  await q.deleteFeed(db, userId);
}

/** Whether the member has a live link, and since when (the link itself cannot be shown again). */
export async function feedStatus(db: Database, userId: number) {
  const feed = await q.findFeed(db, userId);
  return { active: feed !== undefined, createdAt: feed?.createdAt.toISOString() ?? null };
}

/**
 * The member's bookings and holds as an RFC 5545 calendar, for their phone's calendar app. The
 * link is the only key: a wrong or revoked token is "not found", like a member who does not exist.
 */
export async function renderFeed(db: Database, userId: number, token: string): Promise<string> {
  const feed = await q.findFeed(db, userId);
  if (!feed || feed.tokenHash !== hashToken(token)) throw new NotFoundError(FEED_NOT_FOUND);
  const calendar = ical({ name: 'CrewBase bookings', prodId: { company: 'CrewBase', product: 'bookings' } });
  for (const row of await q.feedBookings(db, userId)) {
    const b = row.booking;
    const asCrew = bookingSide(userId, b) === 'crew';
    const other = asCrew ? row.requester : row.crew;
    const end = new Date(`${b.endDate}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    calendar.createEvent({
      id: `booking-${b.id}@crewbase.app`,
      allDay: true,
      start: new Date(`${b.startDate}T00:00:00Z`),
      // All-day events end on the day after the last (RFC 5545's exclusive DTEND).
      end,
      // A hold the crew member has not agreed to yet is only asked for (issue 30).
      summary: `${(b.status === 'hold_first' || b.status === 'hold_second') && !b.holdAgreedAt ? 'Hold requested' : (STATUS_LABEL[b.status] ?? b.status)}: ${row.role.name}, ${asCrew ? 'for' : 'with'} ${personName(other)}`,
      description: b.message || undefined,
      stamp: b.updatedAt,
    });
  }
  return calendar.toString();
}
