import type { QueryClient } from '@tanstack/react-query';
import type { RealtimeHandlers } from '#client/features/notifications/realtime/use-realtime.ts';
import type { Message } from '#common/schemas/messages';
import {
  addMessage,
  type ConversationPages,
  conversationsQuery,
  type MessagePages,
  messagesQuery,
  unreadMessagesQuery,
} from './api.ts';

/**
 * A message arrived over /ws (either side's): the open conversation gets it, the list moves it to
 * the top with its preview, and the unread counts follow. A conversation the list does not hold
 * yet is fetched again.
 */
export function receiveMessage(client: QueryClient, message: Message, meId: number) {
  client.setQueryData<MessagePages>(messagesQuery(message.conversationId).queryKey, (pages) =>
    addMessage(pages, message),
  );
  const fromOther = message.senderId !== meId;
  let known = false;
  client.setQueryData<ConversationPages>(conversationsQuery.queryKey, (pages) => {
    if (!pages) return pages;
    const all = pages.pages.flatMap((page) => page.conversations);
    const found = all.find((c) => c.id === message.conversationId);
    if (!found) return pages;
    known = true;
    const updated = {
      ...found,
      lastMessage: message,
      updatedAt: message.createdAt,
      unreadCount: fromOther ? found.unreadCount + 1 : 0,
    };
    const [first, ...rest] = pages.pages.map((page) => ({
      ...page,
      conversations: page.conversations.filter((c) => c.id !== message.conversationId),
    }));
    return first
      ? { ...pages, pages: [{ ...first, conversations: [updated, ...first.conversations] }, ...rest] }
      : pages;
  });
  if (!known) void client.invalidateQueries({ queryKey: conversationsQuery.queryKey });
  if (fromOther) {
    client.setQueryData(unreadMessagesQuery.queryKey, (count) =>
      count ? { unreadCount: count.unreadCount + 1 } : count,
    );
  }
}

/** A read receipt: mine (another tab read it) clears the count; theirs marks my messages read. */
export function receiveRead(
  client: QueryClient,
  { conversationId, readerId, upTo }: { conversationId: number; readerId: number; upTo: number },
  meId: number,
) {
  if (readerId === meId) {
    void client.invalidateQueries({ queryKey: unreadMessagesQuery.queryKey });
    client.setQueryData<ConversationPages>(
      conversationsQuery.queryKey,
      (pages) =>
        pages && {
          ...pages,
          pages: pages.pages.map((page) => ({
            ...page,
            conversations: page.conversations.map((c) =>
              c.id === conversationId ? { ...c, unreadCount: 0 } : c,
            ),
          })),
        },
    );
    return;
  }
  const readAt = new Date().toISOString();
  client.setQueryData<MessagePages>(
    messagesQuery(conversationId).queryKey,
    (pages) =>
      pages && {
        ...pages,
        pages: pages.pages.map((page) => ({
          ...page,
          readUpTo: Math.max(page.readUpTo ?? 0, upTo),
          messages: page.messages.map((m) =>
            m.senderId === meId && m.id <= upTo && m.readAt === null ? { ...m, readAt } : m,
          ),
        })),
      },
  );
}

/** This feature's events on the tab's socket, which the app hands to the notifications feature's. */
export const messageEvents: RealtimeHandlers = {
  message: (client, { data }, userId) => receiveMessage(client, data, userId),
  messages_read: (client, { data }, userId) => receiveRead(client, data, userId),
};
