import { LIMITS } from '#common/limits';
import { personName } from '#common/people';
import type { ContactRefusal } from '#common/policies/contact';
import { conversationSides, readDecision, sendDecision, startDecision } from '#common/policies/messages';
import {
  type Conversation,
  type ConversationList,
  MESSAGE_MESSAGES,
  type Message,
  type MessageList,
} from '#common/schemas/messages';
import { loadContact } from '#server/access/contact.ts';
import { premiumRequired } from '#server/access/premium.ts';
import type { Database } from '#server/db/client.ts';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '#server/errors.ts';
import { announce, notify } from '#server/features/notifications/index.ts';
import type { RequestAuth } from '#server/http/request-auth.ts';
import * as q from './queries.ts';

type Viewer = Pick<RequestAuth, 'user'>;
type MessageRow = Awaited<ReturnType<typeof q.listMessages>>[number];

/** A message as one participant sees it: read when the other side's receipt covers it. */
function toMessage(
  row: Pick<MessageRow, 'id' | 'conversationId' | 'senderId' | 'body' | 'createdAt'>,
  receipts?: {
    me: number;
    mine: { lastRead: number; readAt: Date | null };
    other: { lastRead: number; readAt: Date | null };
  },
): Message {
  const receipt = receipts ? (row.senderId === receipts.me ? receipts.other : receipts.mine) : null;
  const read = receipt && row.id <= receipt.lastRead ? receipt.readAt : null;
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    body: row.body,
    createdAt: new Date(row.createdAt).toISOString(),
    readAt: read ? new Date(read).toISOString() : null,
  };
}

