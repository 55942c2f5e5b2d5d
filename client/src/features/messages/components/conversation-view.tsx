import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, RotateCw, SendHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { fullTime } from '#client/features/notifications/links.ts';
import { cn } from '#client/lib/cn.ts';
import { LIMITS } from '#common/limits';
import type { Message } from '#common/schemas/messages';
import { conversationQuery, messagesQuery, useMarkRead, useSendMessage } from '../api.ts';
import { participantName } from './conversation-list.tsx';
import { MessageText } from './message-text.tsx';

/** A message typed here, shown at once while it is sent, and kept with Retry if sending failed. */
interface Outgoing {
  key: number;
  body: string;
  failed: boolean;
}

export function ConversationView({ conversationId, meId }: { conversationId: number; meId: number }) {
  const conversation = useQuery(conversationQuery(conversationId));
  const messages = useInfiniteQuery(messagesQuery(conversationId));
  if (conversation.isError) {
    return (
      <div className="p-6">
        <EmptyState title={conversation.error.message}>
          <Link to="/messages" className="underline">
            All conversations
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (conversation.isPending || messages.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3 p-6">
        <span className="sr-only" role="status">
          Loading the conversation...
        </span>
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="ml-auto h-10 w-2/3" />
        <Skeleton className="h-10 w-1/3" />
      </div>
    );
  }
  if (messages.isError)
    return (
      <div className="p-6">
        <ErrorState message={messages.error.message} onRetry={() => void messages.refetch()} />
      </div>
    );
  const thread = [...messages.data.pages].reverse().flatMap((page) => page.messages);
  const readUpTo = Math.max(0, ...messages.data.pages.map((page) => page.readUpTo ?? 0));
  const name = participantName(conversation.data);
  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Link
          to="/messages"
          className="rounded-md p-1 hover:bg-muted md:hidden"
          aria-label="Back to conversations"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Link>
        <Avatar user={conversation.data.participant} size={36} />
        <h2 className="min-w-0 flex-1 truncate font-semibold">
          <Link to={`/profile/${conversation.data.participant.id}`} className="hover:underline">
            {name}
          </Link>
        </h2>
      </header>
      <Thread
        conversationId={conversationId}
        thread={thread}
        readUpTo={readUpTo}
        meId={meId}
        hasOlder={messages.hasNextPage}
        loadingOlder={messages.isFetchingNextPage}
        loadOlder={() => void messages.fetchNextPage()}
      />
    </div>
  );
}

