import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '../schemas/bookings.ts';
import {
  type BookingAction,
  type BookingFacts,
  bookingDecision,
  bookingSide,
  canActOnBooking,
  canBookCrew,
  canViewBooking,
  otherParty,
} from './bookings.ts';

const REQUESTER = 10;
const CREW = 20;
const STRANGER = 30;
const booking = (status: BookingStatus, paid = false): BookingFacts => ({
  requesterId: REQUESTER,
  crewId: CREW,
  status,
  paidAt: paid ? '2026-06-01T10:00:00.000Z' : null,
});

type Expected = 'ok' | 'wrong_side' | 'wrong_state';
/** The same answer in every state. */
const always = (expected: Expected): Expected[] => BOOKING_STATUSES.map(() => expected);
/**
 * Who × action × state: the crew member answers what waits, the requester releases holds and
 * pays what was accepted, either party cancels until it is paid or over. The last column is the
 * same states once paid (empty where payment plays no part).
 */
const TABLE: [BookingAction, 'crew' | 'requester', Expected[], Expected[]][] = [
  //                               hold_first     hold_second    requested      accepted       declined       cancelled      completed
  ['answer', 'crew', ['ok', 'ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'], []],
  ['answer', 'requester', always('wrong_side'), []],
  [
    'cancel',
    'crew',
    ['ok', 'ok', 'ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state'],
    always('wrong_state'),
  ],
  [
    'cancel',
    'requester',
    ['ok', 'ok', 'ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state'],
    always('wrong_state'),
  ],
  [
    'release',
    'requester',
    ['ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'],
    [],
  ],
  ['release', 'crew', always('wrong_side'), []],
  [
    'pay',
    'requester',
    ['wrong_state', 'wrong_state', 'wrong_state', 'ok', 'wrong_state', 'wrong_state', 'ok'],
    always('wrong_state'),
  ],
  ['pay', 'crew', always('wrong_side'), []],
];

const cases = TABLE.flatMap(([action, side, unpaid, paid]) =>
  BOOKING_STATUSES.flatMap((status, i) => [
    { action, side, status, paid: false, expected: unpaid[i] as Expected },
    ...(paid.length > 0 ? [{ action, side, status, paid: true, expected: paid[i] as Expected }] : []),
  ]),
);

describe('bookingDecision (who × action × state)', () => {
  it.each(cases)(
    '$side $action on $status (paid: $paid): $expected',
    ({ action, side, status, paid, expected }) => {
      const viewer = side === 'crew' ? CREW : REQUESTER;
      const decision = bookingDecision(viewer, action, booking(status, paid));
      expect(decision).toEqual(expected === 'ok' ? { ok: true } : { ok: false, reason: expected });
      expect(canActOnBooking(viewer, action, booking(status, paid))).toBe(expected === 'ok');
    },
  );

  it.each(['answer', 'cancel', 'release', 'pay'] as const)(
    'someone else may not %s it, in any state',
    (action) => {
      for (const status of BOOKING_STATUSES) {
        expect(bookingDecision(STRANGER, action, booking(status))).toEqual({
          ok: false,
          reason: 'not_a_party',
        });
      }
    },
  );
});

describe('the parties', () => {
  it.each([
    [CREW, 'crew', true, REQUESTER],
    [REQUESTER, 'requester', true, CREW],
    [STRANGER, null, false, CREW],
  ] as const)('member %i is %s', (viewer, side, sees, other) => {
    expect(bookingSide(viewer, booking('requested'))).toBe(side);
    expect(canViewBooking(viewer, booking('requested'))).toBe(sees);
    if (sees) expect(otherParty(viewer, booking('requested'))).toBe(other);
  });

  it('nobody books themselves', () => {
    expect(canBookCrew(REQUESTER, CREW)).toBe(true);
    expect(canBookCrew(CREW, CREW)).toBe(false);
  });
});
