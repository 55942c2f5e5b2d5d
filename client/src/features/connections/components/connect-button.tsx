import { useQuery } from '@tanstack/react-query';
import { Check, Clock, MessageSquare, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ComparePlansLink } from '#client/components/compare-plans-link.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { useViewer } from '#client/features/auth/api.ts';
import { useStartConversation } from '#client/features/messages/api.ts';
import { isOtherMember } from '#common/policies/connections';
import {
  connectionStatusQuery,
  useAnswerConnection,
  useRemoveConnection,
  useRequestConnection,
} from '../api.ts';

/**
 * Connect and Message on someone's profile. Asking to connect and starting a conversation need
 * Premium; a free member sees the server's message with a way to upgrade.
 */
export function ConnectAndMessage({ userId, name }: { userId: number; name: string }) {
  const me = useViewer();
  const someoneElse = me !== null && isOtherMember(me.id, userId);
  const status = useQuery({ ...connectionStatusQuery(userId), enabled: someoneElse });
  const request = useRequestConnection();
  const answer = useAnswerConnection();
  const withdraw = useRemoveConnection();
  const [writing, setWriting] = useState(false);
  if (!someoneElse) return null;
  const current = status.data?.status;
  const error = request.error ?? answer.error ?? withdraw.error;
  const busy = request.isPending || answer.isPending || withdraw.isPending;
  return (
    <div className="flex flex-col gap-2 self-start sm:self-center">
      <div className="flex flex-wrap gap-2">
        {current === 'connected' ? (
          <span
            className={buttonVariants({
              variant: 'outline',
              className: 'pointer-events-none bg-transparent text-white',
            })}
          >
            <Check aria-hidden="true" />
            Connected
          </span>
        ) : current === 'pending_out' ? (
          <Button
            variant="outline"
            className="bg-transparent text-white hover:text-foreground"
            disabled={busy}
            onClick={() => withdraw.mutate(userId)}
          >
            <Clock aria-hidden="true" />
            Request sent · Withdraw
          </Button>
        ) : current === 'pending_in' ? (
          <Button
            variant="brand"
            disabled={busy}
            onClick={() => answer.mutate({ requesterId: userId, accept: true })}
          >
            <Check aria-hidden="true" />
            Accept request
          </Button>
        ) : current === 'none' ? (
          <Button variant="brand" disabled={busy} onClick={() => request.mutate(userId)}>
            <UserPlus aria-hidden="true" />
            Connect
          </Button>
        ) : null}
        <Button
          variant="outline"
          className="bg-transparent text-white hover:text-foreground"
          onClick={() => setWriting(true)}
          aria-expanded={writing}
        >
          <MessageSquare aria-hidden="true" />
          Message
        </Button>
      </div>
      {error ? <PremiumAwareError message={error.message} /> : null}
      {writing ? <FirstMessage userId={userId} name={name} onClose={() => setWriting(false)} /> : null}
    </div>
  );
}

function PremiumAwareError({ message }: { message: string }) {
  return (
    <p role="alert" className="max-w-sm text-sm text-amber-200">
      {message}{' '}
      {message.includes('Premium') ? (
        <>
          <Link to="/subscription" className="font-semibold text-white underline underline-offset-4">
            Upgrade
          </Link>{' '}
          or <ComparePlansLink className="text-white" />
        </>
      ) : null}
    </p>
  );
}

/** The first message (or the next one, if the two already talk): sent, then the conversation opens. */
function FirstMessage({ userId, name, onClose }: { userId: number; name: string; onClose: () => void }) {
  const [body, setBody] = useState('');
  const start = useStartConversation();
  const navigate = useNavigate();
  return (
    <form
      className="flex w-full max-w-sm flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        start.mutate(
          { userId, body },
          { onSuccess: ({ conversation }) => void navigate(`/messages?conversation=${conversation.id}`) },
        );
      }}
    >
      <label htmlFor="first-message" className="text-sm text-slate-300">
        Message to {name}
      </label>
      <textarea
        id="first-message"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        rows={3}
        maxLength={5000}
        className="rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-400"
        placeholder="Hi! Are you available for…"
      />
      {start.error ? <PremiumAwareError message={start.error.message} /> : null}
      <div className="flex gap-2">
        <Button type="submit" variant="brand" size="sm" disabled={start.isPending || body.trim() === ''}>
          {start.isPending ? 'Sending...' : 'Send'}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="text-white hover:text-foreground"
          onClick={onClose}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
