import type { Booking, BookingFilter, BookingStatus } from './schemas/bookings.ts';

/**
 * How the bookings lists are cut (issue 31). A hold is a pencil (ADR 018, issue 30): until the
 * crew member agrees to it, it is a request like any other, so it is filed under "Requested";
 * once agreed it is "On hold" at its rank until it is confirmed (`accepted`, "Booked") or lapses.
 * Declined, cancelled and lapsed bookings are all "Cancelled": none of them will happen.
 */
interface FilterClause {
  statuses: readonly BookingStatus[];
  /** Only holds the crew member agreed to (true) or did not (false); absent: either. */
  holdAgreed?: boolean;
}

const HOLDS = ['hold_first', 'hold_second'] as const satisfies readonly BookingStatus[];

export const BOOKING_FILTER_RULES: Record<
  BookingFilter,
  { label: string; clauses: readonly FilterClause[] }
> = {
  requested: {
    label: 'Requested',
    clauses: [{ statuses: ['requested'] }, { statuses: HOLDS, holdAgreed: false }],
  },
  on_hold: { label: 'On hold', clauses: [{ statuses: HOLDS, holdAgreed: true }] },
  booked: { label: 'Booked', clauses: [{ statuses: ['accepted'] }] },
  completed: { label: 'Completed', clauses: [{ statuses: ['completed'] }] },
  cancelled: { label: 'Cancelled', clauses: [{ statuses: ['cancelled', 'declined', 'expired'] }] },
};

/** Whether a booking belongs under a filter: the same rule the server's query writes in SQL. */
export function matchesBookingFilter(
  booking: Pick<Booking, 'status' | 'holdAgreedAt'>,
  filter: BookingFilter,
): boolean {
  return BOOKING_FILTER_RULES[filter].clauses.some(
    (clause) =>
      clause.statuses.includes(booking.status) &&
      (clause.holdAgreed === undefined || clause.holdAgreed === (booking.holdAgreedAt !== null)),
  );
}

export type BookingSide = 'crew' | 'requester';

/**
 * Which side /bookings opens on: the one the member used last. Each side's newest booking id
 * (ids only grow, so the larger is the more recent; null for a side without bookings) decides:
 * "As production" when they have made a booking more recently than anyone made one of them, so a
 * producer with 19 bookings and none as crew never lands on an empty "As crew" tab. Everyone
 * else, a member with no bookings at all included, opens on "As crew".
 */
export function openingBookingSide(newest: { crew: number | null; requester: number | null }): BookingSide {
  if (newest.requester === null) return 'crew';
  return newest.crew === null || newest.requester > newest.crew ? 'requester' : 'crew';
}
