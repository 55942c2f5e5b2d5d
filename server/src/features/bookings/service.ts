import { DAY_MS } from '#common/day-range';
import { HOLD_LIMITS } from '#common/limits';
import { personName } from '#common/people';
import {
  type BookingAction,
  type BookingFacts,
  bookingDecision,
  canActOnBooking,
  canBookCrew,
  canViewBooking,
  otherParty,
  paymentPending,
} from '#common/policies/bookings';
import { formatMoney } from '#common/premium';
import {
  type Availability,
  BOOKING_MESSAGES,
  type Booking,
  type BookingListQuery,
  type BookingListResponse,
  type BookingStatus,
  type CreateBookingRequest,
  notWaitingMessage,
  type PayBookingResponse,
} from '#common/schemas/bookings';
import { assertReachable } from '#server/access/contact.ts';
import { assertPremium } from '#server/access/premium.ts';
import { findMember } from '#server/access/queries.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '#server/errors.ts';
import { markRead, notify, type RealtimeEvent, resolveAsked } from '#server/features/notifications/index.ts';
import { callProvider, type PaymentProvider, recordPayment } from '#server/features/payments/index.ts';
import { getRolesById } from '#server/features/roles/index.ts';
import { assertOwnPosition, joinFromBooking, leaveFromBooking } from '#server/features/teams/index.ts';
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
    holdAgreedAt: b.holdAgreedAt?.toISOString() ?? null,
    paidAt: b.paidAt?.toISOString() ?? null,
    paidWith: b.paidWith,
    paymentPendingUntil: paymentPending(b) && !b.paidAt ? (b.checkoutExpiresAt?.toISOString() ?? null) : null,
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

/** Issue 31: the crew member's booking_request notification that asked this booking or hold. */
const askedOf = (booking: { id: number; crewId: number }) => ({
  userId: booking.crewId,
  type: 'booking_request' as const,
  data: { bookingId: booking.id },
});

/** What each action answers when the booking is not in a state for it. */
const NOT_NOW: Record<BookingAction, string> = {
  answer: BOOKING_MESSAGES.notPending,
  cancel: BOOKING_MESSAGES.notCancellable,
  release: BOOKING_MESSAGES.notAHold,
  pay: BOOKING_MESSAGES.notPayable,
  confirm: BOOKING_MESSAGES.notConfirmable,
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
  if (decision.reason === 'payment_pending') throw new ConflictError(BOOKING_MESSAGES.paymentPending);
  throw new ConflictError(action === 'answer' ? notWaitingMessage(booking) : NOT_NOW[action]);
}

export async function getBooking(db: Database, viewer: Viewer, id: number): Promise<Booking> {
  await sweepHolds(db, viewer.user.id);
  await q.completeFinished(db, viewer.user.id);
  return toBooking(await findVisible(db, id, viewer));
}

export async function listBookings(
  db: Database,
  viewer: Viewer,
  query: BookingListQuery,
): Promise<BookingListResponse> {
  await sweepHolds(db, viewer.user.id);
  await q.completeFinished(db, viewer.user.id);
  const rows = await q.listNamed(db, viewer.user.id, query);
  const page = rows.slice(0, query.limit);
  return {
    bookings: page.map(toBooking),
    nextCursor: rows.length > query.limit ? (page.at(-1)?.booking.id ?? null) : null,
  };
}

/** A request still unanswered, or a hold asked for or agreed: a second one over it is refused. */
const WAITING_FOR_ANSWER_OR_HELD: BookingStatus[] = ['requested', 'hold_first', 'hold_second'];

