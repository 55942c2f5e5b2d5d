import { personName } from '#common/people';
import {
  type BookingAction,
  type BookingFacts,
  bookingDecision,
  canActOnBooking,
  canBookCrew,
  canViewBooking,
  otherParty,
} from '#common/policies/bookings';
import { formatMoney } from '#common/premium';
import {
  type Availability,
  BOOKING_MESSAGES,
  type Booking,
  type BookingStatus,
  type CreateBookingRequest,
  type PayBookingResponse,
} from '#common/schemas/bookings';
import { assertReachable } from '#server/access/contact.ts';
import { assertPremium } from '#server/access/premium.ts';
import { findMember } from '#server/access/queries.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '#server/errors.ts';
import { markRead, notify, type RealtimeEvent } from '#server/features/notifications/index.ts';
import { callProvider, type PaymentProvider, recordPayment } from '#server/features/payments/index.ts';
import { getRolesById } from '#server/features/roles/index.ts';
import { assertOwnPosition, joinFromBooking } from '#server/features/teams/index.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import * as q from './queries.ts';

type Viewer = Pick<RequestAuth, 'user'>;
type Publish = (event: RealtimeEvent) => void;

const dayCount = (b: { startDate: string; endDate: string }) =>
  Math.round((Date.parse(b.endDate) - Date.parse(b.startDate)) / 86_400_000) + 1;

function toBooking(row: q.NamedBooking): Booking {
  const b = row.booking;
  const days = dayCount(b);
  return {
    id: b.id,
    requester: row.requester,
    crew: row.crew,
    role: row.role,
    team: row.team,
    positionId: b.positionId,
    startDate: b.startDate,
    endDate: b.endDate,
    days,
    rate: b.rate,
    currency: b.currency,
    total: b.rate * days,
    message: b.message,
    status: b.status,
    paidAt: b.paidAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
  };
}

const span = (b: { startDate: string; endDate: string }) =>
  b.startDate === b.endDate ? b.startDate : `${b.startDate} to ${b.endDate}`;

/** A party to the booking sees it; anyone else is told it does not exist. */
async function findVisible(db: q.Executor, id: number, viewer: Viewer) {
  const row = await q.findNamed(db, id);
  if (!row || !canViewBooking(viewer.user.id, row.booking))
    throw new NotFoundError(BOOKING_MESSAGES.notFound);
  return row;
}

/** What each action answers when the booking is not in a state for it. */
const NOT_NOW: Record<BookingAction, string> = {
  answer: BOOKING_MESSAGES.notPending,
  cancel: BOOKING_MESSAGES.notCancellable,
  release: BOOKING_MESSAGES.notAHold,
  pay: BOOKING_MESSAGES.notPayable,
};

/**
 * The bookings policy's answer, refused as it always was: someone else's booking, or one the
 * requester would answer, does not exist for them; anything else is a 409 naming the action.
 */
function assertMay<Row extends BookingFacts>(
  viewer: Viewer,
  action: BookingAction,
  booking: Row | undefined,
): asserts booking is Row {
  if (!booking) throw new NotFoundError(BOOKING_MESSAGES.notFound);
  const decision = bookingDecision(viewer.user.id, action, booking);
  if (decision.ok) return;
  if (decision.reason === 'not_a_party' || (decision.reason === 'wrong_side' && action === 'answer'))
    throw new NotFoundError(BOOKING_MESSAGES.notFound);
  throw new ConflictError(NOT_NOW[action]);
}

export async function getBooking(db: Database, viewer: Viewer, id: number): Promise<Booking> {
  await q.completeFinished(db, viewer.user.id);
  return toBooking(await findVisible(db, id, viewer));
}

export async function listBookings(
  db: Database,
  viewer: Viewer,
  query: { as: 'crew' | 'requester'; status?: BookingStatus | undefined },
): Promise<Booking[]> {
  await q.completeFinished(db, viewer.user.id);
  return (await q.listNamed(db, viewer.user.id, query.as, query.status)).map(toBooking);
}

/**
 * A booking request, or a first or second hold (Premium). A first hold on days another
 * production already holds first is refused: that is what a second hold is for. The crew member
 * gets a booking_request either way. Someone who blocked the requester, or is suspended, cannot be
 * booked or held (they are "not found").
 */
