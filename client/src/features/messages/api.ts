import {
  type InfiniteData,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiSend, ClientRateLimitError } from '#client/lib/http.ts';
import type { Conversation, ConversationList, Message, MessageList } from '#common/schemas/messages';

export const CONVERSATIONS_PATH = '/api/conversations';
export const UNREAD_PATH = '/api/messages/unread-count';

export const conversationsQuery = infiniteQueryOptions({
  queryKey: [CONVERSATIONS_PATH],
  queryFn: ({ pageParam, signal }) =>
    apiGet<ConversationList>(CONVERSATIONS_PATH, pageParam ? { cursor: pageParam } : null, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export const conversationQuery = (id: number) =>
  queryOptions<Conversation>({ queryKey: [`${CONVERSATIONS_PATH}/${id}`] });

/** Pages from the newest back: page 0 holds the newest messages, each later page older ones. */
export const messagesQuery = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: [`${CONVERSATIONS_PATH}/${conversationId}/messages`],
    queryFn: ({ pageParam, signal }) =>
      apiGet<MessageList>(
        `${CONVERSATIONS_PATH}/${conversationId}/messages`,
        pageParam ? { before: pageParam } : null,
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.hasMore ? (last.messages[0]?.id ?? null) : null),
  });
export type MessagePages = InfiniteData<MessageList, unknown>;
export type ConversationPages = InfiniteData<ConversationList, unknown>;

export const unreadMessagesQuery = queryOptions<{ unreadCount: number }>({ queryKey: [UNREAD_PATH] });

/** A message written here: it joins the open conversation at once (realtime may bring it too). */
export function addMessage(pages: MessagePages | undefined, message: Message): MessagePages | undefined {
  if (!pages) return pages;
  if (pages.pages.some((page) => page.messages.some((m) => m.id === message.id))) return pages;
  const [newest, ...older] = pages.pages;
  if (!newest) return pages;
  return { ...pages, pages: [{ ...newest, messages: [...newest.messages, message] }, ...older] };
}

export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiSend<Message>('POST', `${CONVERSATIONS_PATH}/${conversationId}/messages`, { body }),
    onSuccess: (message) => {
      queryClient.setQueryData(messagesQuery(conversationId).queryKey, (pages) => addMessage(pages, message));
      void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
    },
  });
}

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; body: string }) =>
      apiSend<{ conversation: Conversation; message: Message }>('POST', CONVERSATIONS_PATH, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey }),
  });
}

export function useMarkRead(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiSend<{ unreadCount: number }>('POST', `${CONVERSATIONS_PATH}/${conversationId}/read`),
    // Nobody clicks to mark a thread read: opening it does, among a burst of other requests. When our
    // own limiter holds the call back (nothing was sent), it must go out a moment later, not be lost
    // and leave the sender without a read receipt. Marking read twice is harmless.
    retry: (failures, error) => error instanceof ClientRateLimitError && failures < 5,
    retryDelay: 1000,
    onSuccess: (result) => {
      queryClient.setQueryData(unreadMessagesQuery.queryKey, result);
      queryClient.setQueryData<ConversationPages>(
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
    },
  });
}
