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
  holdAgreed,
  otherParty,
  paymentPending,
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
 * Who × action × state: the crew member answers what waits, either party releases a hold, the
 * requester pays what was accepted, either party cancels until it is paid or over. A hold here is
 * one only asked for: nothing to confirm yet (agreed holds have their own table below). The last
 * column is the same states once paid (empty where payment plays no part).
 */
const TABLE: [BookingAction, 'crew' | 'requester', Expected[], Expected[]][] = [
  // hold_first, hold_second, requested, accepted, declined, cancelled, completed, expired
  [
    'answer',
    'crew',
    ['ok', 'ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'],
    [],
  ],
  ['answer', 'requester', always('wrong_side'), []],
  [
    'cancel',
    'crew',
    ['ok', 'ok', 'ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'],
    always('wrong_state'),
  ],
  [
    'cancel',
    'requester',
    ['ok', 'ok', 'ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'],
    always('wrong_state'),
  ],
  [
    'release',
    'requester',
    ['ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'],
    [],
  ],
  // Issue 30: the crew member can let go of any hold on them.
  [
    'release',
    'crew',
    ['ok', 'ok', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state', 'wrong_state'],
    [],
  ],
  [
    'pay',
    'requester',
    ['wrong_state', 'wrong_state', 'wrong_state', 'ok', 'wrong_state', 'wrong_state', 'ok', 'wrong_state'],
    always('wrong_state'),
  ],
  ['pay', 'crew', always('wrong_side'), []],
  // A hold only asked for cannot be confirmed; nothing else is a hold.
  ['confirm', 'requester', always('wrong_state'), []],
  ['confirm', 'crew', always('wrong_side'), []],
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

  it.each(['answer', 'cancel', 'release', 'pay', 'confirm'] as const)(
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

/**
 * A hold the crew member agreed to (issue 30): answered already, so not answered again; the
 * requester confirms it into a booking; either party releases or cancels it.
 */
describe('an agreed hold (who × action)', () => {
  const agreed = (status: BookingStatus): BookingFacts => ({
    ...booking(status),
    holdAgreedAt: '2026-06-01T10:00:00.000Z',
  });
  const AGREED_TABLE: [BookingAction, 'crew' | 'requester', Expected][] = [
    ['answer', 'crew', 'wrong_state'],
    ['answer', 'requester', 'wrong_side'],
    ['confirm', 'requester', 'ok'],
    ['confirm', 'crew', 'wrong_side'],
    ['release', 'crew', 'ok'],
    ['release', 'requester', 'ok'],
    ['cancel', 'crew', 'ok'],
    ['cancel', 'requester', 'ok'],
    ['pay', 'requester', 'wrong_state'],
    ['pay', 'crew', 'wrong_side'],
  ];
  it.each(
    AGREED_TABLE.flatMap(([action, side, expected]) =>
      (['hold_first', 'hold_second'] as const).map((status) => ({ action, side, status, expected })),
    ),
  )('$side $action on an agreed $status: $expected', ({ action, side, status, expected }) => {
    const viewer = side === 'crew' ? CREW : REQUESTER;
    expect(bookingDecision(viewer, action, agreed(status))).toEqual(
      expected === 'ok' ? { ok: true } : { ok: false, reason: expected },
    );
  });

  it('a confirmed hold is a booking: it keeps when it was agreed, and is confirmed no more', () => {
    for (const status of BOOKING_STATUSES.filter((s) => s !== 'hold_first' && s !== 'hold_second')) {
      expect(holdAgreed(agreed(status))).toBe(false);
      expect(bookingDecision(REQUESTER, 'confirm', agreed(status))).toEqual({
        ok: false,
        reason: 'wrong_state',
      });
    }
    expect(holdAgreed(booking('hold_first'))).toBe(false);
    expect(holdAgreed(agreed('hold_second'))).toBe(true);
  });
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

describe('a booking whose payment is pending (issue 30)', () => {
  const NOW = Date.parse('2026-06-01T10:00:00.000Z');
  const withCheckout = (until: string | null): BookingFacts => ({
    ...booking('accepted'),
    checkoutExpiresAt: until,
  });

  it.each([
    ['an open checkout', '2026-06-01T10:30:00.000Z', true],
    ['an expired checkout', '2026-06-01T09:59:59.000Z', false],
    ['no checkout', null, false],
  ] as const)('%s: pending %s', (_, until, pending) => {
    expect(paymentPending(withCheckout(until), NOW)).toBe(pending);
  });

  it('cannot be cancelled by either party while its checkout is open; paying it stays the requester’s', () => {
    const open = withCheckout(new Date(Date.now() + 60_000).toISOString());
    for (const viewer of [CREW, REQUESTER])
      expect(bookingDecision(viewer, 'cancel', open)).toEqual({ ok: false, reason: 'payment_pending' });
    expect(bookingDecision(STRANGER, 'cancel', open)).toEqual({ ok: false, reason: 'not_a_party' });
    expect(canActOnBooking(REQUESTER, 'pay', open)).toBe(true);
    const expired = withCheckout(new Date(Date.now() - 1000).toISOString());
    expect(canActOnBooking(CREW, 'cancel', expired)).toBe(true);
  });
});
