import { personName } from '#common/people';
import {
  canAnswerRequest,
  connectionStatus,
  declinedUntil,
  isOtherMember,
  type RequestRefusal,
  removeDecision,
  requestDecision,
} from '#common/policies/connections';
import {
  CONNECTION_MESSAGES,
  type Connection,
  type ConnectionStatus,
  declinedRecentlyMessage,
} from '#common/schemas/connections';
import { loadContact, lockContactPair } from '#server/access/contact.ts';
import { premiumRequired } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '#server/errors.ts';
import { withdrawBookingsBetween } from '#server/features/bookings/index.ts';
import {
  type AskedNotification,
  deleteAsked,
  markRead,
  notify,
  type RealtimeEvent,
  resolveAsked,
} from '#server/features/notifications/index.ts';
import { crewCardsOf } from '#server/features/search/index.ts';
import { deleteInvitesBetween } from '#server/features/teams/index.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import * as q from './queries.ts';

type Viewer = Pick<RequestAuth, 'user'>;
type Publish = (event: RealtimeEvent) => void;

/** Someone else, who exists: both as the contact policy sees them. */
async function otherMember(db: q.Executor, me: number, userId: number) {
  if (!isOtherMember(me, userId)) throw new BadRequestError(CONNECTION_MESSAGES.self);
  const contact = await loadContact(db, me, userId);
  if (!contact.other) throw new NotFoundError(CONNECTION_MESSAGES.notFound);
  return { me: contact.me, other: contact.other };
}

/** Asking someone one has blocked answers where things stand, as the status does; the rest is refused. */
function refuseRequest(reason: RequestRefusal): 'blocked' {
  if (reason === 'blocked_by_you') return 'blocked';
  if (reason === 'premium') throw premiumRequired('connections');
  if (reason === 'self') throw new BadRequestError(CONNECTION_MESSAGES.self);
  throw new NotFoundError(CONNECTION_MESSAGES.notFound);
}

/**
 * A connection request (Premium). Asking again, or asking someone already connected, answers
 * where things stand and sends nothing. Asking someone whose request is waiting on me accepts it.
 * A member who blocked me, or whom staff suspended, cannot be asked (they are "not found").
 */
export async function requestConnection(
  db: Database,
  viewer: Viewer,
  userId: number,
): Promise<ConnectionStatus> {
  const me = viewer.user;
  return db.transaction(async (tx) => {
    await lockContactPair(tx, me.id, userId);
    const { me: mine, other } = await loadContact(tx, me.id, userId);
    const decision = requestDecision({ ...mine, isSubscribed: me.isSubscribed }, other);
    if (!decision.ok || !other) return refuseRequest(decision.ok ? 'not_found' : decision.reason);
    const row = await q.findPair(tx, me.id, userId, true);
    const name = personName(me);
    if (!row) {
      await q.insertRequest(tx, me.id, userId);
      await notify(
        tx,
        userId,
        'connection_request',
        'Connection request',
        `${name} wants to connect with you.`,
        {
          requesterId: me.id,
        },
      );
      return 'pending_out';
    }
    const standing = connectionStatus(mine, other, row);
    if (standing === 'connected' || standing === 'pending_out') return standing;
    if (standing === 'pending_in') {
      await q.setStatus(tx, row.id, 'accepted');
      await notifyAccepted(tx, userId, me);
      // Asking back accepts their request: its notification shows so, and is read (issue 31).
      await resolveAsked(tx, [askedOf(me.id, userId)], { answeredBy: me.id });
      return 'connected';
    }
    // I declined them once and now ask myself: a fresh request the other way.
    await q.reverseRequest(tx, row.id, me.id, userId);
    await notify(
      tx,
      userId,
      'connection_request',
      'Connection request',
      `${name} wants to connect with you.`,
      {
        requesterId: me.id,
      },
    );
    return 'pending_out';
  });
}

/** Issue 31: the connection_request notification `requesterId` sent to `addresseeId`. */
const askedOf = (addresseeId: number, requesterId: number) => ({
  userId: addresseeId,
  type: 'connection_request' as const,
  data: { requesterId },
});

function notifyAccepted(tx: q.Executor, requesterId: number, me: Viewer['user']) {
  return notify(
    tx,
    requesterId,
    'system',
    'Connection accepted',
    `${personName(me)} accepted your connection request.`,
    { requesterId: me.id },
  );
}

