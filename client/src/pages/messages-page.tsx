import { Navigate, useParams, useSearchParams } from 'react-router';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { ConversationList } from '#client/features/messages/components/conversation-list.tsx';
import { ConversationView } from '#client/features/messages/components/conversation-view.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/**
 * SPEC's /messages with ?conversation=id: the list and the open conversation side by side; on a
 * phone, the list, then the conversation with a way back.
 */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  const me = useSignedInUser();
  const [params] = useSearchParams();
  const id = Number(params.get('conversation'));
  const selected = Number.isInteger(id) && id > 0 ? id : null;
  return (
    <div className="mx-auto flex max-w-layout flex-col px-0 py-0 sm:px-6 sm:py-6">
      <h1
        className={cn(
          'px-4 pt-6 text-3xl font-bold tracking-tight sm:px-0 sm:pt-0',
          selected && 'hidden md:block',
        )}
      >
        Messages
      </h1>
      <div className="mt-4 grid h-[calc(100dvh-10rem)] min-h-[28rem] overflow-hidden border-border bg-card sm:rounded-2xl sm:border md:grid-cols-[20rem_1fr]">
        <div
          className={cn('min-h-0 overflow-y-auto border-border md:border-r', selected && 'hidden md:block')}
        >
          <ConversationList selectedId={selected} meId={me.id} />
        </div>
        <section aria-label="Conversation" className={cn('min-h-0', !selected && 'hidden md:block')}>
          {selected ? (
            <ConversationView key={selected} conversationId={selected} meId={me.id} />
          ) : (
            <p className="flex h-full items-center justify-center p-6 text-sm text-muted-foreground">
              Choose a conversation to read it.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

/** SPEC §9 sends a browser notification's click to /messages/{conversationId}. */
export function MessagesRedirect() {
  const { conversationId } = useParams();
  return <Navigate replace to={`/messages?conversation=${conversationId ?? ''}`} />;
}
