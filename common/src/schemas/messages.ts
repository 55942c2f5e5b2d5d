import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MAX_ID } from './ids.ts';
import { text } from './text.ts';

/** Direct messages (issue 17): one conversation per pair of members, plain text only. */
export const participantSchema = z.object({
  id: z.number().int(),
  username: text(),
  displayName: text().nullable(),
  /** Shown until a display name is set ("Sam O."): personName() in common/src/people.ts. */
  fallbackName: text(),
  profileImage: text().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  senderId: z.number().int(),
  /** Plain text: shown as text (links made clickable), never as HTML. */
  body: text(),
  createdAt: text(),
  /** When the other participant read it (their read receipt covers it); null while unread. */
  readAt: text().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.number().int(),
  participant: participantSchema,
  lastMessage: messageSchema.nullable(),
  unreadCount: z.number().int(),
  updatedAt: text(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListQuery = z.object({
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50, 'Limit must be at most 50').default(20),
});
export const conversationListResponse = z.object({
  conversations: z.array(conversationSchema),
  /** Pass as `cursor` for the next (older) page; null at the end. */
  nextCursor: text().nullable(),
});
export type ConversationList = z.infer<typeof conversationListResponse>;

const body = text({ error: 'Write a message' }, 'Messages cannot contain NUL characters')
  .refine((text) => text.trim().length > 0, 'Write a message')
  .refine(
    (text) => text.length <= LIMITS.messageMax,
    `Messages must be at most ${LIMITS.messageMax.toLocaleString('en')} characters`,
  );

export const startConversationRequest = z.object({
  userId: z.coerce.number({ error: 'Choose who to message' }).int().positive().max(MAX_ID),
  body,
});
export const startConversationResponse = z.object({
  conversation: conversationSchema,
  message: messageSchema,
});
export const sendMessageRequest = z.object({ body });

export const conversationParams = z.object({
  id: z.coerce
    .number({ error: 'Not a valid conversation id' })
    .int('Not a valid conversation id')
    .positive('Not a valid conversation id')
    .max(MAX_ID, 'Not a valid conversation id'),
});
export const messageListQuery = z.object({
  /** A message id: the page holds older messages than it. */
  before: z.coerce.number().int().positive().max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(100, 'Limit must be at most 100').default(30),
});
export const messageListResponse = z.object({
  /** Oldest first (newest last), as a conversation reads. */
  messages: z.array(messageSchema),
  /** Whether older messages exist before the first of these. */
  hasMore: z.boolean(),
  /** The other participant's read receipt: the newest of my messages they have read. */
  readUpTo: z.number().int().nullable(),
});
export type MessageList = z.infer<typeof messageListResponse>;
export const unreadMessagesResponse = z.object({ unreadCount: z.number().int() });

export const MESSAGE_MESSAGES = {
  conversationNotFound: 'Conversation not found',
  recipientNotFound: 'Member not found',
  self: 'You cannot message yourself',
  tooFast: 'You are sending messages too quickly. Please wait a moment.',
  unblockFirst: 'You have blocked this member: unblock them to send a message',
} as const;