/**
 * A booking request, or a request for a first or second hold (Premium). Either waits for the crew
 * member's answer and, until then, blocks nothing and shows on no calendar (issue 30: holds are
 * pencils), so other productions are refused nothing for the days here: a hold's rank is settled
 * when it is agreed. The requester's own request or hold over the same days is a 409 (issue 31).
 * The crew member gets a booking_request either way. Someone who blocked the requester, or is
 * suspended, cannot be booked or held (they are "not found").
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
  const role = (await getRolesById(db)).get(input.roleId);
  if (!role) throw new NotFoundError(BOOKING_MESSAGES.roleNotFound);
  const status: BookingStatus = input.hold
    ? input.hold === 'first'
      ? 'hold_first'
      : 'hold_second'
    : 'requested';
  const id = await db.transaction(async (tx) => {
    // In the transaction: a block of the pair at the same moment waits for it, or it for the block.
    await assertReachable(tx, me.id, input.crewId, {
      notFound: BOOKING_MESSAGES.crewNotFound,
      unblockFirst: BOOKING_MESSAGES.unblockFirst,
    });
    if (input.teamId !== undefined)
      await assertOwnPosition(tx, me.id, { ...input, teamId: input.teamId }, BOOKING_MESSAGES);
    // Issue 31: one production asks once for a person's days. Under the calendar lock (taken after
    // the contact pair's, as a block takes them), so two sends at once leave one request.
    await q.lockCrewCalendar(tx, input.crewId);
    const mine = await q.overlapping(tx, input.crewId, input, WAITING_FOR_ANSWER_OR_HELD);
    if (mine.some((b) => b.requesterId === me.id)) throw new ConflictError(BOOKING_MESSAGES.duplicateRequest);
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
    const what = input.hold ? `asks to put a ${input.hold} hold on you` : 'wants to book you';
    const pencil = input.hold
      ? ` Accept to pencil the days in; the hold lapses on ${lapseDay(row.createdAt)} unless it is confirmed into a booking.`
      : '';
    await notify(
      tx,
      input.crewId,
      'booking_request',
      input.hold ? 'Hold request' : 'Booking request',
      `${personName(me)} ${what} as ${role.name}, ${span(input)}, at ${formatMoney(input.rate, input.currency)} a day.${pencil}`,
      { bookingId: row.id, requesterId: me.id, amount: input.rate / 100 },
    );
    return row.id;
  });
  return getBooking(db, viewer, id);
}

/**
 * The one lock order of a crew member's calendar (issue 30): the calendar first, then the booking
 * row. The booking's crew member is read without a lock (it never changes), so every path that
 * changes a booking (answer, confirm, cancel, release, the lapse sweep) queues on the calendar
 * before it holds a row, and two of them never wait on each other crosswise.
 */
async function lockForChange(tx: q.Executor, id: number): Promise<q.BookingRow | undefined> {
  const crewId = await q.findCrewId(tx, id);
  if (crewId === undefined) return undefined;
  await q.lockCrewCalendar(tx, crewId);
  const booking = await q.lockBooking(tx, id);
  return booking?.crewId === crewId ? booking : undefined;
}

const isHold = (status: BookingStatus): status is 'hold_first' | 'hold_second' =>
  status === 'hold_first' || status === 'hold_second';
const rankName = (status: 'hold_first' | 'hold_second') => (status === 'hold_first' ? 'first' : 'second');
/** The day a hold made at `createdAt` lapses, unless it is confirmed into a booking first. */
const lapseDay = (createdAt: Date) =>
  new Date(createdAt.getTime() + HOLD_LIMITS.lapseDays * DAY_MS).toISOString().slice(0, 10);
/** A hold past its lapse that the sweep has not marked yet: it can no longer be agreed or confirmed. */
const holdLapsed = (b: q.BookingRow) =>
  isHold(b.status) && b.createdAt.getTime() <= Date.now() - HOLD_LIMITS.lapseDays * DAY_MS;

const alreadyBooked = (taken: q.BookingRow, booking: q.BookingRow, who: 'You are' | 'They are') =>
  `${who} already booked ${span(taken)}: these days overlap (${span(booking)})`;

/** Another production's agreed first hold on these days, which outranks anything else there. */
async function outrankingFirstHold(tx: q.Executor, booking: q.BookingRow) {
  const firsts = await q.overlappingAgreedHolds(tx, booking.crewId, booking, ['hold_first'], booking.id);
  return firsts.find((hold) => hold.requesterId !== booking.requesterId);
}

