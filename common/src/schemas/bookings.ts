import { z } from 'zod';
import { HOLD_LIMITS } from '../limits.ts';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/**
 * Bookings (issue 18): hires and holds of crew for days, and each crew member's availability. A
 * hold is a pencil (issue 30): asked for, then agreed by the crew member (`holdAgreedAt`), then
 * confirmed into a booking (`accepted`) by the production, or `expired` when it lapses first.
 */
export const BOOKING_STATUSES = [
  'hold_first',
  'hold_second',
  'requested',
  'accepted',
  'declined',
  'cancelled',
  'completed',
  'expired',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDay = text({ error: 'Dates are YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD')
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    'Not a real date',
  );

/** Longest booking, and the longest availability range asked for at once (a hold: HOLD_LIMITS). */
export const BOOKING_LIMITS = { maxDays: 366, messageMax: 2000, rateMax: 10_000_000 } as const;

const HOLD_TOO_LONG = `A hold can cover at most ${HOLD_LIMITS.maxDays} days`;

export const createBookingRequest = z
  .object({
    crewId: z.coerce
      .number({ error: 'Choose who to book' })
      .int()
      .positive('Choose who to book')
      .max(MAX_ID, 'Choose who to book'),
    roleId: z.coerce
      .number({ error: 'Choose a role' })
      .int()
      .positive('Choose a role')
      .max(MAX_ID, 'Choose a role'),
    startDate: isoDay,
    endDate: isoDay,
    /** Day rate in cents. */
    rate: z.coerce
      .number({ error: 'Enter a day rate' })
      .int('Enter the day rate in cents')
      .positive('The day rate must be more than 0')
      .max(BOOKING_LIMITS.rateMax, 'That day rate is too high'),
    currency: z.enum(['usd', 'eur', 'gbp', 'cad', 'aud'], { error: 'Choose a currency' }).default('usd'),
    message: text(undefined, 'Messages cannot contain NUL characters')
      .max(BOOKING_LIMITS.messageMax, `Messages must be at most ${BOOKING_LIMITS.messageMax} characters`)
      .default(''),
    hold: z.enum(['first', 'second']).optional(),
    /** The production (one of the requester's teams) and position this hire fills. */
    teamId: z.coerce
      .number({ error: 'Not a valid team id' })
      .int()
      .positive('Not a valid team id')
      .max(MAX_ID, 'Not a valid team id')
      .optional(),
    positionId: z.coerce
      .number({ error: 'Not a valid position id' })
      .int()
      .positive('Not a valid position id')
      .max(MAX_ID, 'Not a valid position id')
      .optional(),
  })
  .refine((b) => b.positionId === undefined || b.teamId !== undefined, {
    path: ['teamId'],
    message: 'A position belongs to a team: name the team too',
  })
  .refine((b) => b.endDate >= b.startDate, {
    path: ['endDate'],
    message: 'The last day must not be before the first',
  })
  .refine((b) => (Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000 < BOOKING_LIMITS.maxDays, {
    path: ['endDate'],
    message: `A booking can be at most ${BOOKING_LIMITS.maxDays} days`,
  })
  .refine(
    (b) =>
      b.hold === undefined ||
      (Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000 < HOLD_LIMITS.maxDays,
    { path: ['endDate'], message: HOLD_TOO_LONG },
  );
export type CreateBookingRequest = z.infer<typeof createBookingRequest>;

export const bookingSchema = z.object({
  id: z.number().int(),
  requester: z.object({
    id: z.number().int(),
    username: text(),
    displayName: text().nullable(),
    fallbackName: text(),
  }),
  crew: z.object({
    id: z.number().int(),
    username: text(),
    displayName: text().nullable(),
    fallbackName: text(),
  }),
  role: z.object({ id: z.number().int(), name: text() }),
  /** The production this hire is for, when booked from a team (its name is the requester's to share). */
  team: z.object({ id: z.number().int(), name: text() }).nullable(),
  positionId: z.number().int().nullable(),
  startDate: text(),
  endDate: text(),
  days: z.number().int(),
  rate: z.number().int(),
  currency: text(),
  total: z.number().int(),
  message: text(),
  status: z.enum(BOOKING_STATUSES),
  /** When the crew member agreed to this hold (null: a hold still asked for, or no hold). */
  holdAgreedAt: text().nullable(),
  paidAt: text().nullable(),
  /** Who took the money: `demo` moved none. Null until paid. */
  paidWith: z.enum(['demo', 'stripe']).nullable(),
  /** Until when the payer's open checkout may still be paid: it cannot be cancelled meanwhile. */
  paymentPendingUntil: text().nullable(),
  createdAt: text(),
});
export type Booking = z.infer<typeof bookingSchema>;

/**
 * The lists' filters, as a member thinks of a booking (issue 31). Which statuses each one means is
 * `BOOKING_FILTER_RULES` in common/src/booking-lists.ts.
 */
export const BOOKING_FILTERS = ['requested', 'on_hold', 'booked', 'completed', 'cancelled'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
/** A page of a list: newest first; an old call without `limit` gets the first page. */
export const BOOKING_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

/**
 * GET /api/bookings: `as` one side, optionally one exact `status` (the old call) or a `filter`,
 * newest first, `limit` at a time; pass the answer's `nextCursor` as `cursor` for the next page.
 */
export const bookingListQuery = z.object({
  as: z.enum(['crew', 'requester'], { error: 'as is crew or requester' }).default('crew'),
  status: z.enum(BOOKING_STATUSES).optional(),
  filter: z.enum(BOOKING_FILTERS, { error: `filter is one of ${BOOKING_FILTERS.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'limit is a number' })
    .int('limit is a whole number')
    .min(1, 'limit is at least 1')
    .max(BOOKING_PAGE.maxLimit, `limit is at most ${BOOKING_PAGE.maxLimit}`)
    .default(BOOKING_PAGE.defaultLimit),
  cursor: z.coerce
    .number({ error: 'Not a valid cursor' })
    .int('Not a valid cursor')
    .positive('Not a valid cursor')
    .max(MAX_ID, 'Not a valid cursor')
    .optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuery>;
export const bookingListResponse = z.object({
  bookings: z.array(bookingSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.number().int().nullable(),
});
export type BookingListResponse = z.infer<typeof bookingListResponse>;
export const bookingParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid booking id' })
    .int('Not a valid booking id')
    .positive('Not a valid booking id')
    .max(MAX_ID, 'Not a valid booking id'),
});
/** SPEC §7: POST /api/bookings/{id}/{accept|decline} with the notification's id. */
export const bookingAnswer = z.object({
  notificationId: z.coerce.number().int().positive().max(MAX_ID).optional(),
});

export const AVAILABILITY = ['free', 'busy', 'hold', 'unavailable'] as const;
export const availabilityQuery = z
  .object({ from: isoDay, to: isoDay })
  .refine((q) => q.to >= q.from, { path: ['to'], message: 'The last day must not be before the first' })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < BOOKING_LIMITS.maxDays, {
    path: ['to'],
    message: `Ask for at most ${BOOKING_LIMITS.maxDays} days at a time`,
  });
export const availabilityResponse = z.object({
  days: z.array(z.object({ date: text(), status: z.enum(AVAILABILITY) })),
});
export type Availability = z.infer<typeof availabilityResponse>;
export const unavailableDaysRequest = z.object({
  days: z.array(isoDay).max(BOOKING_LIMITS.maxDays, `At most ${BOOKING_LIMITS.maxDays} days`),
});

/** Paying a booking: paid at once (the demo provider), or a Stripe Checkout page to go to. */
export const payBookingResponse = z.union([
  z.object({ paymentId: z.number().int() }),
  z.object({ url: text() }),
]);
export type PayBookingResponse = z.infer<typeof payBookingResponse>;

/** My future days off, as I marked them. */
export const unavailableDaysResponse = z.object({ days: z.array(text()) });

/** Whether my private calendar link exists (the link itself is shown once, when made). */
export const calendarLinkStatus = z.object({ active: z.boolean(), createdAt: text().nullable() });
export const calendarLinkResponse = z.object({ url: text() });

export const BOOKING_MESSAGES = {
  notFound: 'Booking not found',
  past: 'A booking cannot start in the past',
  self: 'You cannot book yourself',
  crewNotFound: 'Crew member not found',
  unblockFirst: 'You have blocked this member: unblock them to book or hold them',
  roleNotFound: 'Role not found',
  notPending: 'This booking is not waiting for an answer',
  /** Issue 31: answering a request or hold that was answered, called off or lapsed meanwhile. */
  alreadyAccepted: 'This request was already accepted',
  alreadyDeclined: 'This request was already declined',
  alreadyCancelled: 'This request was cancelled',
  alreadyLapsed: 'This request has lapsed',
  notCancellable: 'This booking can no longer be cancelled',
  notAHold: 'Only a hold can be released',
  holdTooLong: HOLD_TOO_LONG,
  notConfirmable: 'Only a hold the crew member agreed to can be confirmed',
  holdLapsed: 'This hold has lapsed',
  confirmOutranked:
    "Another production's first hold covers these days: your second hold can be confirmed once it is released",
  notPayable: 'Only an accepted booking that is not paid yet can be paid',
  overChargeLimit: 'This booking’s total is more than the card payment provider takes in one payment',
  paymentPending:
    'A payment for this booking is in progress: it can be cancelled once that checkout is paid or has expired',
  outranked: 'A first hold from another production covers these days: it must be released first',
  teamNotFound: 'Team not found',
  teamClosed: 'This team is closed',
  positionNotFound: 'Position not found',
  positionRole: 'This position is for another role',
  duplicateRequest: 'You already have a request for these days',
} as const;

/**
 * Issue 31: why a booking cannot be answered any more, named by where it went (an agreed hold was
 * accepted already), so a 409 tells the crew member what happened rather than only that it failed.
 */
export function notWaitingMessage(booking: { status: BookingStatus; holdAgreedAt?: unknown }): string {
  switch (booking.status) {
    case 'accepted':
    case 'completed':
      return BOOKING_MESSAGES.alreadyAccepted;
    case 'hold_first':
    case 'hold_second':
      return booking.holdAgreedAt != null ? BOOKING_MESSAGES.alreadyAccepted : BOOKING_MESSAGES.notPending;
    case 'declined':
      return BOOKING_MESSAGES.alreadyDeclined;
    case 'cancelled':
      return BOOKING_MESSAGES.alreadyCancelled;
    case 'expired':
      return BOOKING_MESSAGES.alreadyLapsed;
    default:
      return BOOKING_MESSAGES.notPending;
  }
}

/** A booking's reference on invoices and pages (issue 31): BK-000123 for booking 123. */
export const bookingReference = (id: number) => `BK-${String(id).padStart(6, '0')}`;
