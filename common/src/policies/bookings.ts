import type { BookingStatus } from '../schemas/bookings.ts';
import { allow, type Decision, refuse } from './decision.ts';

/** What the booking rules read of a booking: its two parties and where it stands. */
export interface BookingFacts {
  requesterId: number;
  crewId: number;
  status: BookingStatus;
  paidAt: Date | string | null;
  /**
   * Until when the payer's open provider checkout may still be paid (issue 30): the booking cannot
   * be cancelled before then. Absent or null: no checkout is open.
   */
  checkoutExpiresAt?: Date | string | null;
  /**
   * When the crew member agreed to this hold (issue 30: holds are pencils). Absent or null: a hold
   * still only asked for, or not a hold.
   */
  holdAgreedAt?: Date | string | null;
}

type BookingSide = 'crew' | 'requester';
export type BookingAction = 'answer' | 'cancel' | 'release' | 'pay' | 'confirm';
/**
 * `not_a_party`: someone else's booking, which they may not know exists. `wrong_side`: a party,
 * but the action is the other party's. `wrong_state`: not now.
 */
type BookingRefusal = 'not_a_party' | 'wrong_side' | 'wrong_state' | 'payment_pending';

/** A checkout the payer may still complete: money could arrive at any moment. */
export const paymentPending = (booking: Pick<BookingFacts, 'checkoutExpiresAt'>, now = Date.now()) =>
  booking.checkoutExpiresAt != null && new Date(booking.checkoutExpiresAt).getTime() > now;

const HOLD_STATUSES: readonly BookingStatus[] = ['hold_first', 'hold_second'];
/** Holds and requests the crew member has not answered yet, and holds they agreed to. */
const WAITING_STATUSES: readonly BookingStatus[] = [...HOLD_STATUSES, 'requested'];
const isHold = (b: BookingFacts) => HOLD_STATUSES.includes(b.status);
/** A hold the crew member agreed to: a pencil on their calendar, which the production may confirm. */
export const holdAgreed = (b: BookingFacts) => isHold(b) && b.holdAgreedAt != null;
/** The crew member agreed (and the days may be over): the requester can pay. */
const PAYABLE_STATUSES: readonly BookingStatus[] = ['accepted', 'completed'];
const CANCELLABLE_STATUSES: readonly BookingStatus[] = [...WAITING_STATUSES, 'accepted'];

/** Which side of the booking the viewer is on; null when they are not a party to it. */
export function bookingSide(
  viewerId: number,
  booking: Pick<BookingFacts, 'requesterId' | 'crewId'>,
): BookingSide | null {
  if (booking.crewId === viewerId) return 'crew';
  if (booking.requesterId === viewerId) return 'requester';
  return null;
}

export const canViewBooking = (viewerId: number, booking: Pick<BookingFacts, 'requesterId' | 'crewId'>) =>
  bookingSide(viewerId, booking) !== null;

/** The party the viewer deals with: the requester for the crew member, and the crew member otherwise. */
export const otherParty = (viewerId: number, booking: Pick<BookingFacts, 'requesterId' | 'crewId'>) =>
  bookingSide(viewerId, booking) === 'crew' ? booking.requesterId : booking.crewId;

/**
 * Who does what: the crew member answers requests and holds, the requester confirms an agreed
 * hold into a booking and pays, either releases a hold (the crew member any hold, issue 30) or
 * cancels.
 */
const SIDES: Record<BookingAction, readonly BookingSide[]> = {
  answer: ['crew'],
  cancel: ['crew', 'requester'],
  release: ['crew', 'requester'],
  pay: ['requester'],
  confirm: ['requester'],
};

const inState: Record<BookingAction, (booking: BookingFacts) => boolean> = {
  // An agreed hold was answered already: what is left is confirming or releasing it.
  answer: (b) => WAITING_STATUSES.includes(b.status) && !holdAgreed(b),
  // Paid money is not taken back by a cancel.
  cancel: (b) => CANCELLABLE_STATUSES.includes(b.status) && !b.paidAt,
  release: (b) => HOLD_STATUSES.includes(b.status),
  pay: (b) => PAYABLE_STATUSES.includes(b.status) && !b.paidAt,
  confirm: holdAgreed,
};

export function bookingDecision(
  viewerId: number,
  action: BookingAction,
  booking: BookingFacts,
): Decision<BookingRefusal> {
  const side = bookingSide(viewerId, booking);
  if (side === null) return refuse('not_a_party');
  if (!SIDES[action].includes(side)) return refuse('wrong_side');
  if (!inState[action](booking)) return refuse('wrong_state');
  // Issue 30: money may still arrive through the open checkout; cancel once it is paid or expired.
  if (action === 'cancel' && paymentPending(booking)) return refuse('payment_pending');
  return allow;
}

export const canActOnBooking = (viewerId: number, action: BookingAction, booking: BookingFacts) =>
  bookingDecision(viewerId, action, booking).ok;

/** Nobody books or holds themselves. (Premium and the contact rule are asked besides.) */
export const canBookCrew = (requesterId: number, crewId: number) => requesterId !== crewId;