/** SPEC §7: accept or decline a request waiting on me (free). The notification that asked is read. */
export async function answerRequest(
  db: Database,
  publish: Publish,
  viewer: Viewer,
  answer: { requesterId: number; notificationId?: number | undefined },
  accept: boolean,
): Promise<ConnectionStatus> {
  const me = viewer.user;
  const status = await db.transaction(async (tx) => {
    const row = await q.findPair(tx, me.id, answer.requesterId, true);
    if (row?.status === 'accepted') return 'connected';
    if (!row || !canAnswerRequest(me.id, answer.requesterId, row)) {
      throw new NotFoundError(CONNECTION_MESSAGES.noRequest);
    }
    await q.setStatus(tx, row.id, accept ? 'accepted' : 'declined');
    if (accept) await notifyAccepted(tx, answer.requesterId, me);
    // Answered from the connections page too: the request's notification shows it, and is read.
    await resolveAsked(tx, [askedOf(me.id, answer.requesterId)], { answeredBy: me.id });
    return accept ? 'connected' : 'none';
  });
  if (answer.notificationId !== undefined) {
    await markRead(db, publish, me.id, answer.notificationId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
  }
  return status;
}

/**
 * Removes a connection, or withdraws my own request. A request declined less than
 * LIMITS.connectionDeclineDays ago is not withdrawn (409 naming the day): withdrawing it would
 * let me send it again at once.
 */
export async function removeConnection(db: Database, viewer: Viewer, userId: number): Promise<void> {
  const me = viewer.user.id;
  await db.transaction(async (tx) => {
    const row = await q.findPair(tx, me, userId, true);
    const decision = removeDecision(me, row);
    if (!decision.ok || !row) {
      const until = row && declinedUntil(row);
      if (decision.ok === false && decision.reason === 'declined_recently' && until)
        throw new ConflictError(declinedRecentlyMessage(until));
      throw new NotFoundError(CONNECTION_MESSAGES.notConnected);
    }
    await q.deleteById(tx, row.id);
  });
}

async function withCards(db: Database, rows: { otherId: number; since: Date }[]): Promise<Connection[]> {
  const cards = new Map(
    (
      await crewCardsOf(
        db,
        rows.map((row) => row.otherId),
      )
    ).map((card) => [card.id, card]),
  );
  return rows.flatMap((row) => {
    const person = cards.get(row.otherId);
    return person ? [{ person, since: new Date(row.since).toISOString() }] : [];
  });
}

export async function listConnections(db: Database, viewer: Viewer): Promise<Connection[]> {
  return withCards(db, await q.listAccepted(db, viewer.user.id));
}

export async function listRequests(db: Database, viewer: Viewer) {
  const { incoming, outgoing } = await q.listRequests(db, viewer.user.id);
  return { incoming: await withCards(db, incoming), outgoing: await withCards(db, outgoing) };
}

export async function getStatus(db: Database, viewer: Viewer, userId: number): Promise<ConnectionStatus> {
  const { me, other } = await otherMember(db, viewer.user.id, userId);
  return connectionStatus(me, other, await q.findPair(db, me.id, other.id));
}

/**
 * Blocking ends any connection or request between the two; the blocked member cannot reach me.
 * Whatever was still waiting for an answer between them, either way, is withdrawn in the same
 * transaction (issue 30): booking requests and holds are cancelled, team invitations and the
 * connection request removed, and the notifications that asked them go, so none can be answered.
 * A declined request stays: blocking does not wipe the decline (see withdrawDecision).
 */
export async function block(
  db: Database,
  publish: Publish,
  viewer: Viewer,
  userId: number,
): Promise<ConnectionStatus> {
  const me = viewer.user.id;
  await otherMember(db, me, userId);
  const touched = await db.transaction(async (tx) => {
    await lockContactPair(tx, me, userId);
    await q.insertBlock(tx, me, userId);
    const pending = await q.deletePairUndeclined(tx, me, userId);
    const withdrawn = await withdrawBookingsBetween(tx, me, userId);
    const invites = await deleteInvitesBetween(tx, me, userId);
    const asked: AskedNotification[] = [
      ...pending.map((row) => ({
        userId: row.addresseeId,
        type: 'connection_request' as const,
        data: { requesterId: row.requesterId },
      })),
      ...withdrawn.map((row) => ({
        userId: row.crewId,
        type: 'booking_request' as const,
        data: { bookingId: row.id },
      })),
      ...invites.map((row) => ({
        userId: row.userId,
        type: 'team_invite' as const,
        data: { teamId: row.teamId },
      })),
    ];
    return deleteAsked(tx, asked);
  });
  for (const userId of touched) publish({ k: 'c', u: userId });
  return 'blocked';
}

export async function unblock(db: Database, viewer: Viewer, userId: number): Promise<void> {
  const removed = await q.deleteBlock(db, viewer.user.id, userId);
  if (removed.length === 0) throw new NotFoundError('You have not blocked this member');
}
