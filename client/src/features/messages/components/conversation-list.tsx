import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { timeAgo } from '#client/features/notifications/links.ts';
import { cn } from '#client/lib/cn.ts';
import { personName } from '#common/people';
import type { Conversation } from '#common/schemas/messages';
import { conversationsQuery } from '../api.ts';

export const participantName = (c: Pick<Conversation, 'participant'>) => personName(c.participant);

/** My conversations, newest first: unread ones bold with their count. */
export function ConversationList({ selectedId, meId }: { selectedId: number | null; meId: number }) {
  const list = useInfiniteQuery(conversationsQuery);
  if (list.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 p-4">
        <span className="sr-only" role="status">
          Loading conversations...
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
    );
  }
  if (list.isError)
    return (
      <div className="p-4">
        <ErrorState message={list.error.message} onRetry={() => void list.refetch()} />
      </div>
    );
  const conversations = list.data.pages.flatMap((page) => page.conversations);
  if (conversations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <MessageSquare aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="font-medium">No conversations yet</p>
        <p className="text-sm text-muted-foreground">
          Open a crew member's profile and choose Message to start one.
        </p>
      </div>
    );
  }
  return (
    <nav aria-label="Conversations">
      <ul className="divide-y divide-border">
        {conversations.map((c) => {
          const unread = c.unreadCount > 0;
          const preview = c.lastMessage
            ? `${c.lastMessage.senderId === meId ? 'You: ' : ''}${c.lastMessage.body}`
            : 'No messages yet';
          return (
            <li key={c.id}>
              <Link
                to={`/messages?conversation=${c.id}`}
                aria-current={c.id === selectedId ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 px-4 py-3 transition-colors hover:bg-muted',
                  c.id === selectedId && 'bg-muted',
                )}
              >
                <Avatar user={c.participant} size={40} />
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn('truncate', unread ? 'font-bold' : 'font-medium')}>
                      {participantName(c)}
                    </span>
                    <span className="shrink-0 text-xs text-muted-foreground">{timeAgo(c.updatedAt)}</span>
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span
                      className={cn(
                        'truncate text-sm',
                        unread ? 'font-semibold text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {preview}
                    </span>
                    {unread ? (
                      <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-ink">
                        <span className="sr-only">Unread messages: </span>
                        {c.unreadCount}
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {list.hasNextPage ? (
        <div className="p-3">
          <Button
            variant="ghost"
            size="sm"
            className="w-full"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? 'Loading...' : 'Older conversations'}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