/**
 * SPEC §7: the crew member accepts or declines. Accepting a booking request takes the days: under
 * the crew member's calendar lock, an accepted booking on overlapping days is a 409 naming them (so
 * two accepts of the same days at once end with exactly one), and so is another production's
 * agreed first hold, which outranks it until it is released.
 *
 * Accepting a hold request agrees to the pencil; it is not a booking until the production confirms
 * it. Its rank is settled now, film custom: first unless an agreed first hold already covers any of
 * its days, second otherwise, whatever was asked for, and both sides are told.
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
    const booking = await lockForChange(tx, id);
    assertMay(viewer, 'answer', booking);
    // Issue 31: its request shows the answer, and is read (a refusal below rolls this back too).
    await resolveAsked(tx, [askedOf(booking)], { answeredBy: me.id });
    const hold = isHold(booking.status) ? booking.status : null;
    if (!accept) {
      await q.setStatus(tx, id, 'declined');
      await notify(
        tx,
        booking.requesterId,
        'system',
        hold ? 'Hold declined' : 'Booking declined',
        `${personName(me)} declined your ${hold ? 'hold' : 'booking'} for ${span(booking)}.`,
        { bookingId: id },
      );
      return;
    }
    if (holdLapsed(booking)) throw new ConflictError(BOOKING_MESSAGES.holdLapsed);
    const [taken] = await q.overlapping(tx, me.id, booking, ['accepted'], booking.id);
    if (taken) throw new ConflictError(alreadyBooked(taken, booking, 'You are'));
    if (hold) {
      const firsts = await q.overlappingAgreedHolds(tx, me.id, booking, ['hold_first'], booking.id);
      const rank = firsts.length > 0 ? 'hold_second' : 'hold_first';
      await q.agreeHold(tx, id, rank);
      const moved =
        rank === hold
          ? ''
          : rank === 'hold_second'
            ? ' Another production already holds some of these days first, so yours is the second hold: it moves up if that one is released.'
            : ' Nobody else holds these days, so yours is the first hold.';
      await notify(
        tx,
        booking.requesterId,
        'system',
        'Hold accepted',
        `${personName(me)} accepted your hold on ${span(booking)}: it is a ${rankName(rank)} hold.${moved} Confirm it into a booking by ${lapseDay(booking.createdAt)}, or it lapses.`,
        { bookingId: id },
      );
      if (rank !== hold)
        await notify(
          tx,
          me.id,
          'system',
          `The hold is ${rankName(rank)}`,
          rank === 'hold_second'
            ? `The hold you accepted on ${span(booking)} is a second hold: another production holds some of these days first.`
            : `The hold you accepted on ${span(booking)} is a first hold: nobody else holds these days.`,
          { bookingId: id },
        );
      return;
    }
    if (await outrankingFirstHold(tx, booking)) throw new ConflictError(BOOKING_MESSAGES.outranked);
    await q.setStatus(tx, id, 'accepted');
    if (booking.teamId !== null)
      await joinFromBooking(tx, {
        id,
        teamId: booking.teamId,
        crewId: me.id,
        positionId: booking.positionId,
      });
    await notify(
      tx,
      booking.requesterId,
      'system',
      'Booking accepted',
      `${personName(me)} accepted your booking for ${span(booking)}.`,
      { bookingId: id },
    );
  });
  if (notificationId !== undefined) await markReadIfMine(db, publish, me.id, notificationId);
  return getBooking(db, viewer, id);
}

/** SPEC §4: answering from a notification marks it read; someone else's notification is ignored. */
const markReadIfMine = (db: Database, publish: Publish, userId: number, notificationId: number) =>
  markRead(db, publish, userId, notificationId).catch((error: unknown) => {
    if (!(error instanceof NotFoundError)) throw error;
  });

/**
 * Issue 31: the production confirms a hold the crew member agreed to into a booking. Under the
 * calendar lock, an accepted booking on overlapping days is a 409 naming them, and so is another
 * production's agreed first hold over a second hold. The days become busy, the crew member is told,
 * and a booking for a team fills its position.
 */
