import type { BookingStatus } from '../schemas/bookings.ts';
import { allow, type Decision, refuse } from './decision.ts';

/** What the booking rules read of a booking: its two parties and where it stands. */
export interface BookingFacts {
  requesterId: number;
  crewId: number;
  status: BookingStatus;
  paidAt: Date | string | null;
}

type BookingSide = 'crew' | 'requester';
export type BookingAction = 'answer' | 'cancel' | 'release' | 'pay';
/**
 * `not_a_party`: someone else's booking, which they may not know exists. `wrong_side`: a party,
 * but the action is the other party's. `wrong_state`: not now.
 */
type BookingRefusal = 'not_a_party' | 'wrong_side' | 'wrong_state';

const HOLD_STATUSES: readonly BookingStatus[] = ['hold_first', 'hold_second'];
/** Holds and requests wait for the crew member's answer. */
const WAITING_STATUSES: readonly BookingStatus[] = [...HOLD_STATUSES, 'requested'];
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

/** Who does what: the crew member answers, the requester releases holds and pays, either cancels. */
const SIDES: Record<BookingAction, readonly BookingSide[]> = {
  answer: ['crew'],
  cancel: ['crew', 'requester'],
  release: ['requester'],
  pay: ['requester'],
};

const inState: Record<BookingAction, (booking: BookingFacts) => boolean> = {
  answer: (b) => WAITING_STATUSES.includes(b.status),
  // Paid money is not taken back by a cancel.
  cancel: (b) => CANCELLABLE_STATUSES.includes(b.status) && !b.paidAt,
  release: (b) => HOLD_STATUSES.includes(b.status),
  pay: (b) => PAYABLE_STATUSES.includes(b.status) && !b.paidAt,
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
  return allow;
}

export const canActOnBooking = (viewerId: number, action: BookingAction, booking: BookingFacts) =>
  bookingDecision(viewerId, action, booking).ok;

/** Nobody books or holds themselves. (Premium and the contact rule are asked besides.) */
export const canBookCrew = (requesterId: number, crewId: number) => requesterId !== crewId;