function toConversation(row: q.ConversationRow, me: number): Conversation {
  const receipts = {
    me,
    mine: { lastRead: row.my_last_read, readAt: row.my_read_at },
    other: { lastRead: row.other_last_read, readAt: row.other_read_at },
  };
  return {
    id: row.id,
    participant: {
      id: row.other_id,
      username: row.username,
      displayName: row.display_name,
      fallbackName: row.fallback_name,
      profileImage: row.profile_image,
    },
    lastMessage:
      row.m_id !== null && row.m_sender_id !== null && row.m_body !== null && row.m_created_at !== null
        ? toMessage(
            {
              id: row.m_id,
              conversationId: row.id,
              senderId: row.m_sender_id,
              body: row.m_body,
              createdAt: row.m_created_at,
            },
            receipts,
          )
        : null,
    unreadCount: row.unread,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The list's cursor: the last row's time and id, opaque to the client. */
const encodeCursor = (row: q.ConversationRow) =>
  Buffer.from(`${row.updated_at.toISOString()}|${row.id}`).toString('base64url');
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [updatedAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!updatedAt || Number.isNaN(Date.parse(updatedAt)) || !Number.isInteger(Number(id)))
    throw new BadRequestError('Not a valid cursor');
  return { updatedAt, id: Number(id) };
}

export async function listConversations(
  db: Database,
  viewer: Viewer,
  query: { cursor?: string | undefined; limit: number },
): Promise<ConversationList> {
  const me = viewer.user.id;
  const rows = await q.listConversations(db, me, {
    limit: query.limit + 1,
    after: decodeCursor(query.cursor),
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    conversations: page.map((row) => toConversation(row, me)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}

export async function getConversation(
  db: Database,
  viewer: Viewer,
  conversationId: number,
): Promise<Conversation> {
  const [row] = await q.listConversations(db, viewer.user.id, { limit: 1, only: conversationId });
  if (!row) throw new NotFoundError(MESSAGE_MESSAGES.conversationNotFound);
  return toConversation(row, viewer.user.id);
}

/**
 * A refusal of the messages policy as the client has always heard it: a conversation the viewer may
 * not read does not exist (a block stays hidden), a suspended partner is not found, and a member
 * who blocked the other is asked to unblock before writing.
 */
function refusal(reason: 'not_a_party' | ContactRefusal) {
  if (reason === 'blocked_by_you') return new ConflictError(MESSAGE_MESSAGES.unblockFirst);
  if (reason === 'suspended') return new NotFoundError(MESSAGE_MESSAGES.recipientNotFound);
  return new NotFoundError(MESSAGE_MESSAGES.conversationNotFound);
}

/** Both sides of the conversation, once the policy lets `me` read it (or write in it). */
async function sidesFor(db: q.Executor, conversationId: number, me: number, action: 'read' | 'send') {
  const members = await q.findMembers(db, conversationId);
  const decision = action === 'read' ? readDecision(me, members) : sendDecision(me, members);
  const sides = conversationSides(me, members);
  if (!decision.ok) throw refusal(decision.reason);
  if (!sides) throw refusal('not_a_party');
  return sides;
}

export async function listMessages(
  db: Database,
  viewer: Viewer,
  conversationId: number,
  query: { before?: number | undefined; limit: number },
): Promise<MessageList> {
  const me = viewer.user.id;
  const sides = await sidesFor(db, conversationId, me, 'read');
  const [rows, readUpTo] = await Promise.all([
    q.listMessages(db, conversationId, query.before, query.limit),
    q.newestReadOf(db, conversationId, me, sides.other.lastRead),
  ]);
  const receipts = { me, mine: sides.mine, other: sides.other };
  return {
    messages: rows
      .slice(0, query.limit)
      .reverse()
      .map((row) => toMessage(row, receipts)),
    hasMore: rows.length > query.limit,
    readUpTo,
  };
}

/**
 * Writes a message in one transaction: the message, the conversation's order, the recipient's
 * `message` notification (if they want those), and the announcement that puts it on both
 * participants' open tabs once it commits.
 */
async function deliver(
  tx: q.Executor,
  sender: Viewer['user'],
  conversationId: number,
  recipientId: number,
  body: string,
) {
  if ((await q.sentInLastMinute(tx, sender.id)) >= LIMITS.messagesPerMinute)
    throw new TooManyRequestsError(MESSAGE_MESSAGES.tooFast);
  const row = await q.insertMessage(tx, conversationId, sender.id, body);
  const preview = body.length > 140 ? `${body.slice(0, 139)}…` : body;
  await notify(tx, recipientId, 'message', `New message from ${personName(sender)}`, preview, {
    conversationId,
    senderId: sender.id,
  });
  await announce(tx, [
    { k: 'm', id: row.id, u: recipientId },
    { k: 'm', id: row.id, u: sender.id },
  ]);
  return toMessage(row);
}

export async function sendMessage(
  db: Database,
  viewer: Viewer,
  conversationId: number,
  body: string,
): Promise<Message> {
  return db.transaction(async (tx) => {
    const sides = await sidesFor(tx, conversationId, viewer.user.id, 'send');
    return deliver(tx, viewer.user, conversationId, sides.other.id, body);
  });
}

/** Before a conversation exists, a member who blocked the sender (or is suspended) is not found. */
function startRefusal(reason: 'self' | ContactRefusal | 'premium') {
  if (reason === 'self') return new BadRequestError(MESSAGE_MESSAGES.self);
  if (reason === 'premium') return premiumRequired('messages');
  if (reason === 'blocked_by_you') return new ConflictError(MESSAGE_MESSAGES.unblockFirst);
  return new NotFoundError(MESSAGE_MESSAGES.recipientNotFound);
}

/**
 * Starts a conversation (Premium), or writes in the one the two already have (anyone: free crew
 * can answer a Premium member who wrote to them first).
 */
export async function startConversation(
  db: Database,
  viewer: Viewer,
  recipientId: number,
  body: string,
): Promise<{ conversation: Conversation; message: Message; created: boolean }> {
  const me = viewer.user.id;
  const [contact, existing] = await Promise.all([
    loadContact(db, me, recipientId),
    q.findConversationWith(db, me, recipientId),
  ]);
  if (!contact.other) throw new NotFoundError(MESSAGE_MESSAGES.recipientNotFound);
  const decision = startDecision(
    { ...contact.me, isSubscribed: viewer.user.isSubscribed },
    contact.other,
    !!existing,
  );
  if (!decision.ok) throw startRefusal(decision.reason);
  const message = await db.transaction(async (tx) => {
    const conversationId = existing?.id ?? (await q.createConversation(tx, me, recipientId));
    return deliver(tx, viewer.user, conversationId, recipientId, body);
  });
  return {
    conversation: await getConversation(db, viewer, message.conversationId),
    message,
    created: !existing,
  };
}

/** My read receipt moves to the newest message; both participants' tabs hear of it. */
export async function markConversationRead(db: Database, viewer: Viewer, conversationId: number) {
  const me = viewer.user.id;
  await db.transaction(async (tx) => {
    const sides = await sidesFor(tx, conversationId, me, 'read');
    const upTo = await q.markRead(tx, conversationId, me);
    if (upTo !== null)
      await announce(tx, [
        { k: 'r', c: conversationId, r: me, m: upTo, u: sides.other.id },
        { k: 'r', c: conversationId, r: me, m: upTo, u: me },
      ]);
  });
  return { unreadCount: await q.unreadTotal(db, me) };
}

export async function unreadCount(db: Database, viewer: Viewer) {
  return { unreadCount: await q.unreadTotal(db, viewer.user.id) };
}

/** For the realtime hub: messages by id as they were written (nobody has read a new one yet). */
export async function messagesByIds(db: Database, ids: number[]): Promise<Message[]> {
  return (await q.messagesByIds(db, ids)).map((row) => toMessage(row));
}