export async function confirmHold(
  db: Database,
  publish: Publish,
  viewer: Viewer,
  id: number,
  notificationId?: number,
): Promise<Booking> {
  const me = viewer.user;
  await db.transaction(async (tx) => {
    const booking = await lockForChange(tx, id);
    assertMay(viewer, 'confirm', booking);
    await resolveAsked(tx, [askedOf(booking)]);
    if (holdLapsed(booking)) throw new ConflictError(BOOKING_MESSAGES.holdLapsed);
    const [taken] = await q.overlapping(tx, booking.crewId, booking, ['accepted'], booking.id);
    if (taken) throw new ConflictError(alreadyBooked(taken, booking, 'They are'));
    if (await outrankingFirstHold(tx, booking)) throw new ConflictError(BOOKING_MESSAGES.confirmOutranked);
    await q.setStatus(tx, id, 'accepted');
    if (booking.teamId !== null)
      await joinFromBooking(tx, {
        id,
        teamId: booking.teamId,
        crewId: booking.crewId,
        positionId: booking.positionId,
      });
    await notify(
      tx,
      booking.crewId,
      'system',
      'Hold confirmed',
      `${personName(me)} confirmed their hold on ${span(booking)}: you are booked for these days.`,
      { bookingId: id },
    );
  });
  if (notificationId !== undefined) await markReadIfMine(db, publish, me.id, notificationId);
  return getBooking(db, viewer, id);
}

/**
 * A booking that goes takes off the team membership it made (issue 30), or hands it to another
 * booking of the member for that team that still stands.
 */
async function leaveTeamOf(tx: q.Executor, booking: q.BookingRow) {
  if (booking.teamId === null) return;
  const next = await q.otherTeamBooking(tx, booking.teamId, booking.crewId, booking.id);
  await leaveFromBooking(
    tx,
    { id: booking.id, teamId: booking.teamId, crewId: booking.crewId },
    next?.id ?? null,
  );
}

/** Either party calls it off before it is paid; a released first hold moves the next one up. */
export async function cancelBooking(db: Database, viewer: Viewer, id: number): Promise<Booking> {
  await db.transaction(async (tx) => {
    const booking = await lockForChange(tx, id);
    assertMay(viewer, 'cancel', booking);
    await resolveAsked(tx, [askedOf(booking)], { answeredBy: viewer.user.id });
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
    await leaveTeamOf(tx, booking);
    await promoteSecondHolds(tx, booking);
  });
  return getBooking(db, viewer, id);
}

/**
 * Either party lets go of a hold, agreed or only asked for (issue 30: the crew member can release
 * any hold on them); the other is told. If it was an agreed first hold, second holds move up.
 */
export async function releaseHold(db: Database, viewer: Viewer, id: number): Promise<Booking> {
  await db.transaction(async (tx) => {
    const booking = await lockForChange(tx, id);
    assertMay(viewer, 'release', booking);
    await resolveAsked(tx, [askedOf(booking)], { answeredBy: viewer.user.id });
    await q.setStatus(tx, id, 'cancelled');
    const byCrew = viewer.user.id === booking.crewId;
    await notify(
      tx,
      otherParty(viewer.user.id, booking),
      'system',
      'Hold released',
      `${personName(viewer.user)} released ${byCrew ? 'your' : 'their'} hold on ${span(booking)}.`,
      {
        bookingId: id,
      },
    );
    await promoteSecondHolds(tx, booking);
  });
  return getBooking(db, viewer, id);
}

/**
 * A block between `a` and `b` (issue 30) withdraws every request and hold still waiting between
 * them, either way, in the blocker's transaction. Both calendars are locked first (lowest id
 * first, the one lock order), so a withdrawn agreed first hold moves second holds up as a release
 * would. Nobody is told: that would reveal the block. Answers the bookings withdrawn.
 */
export async function withdrawBookingsBetween(tx: q.Executor, a: number, b: number): Promise<q.BookingRow[]> {
  for (const crewId of [Math.min(a, b), Math.max(a, b)]) await q.lockCrewCalendar(tx, crewId);
  const withdrawn = await q.withdrawWaitingBetween(tx, a, b);
  for (const booking of withdrawn) await promoteSecondHolds(tx, booking);
  return withdrawn;
}

/**
 * A member deleting their account (issue 33, ADR 026) withdraws their requests and holds still
 * waiting for an answer, either side, in the deletion's transaction; the other side is told as a
 * cancellation or release tells them, and a withdrawn agreed first hold moves second holds up.
 * Calendars are locked first, lowest id first (the one lock order). Accepted bookings stand.
 */