function Thread({
  conversationId,
  thread,
  readUpTo,
  meId,
  hasOlder,
  loadingOlder,
  loadOlder,
}: {
  conversationId: number;
  thread: Message[];
  readUpTo: number;
  meId: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const [outbox, setOutbox] = useState<Outgoing[]>([]);
  const send = useSendMessage(conversationId);
  const markRead = useMarkRead(conversationId);
  const newest = thread.at(-1);
  const lastMarked = useRef(0);

  // Read when it is on screen: the newest message from the other side, once each.
  useEffect(() => {
    if (!newest || newest.senderId === meId || newest.id <= lastMarked.current) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || newest.id <= lastMarked.current) return;
      lastMarked.current = newest.id;
      markRead.mutate();
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newest, meId, markRead]);

  // New messages keep the view at the bottom; older ones loaded above keep the reader's place.
  const lastId = newest?.id ?? 0;
  const heightBefore = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages are added, which these name.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBefore.current > 0 && el.scrollTop < 50) el.scrollTop = el.scrollHeight - heightBefore.current;
    else el.scrollTop = el.scrollHeight;
    heightBefore.current = 0;
  }, [lastId, outbox.length, thread.length]);

  // Infinite scroll upward: reaching the top loads the page before.
  useEffect(() => {
    const el = top.current;
    if (!el || !hasOlder) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loadingOlder) {
        heightBefore.current = scroller.current?.scrollHeight ?? 0;
        loadOlder();
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, loadOlder]);

  const deliver = (item: Outgoing) => {
    setOutbox((all) => all.map((o) => (o.key === item.key ? { ...o, failed: false } : o)));
    send.mutate(item.body, {
      onSuccess: () => setOutbox((all) => all.filter((o) => o.key !== item.key)),
      onError: () => setOutbox((all) => all.map((o) => (o.key === item.key ? { ...o, failed: true } : o))),
    });
  };
  const lastReadMine = [...thread].reverse().find((m) => m.senderId === meId && m.id <= readUpTo);

  return (
    <>
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4"
        aria-live="polite"
        aria-relevant="additions"
      >
        <div ref={top} aria-hidden="true" />
        {hasOlder ? (
          <div className="mb-3 flex justify-center">
            <Button variant="ghost" size="sm" disabled={loadingOlder} onClick={loadOlder}>
              {loadingOlder ? 'Loading earlier messages...' : 'Earlier messages'}
            </Button>
          </div>
        ) : null}
        {thread.length === 0 && outbox.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No messages yet. Say hello.</p>
        ) : null}
        <ol aria-label="Messages" className="flex flex-col gap-2">
          {thread.map((message) => (
            <li
              key={message.id}
              className={cn('flex flex-col', message.senderId === meId ? 'items-end' : 'items-start')}
            >
              <Bubble mine={message.senderId === meId} title={fullTime(message.createdAt)}>
                <MessageText body={message.body} />
              </Bubble>
              {message.id === lastReadMine?.id ? (
                <span className="mt-0.5 text-xs text-muted-foreground" data-testid="read-receipt">
                  Read
                </span>
              ) : null}
            </li>
          ))}
          {outbox.map((item) => (
            <li key={item.key} className="flex flex-col items-end">
              <Bubble mine pending={!item.failed}>
                <MessageText body={item.body} />
              </Bubble>
              {item.failed ? (
                <span
                  className="mt-0.5 flex items-center gap-2 text-xs text-red-700 dark:text-red-400"
                  role="alert"
                >
                  Not sent.
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 font-semibold underline"
                    onClick={() => deliver(item)}
                  >
                    <RotateCw aria-hidden="true" className="size-3" /> Retry
                  </button>
                </span>
              ) : (
                <span className="mt-0.5 text-xs text-muted-foreground">Sending...</span>
              )}
            </li>
          ))}
        </ol>
      </div>
      <Composer
        onSend={(body) => {
          const item = { key: Date.now() + Math.random(), body, failed: false };
          setOutbox((all) => [...all, item]);
          deliver(item);
        }}
      />
    </>
  );
}

function Bubble({
  mine,
  pending = false,
  title,
  children,
}: {
  mine: boolean;
  pending?: boolean;
  title?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      title={title}
      className={cn(
        'max-w-[min(32rem,85%)] rounded-2xl px-3.5 py-2 text-sm',
        mine ? 'rounded-br-md bg-ink text-white dark:bg-slate-700' : 'rounded-bl-md bg-muted text-foreground',
        pending && 'opacity-70',
      )}
    >
      {children}
    </div>
  );
}

/** Enter sends, Shift+Enter starts a new line. */
function Composer({ onSend }: { onSend: (body: string) => void }) {
  const [body, setBody] = useState('');
  const tooLong = body.length > LIMITS.messageMax;
  const submit = () => {
    if (body.trim() === '' || tooLong) return;
    onSend(body);
    setBody('');
  };
  return (
    <form
      className="flex items-end gap-2 border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor="composer" className="sr-only">
          Write a message
        </label>
        <textarea
          id="composer"
          value={body}
          rows={1}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder="Write a message"
          className="max-h-40 min-h-10 resize-y rounded-lg border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus:border-ring"
          aria-describedby={
            body.length > LIMITS.messageMax - 500 ? 'composer-hint composer-count' : 'composer-hint'
          }
        />
        <span id="composer-hint" className="hidden text-xs text-muted-foreground md:block">
          Enter sends · Shift+Enter adds a line
        </span>
        {body.length > LIMITS.messageMax - 500 ? (
          <span
            id="composer-count"
            className={cn('text-xs', tooLong ? 'text-red-700' : 'text-muted-foreground')}
          >
            {body.length.toLocaleString('en')} / {LIMITS.messageMax.toLocaleString('en')} characters
          </span>
        ) : null}
      </div>
      <Button type="submit" size="icon" aria-label="Send" disabled={body.trim() === '' || tooLong}>
        <SendHorizontal aria-hidden="true" />
      </Button>
    </form>
  );
}
