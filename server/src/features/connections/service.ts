import { personName } from '#common/people';
import {
  canAnswerRequest,
  canRemoveConnection,
  connectionStatus,
  isOtherMember,
  type RequestRefusal,
  requestDecision,
} from '#common/policies/connections';
import { CONNECTION_MESSAGES, type Connection, type ConnectionStatus } from '#common/schemas/connections';
import { loadContact } from '#server/access/contact.ts';
import { premiumRequired } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, NotFoundError } from '#server/errors.ts';
import { markRead, notify, type RealtimeEvent } from '#server/features/notifications/index.ts';
import { crewCardsOf } from '#server/features/search/index.ts';
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
    return accept ? 'connected' : 'none';
  });
  if (answer.notificationId !== undefined) {
    await markRead(db, publish, me.id, answer.notificationId).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
  }
  return status;
}

/** Removes a connection, or withdraws my own request. */
export async function removeConnection(db: Database, viewer: Viewer, userId: number): Promise<void> {
  const me = viewer.user.id;
  await db.transaction(async (tx) => {
    const row = await q.findPair(tx, me, userId, true);
    if (!row || !canRemoveConnection(me, row)) throw new NotFoundError(CONNECTION_MESSAGES.notConnected);
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

/** Blocking ends any connection or request between the two; the blocked member cannot reach me. */
export async function block(db: Database, viewer: Viewer, userId: number): Promise<ConnectionStatus> {
  const me = viewer.user.id;
  await otherMember(db, me, userId);
  await db.transaction(async (tx) => {
    await q.insertBlock(tx, me, userId);
    await q.deletePair(tx, me, userId);
  });
  return 'blocked';
}

export async function unblock(db: Database, viewer: Viewer, userId: number): Promise<void> {
  const removed = await q.deleteBlock(db, viewer.user.id, userId);
  if (removed.length === 0) throw new NotFoundError('You have not blocked this member');
}