export async function withdrawBookingsOf(
  tx: q.Executor,
  member: { id: number; name: string },
): Promise<q.BookingRow[]> {
  for (const crewId of await q.waitingCrewIdsOf(tx, member.id)) await q.lockCrewCalendar(tx, crewId);
  const withdrawn = await q.withdrawWaitingOf(tx, member.id);
  for (const booking of withdrawn) {
    await resolveAsked(tx, [askedOf(booking)], { answeredBy: member.id });
    const hold = isHold(booking.status);
    await notify(
      tx,
      otherParty(member.id, booking),
      'system',
      hold ? 'Hold released' : 'Booking cancelled',
      `${member.name} closed their CrewBase account, so ${hold ? 'the hold' : 'the booking request'} for ${span(booking)} was cancelled.`,
      { bookingId: booking.id },
    );
    await promoteSecondHolds(tx, booking);
  }
  return withdrawn;
}

/**
 * Film custom: when an agreed first hold goes, the agreed second holds on its days are offered the
 * slot, oldest first, each only if no other agreed first hold covers any of its own days. So a
 * second hold spanning two first holds stays second until both are gone, and no two first holds
 * ever share a day. Runs under the crew member's calendar lock.
 */
async function promoteSecondHolds(tx: q.Executor, gone: q.BookingRow) {
  if (gone.status !== 'hold_first' || gone.holdAgreedAt === null) return;
  for (const next of await q.overlappingAgreedHolds(tx, gone.crewId, gone, ['hold_second'])) {
    // Holds promoted earlier in this loop count: they are first holds now.
    const firsts = await q.overlappingAgreedHolds(tx, next.crewId, next, ['hold_first'], gone.id);
    if (firsts.length > 0) continue;
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
      'system',
      'A hold moved up',
      `A second hold on ${span(next)} is now the first hold.`,
      {
        bookingId: next.id,
        requesterId: next.requesterId,
      },
    );
  }
}

/**
 * Holds lapse (issue 30): both sides are told HOLD_LIMITS.remindDaysBefore days before, once, and
 * again when a hold lapses HOLD_LIMITS.lapseDays after it was made without being confirmed. It is
 * then `expired`, and an agreed first hold that lapses moves second holds up. For everyone (the
 * minute sweep), or for one member's bookings before they are read.
 */
export async function sweepHolds(db: Database, userId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    for (const hold of await q.markHoldsReminded(tx, userId)) {
      const lapses = lapseDay(hold.createdAt);
      await notify(
        tx,
        hold.requesterId,
        'system',
        'Your hold lapses soon',
        `Your hold on ${span(hold)} lapses on ${lapses} unless you confirm it into a booking${hold.agreed ? '' : ' (the crew member has not accepted it yet)'}.`,
        { bookingId: hold.id },
      );
      await notify(
        tx,
        hold.crewId,
        'system',
        'A hold lapses soon',
        `The hold on ${span(hold)} lapses on ${lapses} unless it is confirmed into a booking.`,
        { bookingId: hold.id },
      );
    }
  });
  for (const { id } of await q.lapsedHolds(db, userId)) {
    await db.transaction(async (tx) => {
      const booking = await lockForChange(tx, id);
      if (!booking || !holdLapsed(booking)) return;
      await q.setStatus(tx, id, 'expired');
      await resolveAsked(tx, [askedOf(booking)]);
      for (const who of [booking.requesterId, booking.crewId])
        await notify(
          tx,
          who,
          'system',
          'Hold lapsed',
          `The hold on ${span(booking)} lapsed: it was not confirmed into a booking within ${HOLD_LIMITS.lapseDays} days.`,
          { bookingId: id },
        );
      await promoteSecondHolds(tx, booking);
    });
  }
}

/** A checkout with less than this left is not handed out again: a new one replaces it. */
const CHECKOUT_REUSE_MARGIN_MS = 5 * 60_000;

/** The booking's open checkout, if it has long enough left to be paid. */
const openCheckoutUrl = (b: q.BookingRow, now = Date.now()) =>
  b.checkoutUrl && b.checkoutExpiresAt && b.checkoutExpiresAt.getTime() > now + CHECKOUT_REUSE_MARGIN_MS
    ? b.checkoutUrl
    : null;