export async function createBooking(
  db: Database,
  viewer: Viewer,
  input: CreateBookingRequest,
): Promise<Booking> {
  assertPremium(viewer, 'bookings');
  const me = viewer.user;
  if (!canBookCrew(me.id, input.crewId)) throw new BadRequestError(BOOKING_MESSAGES.self);
  // A day of slack: "today" is already tomorrow somewhere.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  if (input.startDate < yesterday)
    throw new BadRequestError(BOOKING_MESSAGES.past, { startDate: BOOKING_MESSAGES.past });
  await assertReachable(db, me.id, input.crewId, {
    notFound: BOOKING_MESSAGES.crewNotFound,
    unblockFirst: BOOKING_MESSAGES.unblockFirst,
  });
  const role = (await getRolesById(db)).get(input.roleId);
  if (!role) throw new NotFoundError(BOOKING_MESSAGES.roleNotFound);
  const status: BookingStatus = input.hold
    ? input.hold === 'first'
      ? 'hold_first'
      : 'hold_second'
    : 'requested';
  const id = await db.transaction(async (tx) => {
    if (input.teamId !== undefined)
      await assertOwnPosition(tx, me.id, { ...input, teamId: input.teamId }, BOOKING_MESSAGES);
    await q.lockCrewCalendar(tx, input.crewId);
    if (status === 'hold_first' && (await q.overlapping(tx, input.crewId, input, ['hold_first'])).length > 0)
      throw new ConflictError(BOOKING_MESSAGES.firstHoldTaken);
    const row = await q.insertBooking(tx, {
      requesterId: me.id,
      crewId: input.crewId,
      roleId: role.id,
      startDate: input.startDate,
      endDate: input.endDate,
      rate: input.rate,
      currency: input.currency,
      message: input.message,
      teamId: input.teamId ?? null,
      positionId: input.positionId ?? null,
      status,
    });
    const what = input.hold ? `put a ${input.hold} hold on you` : 'wants to book you';
    await notify(
      tx,
      input.crewId,
      'booking_request',
      input.hold ? 'New hold' : 'Booking request',
      `${personName(me)} ${what} as ${role.name}, ${span(input)}, at ${formatMoney(input.rate, input.currency)} a day.`,
      { bookingId: row.id, requesterId: me.id, amount: input.rate / 100 },
    );
    return row.id;
  });
  return getBooking(db, viewer, id);
}

/**
 * SPEC §7: the crew member accepts or declines. Accepting takes the days: under the crew
 * member's calendar lock, an accepted booking on overlapping days is a 409 naming them (so two
 * accepts of the same days at once end with exactly one), and so is another production's first
 * hold, which outranks this one until it is released.
 */
