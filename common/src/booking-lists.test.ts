import { describe, expect, it } from 'vitest';
import { matchesBookingFilter, openingBookingSide } from './booking-lists.ts';
import { BOOKING_FILTERS, BOOKING_STATUSES, type BookingStatus } from './schemas/bookings.ts';

const agreed = '2026-11-20T10:00:00.000Z';

describe('matchesBookingFilter', () => {
  it.each<[BookingStatus, string | null, string]>([
    ['requested', null, 'requested'],
    ['hold_first', null, 'requested'],
    ['hold_second', null, 'requested'],
    ['hold_first', agreed, 'on_hold'],
    ['hold_second', agreed, 'on_hold'],
    ['accepted', null, 'booked'],
    // A confirmed hold keeps its agreement as a record: still simply booked.
    ['accepted', agreed, 'booked'],
    ['completed', null, 'completed'],
    ['cancelled', null, 'cancelled'],
    ['declined', null, 'cancelled'],
    ['expired', null, 'cancelled'],
    ['expired', agreed, 'cancelled'],
  ])('%s (agreed %s) is under %s only', (status, holdAgreedAt, filter) => {
    const under = BOOKING_FILTERS.filter((f) => matchesBookingFilter({ status, holdAgreedAt }, f));
    expect(under).toEqual([filter]);
  });

  it('files every status somewhere, agreed or not', () => {
    for (const status of BOOKING_STATUSES)
      for (const holdAgreedAt of [null, agreed])
        expect(BOOKING_FILTERS.some((f) => matchesBookingFilter({ status, holdAgreedAt }, f))).toBe(true);
  });
});

describe('openingBookingSide', () => {
  it.each([
    [{ crew: null, requester: null }, 'crew'],
    [{ crew: 4, requester: null }, 'crew'],
    [{ crew: null, requester: 4 }, 'requester'],
    [{ crew: 3, requester: 9 }, 'requester'],
    [{ crew: 9, requester: 3 }, 'crew'],
  ] as const)('%o opens on %s', (newest, side) => {
    expect(openingBookingSide(newest)).toBe(side);
  });
});