/**
 * The requester pays a booking the crew member accepted (during or after the shoot). The demo
 * provider takes it at once; Stripe sends the payer to Checkout, and its webhook settles it. A
 * booking has one open checkout (issue 30): paying again while it is open sends the payer back to
 * it. The provider is called outside any transaction; its checkout is kept only if the booking is
 * still payable and no other checkout got there first (else it is closed, and the one that won is
 * answered).
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
  const open = openCheckoutUrl(b);
  if (open) return { url: open };
  if (provider.maxCharge !== null && b.rate * dayCount(b) > provider.maxCharge)
    throw new ConflictError(BOOKING_MESSAGES.overChargeLimit);
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
  if (checkout) {
    if (await q.saveCheckout(db, id, checkout, new Date(Date.now() + CHECKOUT_REUSE_MARGIN_MS)))
      return { url: checkout.url };
    // Lost to a concurrent /pay, or cancelled or paid meanwhile: this checkout must not be paid.
    await provider.expirePaymentCheckout(checkout.id).catch(() => undefined);
    const now = (await q.findNamed(db, id))?.booking;
    const winner = now && canActOnBooking(viewer.user.id, 'pay', now) ? openCheckoutUrl(now, 0) : null;
    if (winner) return { url: winner };
    throw new ConflictError(BOOKING_MESSAGES.notPayable);
  }
  // The demo provider: the charge is taken here, under the booking's lock, so it is never taken
  // for a booking that stopped being payable (no refund to make).
  const paymentId = await db.transaction(async (tx) => {
    const locked = await q.lockBooking(tx, id);
    if (!locked || !canActOnBooking(viewer.user.id, 'pay', locked)) return null;
    return settleBookingPayment(tx, id, { provider: 'demo' });
  });
  if (paymentId === null) throw new ConflictError(BOOKING_MESSAGES.notPayable);
  return { paymentId };
}

const bookingLine = (row: q.NamedBooking) => {
  const days = dayCount(row.booking);
  return `${row.role.name}, ${personName(row.crew)}: ${days} ${days === 1 ? 'day' : 'days'} at ${formatMoney(row.booking.rate, row.booking.currency)}`;
};

/** Why a charge that arrived for this booking is given back, or null when it pays it. */
function refundReason(booking: q.BookingRow): string | null {
  if (canActOnBooking(booking.requesterId, 'pay', booking)) return null;
  if (booking.paidAt) return 'the booking was paid already';
  if (booking.status === 'cancelled') return 'the booking was cancelled';
  if (booking.status === 'declined') return 'the booking was declined';
  return 'the booking could no longer be paid';
}

/**
 * The one way a charge for a booking is recorded, whoever took the money, in the caller's
 * transaction: the booking is marked paid and recordPayment writes the payment (its invoice
 * number and snapshot) and payment_received to both the payer and the crew member. A charge that
 * arrives for a booking that was cancelled or paid already is recorded all the same, with its
 * refund due (the demo provider's refunded at once), and both are told it will be refunded: money
 * taken is never dropped (issue 30). Null only when the provider's charge was recorded already (a
 * replay) or the booking does not exist.
 */
export async function settleBookingPayment(
  tx: q.Executor,
  id: number,
  charge: { provider: 'demo' | 'stripe'; providerPaymentId?: string },
): Promise<number | null> {
  const booking = await q.lockBooking(tx, id);
  if (!booking) return null;
  const row = await q.findNamed(tx, id);
  if (!row) return null;
  const refundBecause = refundReason(booking);
  const paymentId = await recordPayment(tx, {
    userId: booking.requesterId,
    payeeId: booking.crewId,
    kind: 'booking',
    description: bookingLine(row),
    amount: booking.rate * dayCount(booking),
    currency: booking.currency,
    provider: charge.provider,
    providerPaymentId: charge.providerPaymentId ?? null,
    bookingId: id,
    periodStart: new Date(`${booking.startDate}T00:00:00Z`),
    periodEnd: new Date(`${booking.endDate}T00:00:00Z`),
    team: row.team?.name ?? null,
    refundBecause,
  });
  if (paymentId !== null && refundBecause === null) await q.markPaid(tx, id, charge.provider);
  return paymentId;
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

/**
 * The minute sweep: holds past their time lapse (and are reminded of before), and accepted
 * bookings whose days are over become completed.
 */
export async function completeFinishedBookings(db: Database) {
  await sweepHolds(db);
  return q.completeFinished(db);
}