export async function answerBooking(
  db: Database,
  publish: Publish,
  viewer: Viewer,
  id: number,
  accept: boolean,
  notificationId?: number,
): Promise<Booking> {
  const me = viewer.user;
  await db.transaction(async (tx) => {
    // Only the viewer's own calendar is locked before the booking is read: whoever asks, it is
    // the locked row that answers (someone else's booking is not found, its state now counts).
    await q.lockCrewCalendar(tx, me.id);
    const booking = await q.lockBooking(tx, id);
    assertMay(viewer, 'answer', booking);
    if (accept) {
      const [taken] = await q.overlapping(tx, me.id, booking, ['accepted'], booking.id);
      if (taken)
        throw new ConflictError(
          `You are already booked ${span(taken)}: these days overlap (${span(booking)})`,
        );
      const outranking = (await q.overlapping(tx, me.id, booking, ['hold_first'], booking.id)).find(
        (hold) => hold.requesterId !== booking.requesterId,
      );
      if (booking.status !== 'hold_first' && outranking) throw new ConflictError(BOOKING_MESSAGES.outranked);
    }
    await q.setStatus(tx, id, accept ? 'accepted' : 'declined');
    if (accept && booking.teamId !== null)
      await joinFromBooking(tx, { teamId: booking.teamId, crewId: me.id, positionId: booking.positionId });
    await notify(
      tx,
      booking.requesterId,
      'system',
      accept ? 'Booking accepted' : 'Booking declined',
      `${personName(me)} ${accept ? 'accepted' : 'declined'} your booking for ${span(booking)}.`,
      { bookingId: id },
    );
  });
  if (notificationId !== undefined) {
    await markRead(db, publish, me.id, notificationId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
  }
  return getBooking(db, viewer, id);
}

/** Either party calls it off before it is paid; a released first hold moves the next one up. */
export async function cancelBooking(db: Database, viewer: Viewer, id: number): Promise<Booking> {
  await db.transaction(async (tx) => {
    const booking = await q.lockBooking(tx, id);
    assertMay(viewer, 'cancel', booking);
    await q.lockCrewCalendar(tx, booking.crewId);
    await q.setStatus(tx, id, 'cancelled');
    await notify(
      tx,
      otherParty(viewer.user.id, booking),
      'system',
      'Booking cancelled',
      `${personName(viewer.user)} cancelled the booking for ${span(booking)}.`,
      {
        bookingId: id,
      },
    );
    if (booking.status === 'hold_first') await promoteSecondHold(tx, booking);
  });
  return getBooking(db, viewer, id);
}

/** The requester lets go of a hold; if it was a first hold, the oldest overlapping second hold becomes first. */
export async function releaseHold(db: Database, viewer: Viewer, id: number): Promise<Booking> {
  await db.transaction(async (tx) => {
    const booking = await q.lockBooking(tx, id);
    assertMay(viewer, 'release', booking);
    await q.lockCrewCalendar(tx, booking.crewId);
    await q.setStatus(tx, id, 'cancelled');
    await notify(
      tx,
      booking.crewId,
      'system',
      'Hold released',
      `${personName(viewer.user)} released their hold on ${span(booking)}.`,
      {
        bookingId: id,
      },
    );
    if (booking.status === 'hold_first') await promoteSecondHold(tx, booking);
  });
  return getBooking(db, viewer, id);
}

/** Film custom: when a first hold goes, the second on those days is offered the slot. */
async function promoteSecondHold(tx: q.Executor, released: q.BookingRow) {
  const [next] = await q.overlapping(tx, released.crewId, released, ['hold_second']);
  if (!next) return;
  await q.setStatus(tx, next.id, 'hold_first');
  await notify(
    tx,
    next.requesterId,
    'system',
    'Your hold is now first',
    `Your second hold on ${span(next)} is now the first hold.`,
    {
      bookingId: next.id,
    },
  );
  await notify(
    tx,
    next.crewId,
    'booking_request',
    'A hold moved up',
    `A second hold on ${span(next)} is now the first hold.`,
    {
      bookingId: next.id,
      requesterId: next.requesterId,
    },
  );
}

/**
 * The requester pays a booking the crew member accepted (during or after the shoot). The demo
 * provider takes it at once; Stripe sends the payer to Checkout, and its webhook settles it.
 */
export async function payBooking(
  db: Database,
  provider: PaymentProvider,
  viewer: Viewer,
  id: number,
): Promise<PayBookingResponse> {
  const row = await findVisible(db, id, viewer);
  const b = row.booking;
  assertMay(viewer, 'pay', b);
  const checkout = await callProvider(() =>
    provider.startPaymentCheckout({
      email: viewer.user.email,
      description: bookingLine(row),
      amount: b.rate * dayCount(b),
      currency: b.currency,
      metadata: { kind: 'booking', bookingId: String(b.id) },
      successPath: `/bookings/${b.id}?paid=1`,
      cancelPath: `/bookings/${b.id}`,
    }),
  );
  if (checkout) return { url: checkout.url };
  const paymentId = await db.transaction((tx) => settleBookingPayment(tx, id, { provider: 'demo' }));
  if (paymentId === null) throw new ConflictError(BOOKING_MESSAGES.notPayable);
  return { paymentId };
}

const bookingLine = (row: q.NamedBooking) => {
  const days = dayCount(row.booking);
  return `${row.role.name}, ${personName(row.crew)}: ${days} ${days === 1 ? 'day' : 'days'} at ${formatMoney(row.booking.rate, row.booking.currency)}`;
};

/**
 * The one way a booking becomes paid, whoever took the money: in the caller's transaction, the
 * booking is marked paid and recordPayment writes the payment, its invoice number and
 * payment_received to both the payer and the crew member. Null when it was paid already (a
 * replayed webhook) or cannot be paid.
 */
export async function settleBookingPayment(
  tx: q.Executor,
  id: number,
  charge: { provider: 'demo' | 'stripe'; providerPaymentId?: string },
): Promise<number | null> {
  const booking = await q.lockBooking(tx, id);
  if (!booking || !canActOnBooking(booking.requesterId, 'pay', booking)) return null;
  const row = await q.findNamed(tx, id);
  if (!row) return null;
  await q.setStatus(tx, id, booking.status, { paidAt: new Date() });
  return recordPayment(tx, {
    userId: booking.requesterId,
    payeeId: booking.crewId,
    kind: 'booking',
    description: bookingLine(row),
    amount: booking.rate * dayCount(booking),
    currency: booking.currency,
    provider: charge.provider,
    providerPaymentId: charge.providerPaymentId ?? null,
    periodStart: new Date(`${booking.startDate}T00:00:00Z`),
    periodEnd: new Date(`${booking.endDate}T00:00:00Z`),
  });
}

/** Busy, held, unavailable or free for each day: never who booked or held it. */
export async function availability(
  db: Database,
  userId: number,
  from: string,
  to: string,
): Promise<Availability> {
  if (!(await findMember(db, userId))) throw new NotFoundError(BOOKING_MESSAGES.crewNotFound);
  const days = await q.calendarDays(db, userId, from, to);
  return { days: days.map(({ day, status }) => ({ date: day, status })) };
}

export async function setUnavailableDays(db: Database, viewer: Viewer, days: string[]): Promise<void> {
  await db.transaction((tx) => q.replaceUnavailableDays(tx, viewer.user.id, days));
}

export async function getUnavailableDays(db: Database, viewer: Viewer): Promise<{ days: string[] }> {
  return { days: await q.futureUnavailableDays(db, viewer.user.id) };
}

/** The minute sweep: accepted bookings whose days are over become completed. */
export const completeFinishedBookings = (db: Database) => q.completeFinished(db);
