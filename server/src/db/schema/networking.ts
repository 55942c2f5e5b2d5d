import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberColumn } from './users.ts';

/**
 * One row per pair of members who asked to connect. `declined` is kept, and shows the requester
 * the request as still pending: nobody learns they were turned down, nor is pestered again.
 */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    requesterId: memberColumn('requester_id'),
    addresseeId: memberColumn('addressee_id'),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    // One row per pair, whichever of the two asked.
    uniqueIndex('connections_pair_idx').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('connections_addressee_idx').on(t.addresseeId, t.status),
    index('connections_requester_idx').on(t.requesterId, t.status),
    check('connections_not_self', sql`${t.requesterId} <> ${t.addresseeId}`),
  ],
);

export const blocks = pgTable(
  'blocks',
  {
    blockerId: memberColumn('blocker_id'),
    blockedId: memberColumn('blocked_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** One conversation per pair of members: `userLow` < `userHigh`. */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    userLow: memberColumn('user_low'),
    userHigh: memberColumn('user_high'),
    startedBy: memberColumn('started_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message's time: the list's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageId: integer('last_message_id'),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userLow, t.userHigh),
    check('conversations_ordered_pair', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** Each participant's side: their read receipt, and the list's order for them. */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: memberColumn('user_id'),
    /** The newest message this participant has read (their read receipt). */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Messages from the other side newer than the receipt: kept with each message and read, so
     * the header's total is a sum of these instead of a count over every conversation. */
    unreadCount: integer('unread_count').notNull().default(0),
    /** Copied from the conversation so one index serves "my conversations, newest first". */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the oldest message from the other side that is neither read nor mailed came; null
     * when none waits. Set with each message, cleared by reading and by the mail (issue 32). */
    mailDueSince: timestamp('mail_due_since', { withTimezone: true }),
    /** The newest message mailed (or passed over, unwanted) to this participant, and when. */
    mailedMessageId: integer('mailed_message_id').notNull().default(0),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_list_idx').on(t.userId, t.updatedAt, t.conversationId),
    // The minute sweep's question: "who has messages waiting for a mail?", only those rows.
    index('conversation_members_mail_due_idx').on(t.mailDueSince).where(sql`${t.mailDueSince} is not null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: memberColumn('sender_id'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_sender_recent_idx').on(t.senderId, t.createdAt),
  ],
);
