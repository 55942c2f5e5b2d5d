import { useQuery } from '@tanstack/react-query';
import { Laptop, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { type DeviceKind, deviceName } from '#common/device-name';
import type { AccountSession } from '#common/schemas/auth';
import { accountSessionsQuery, errorText, useEndOtherSessions, useEndSession } from '../api.ts';

const ICONS: Record<DeviceKind, typeof Laptop> = { computer: Laptop, phone: Smartphone, tablet: Tablet };
/** A session's last use is written at most every five minutes (server/src/features/auth/service.ts). */
const RECENT_MS = 5 * 60_000;
const when = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const whenExactly = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

function lastActive(session: AccountSession): string {
  if (session.current || Date.now() - Date.parse(session.lastSeenAt) < RECENT_MS) return 'Active now';
  return `Last active ${whenExactly.format(new Date(session.lastSeenAt))}`;
}

function DeviceRow({
  session,
  ending,
  onSignOut,
}: {
  session: AccountSession;
  ending: boolean;
  onSignOut: () => void;
}) {
  const { name, kind } = deviceName(session.userAgent);
  const Icon = ICONS[kind];
  return (
    <li className="flex items-start gap-3 p-4">
      <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      {/* On a phone the button goes under the text, which then keeps the row's width. */}
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
            <span className="break-words">{name}</span>
            {session.current ? <Badge>This device</Badge> : null}
          </p>
          <p className="mt-1 text-sm text-muted-foreground">
            {lastActive(session)} · Signed in {when.format(new Date(session.createdAt))}
            {session.ip ? ` · ${session.ip}` : null}
          </p>
        </div>
        {session.current ? null : (
          <Button
            variant="outline"
            size="sm"
            className="shrink-0 self-start"
            disabled={ending}
            onClick={onSignOut}
            aria-label={`Sign out ${name}`}
          >
            {ending ? 'Signing out...' : 'Sign out'}
          </Button>
        )}
      </div>
    </li>
  );
}

/**
 * Where the member is signed in, with a way to end any other session, or all of them: the answer
 * to "I signed in on a friend's laptop" and to a session someone else may hold.
 */
export function YourDevices() {
  const sessions = useQuery(accountSessionsQuery);
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  if (sessions.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-3">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorText(sessions.error, 'Your devices could not be loaded.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  // Never empty: the session asking is in it.
  const list = sessions.data.sessions;
  const others = list.filter((session) => !session.current).length;
  return (
    <div className="flex flex-col gap-4">
      <ul aria-label="Signed-in devices" className="divide-y divide-border rounded-lg border border-border">
        {list.map((session) => (
          <DeviceRow
            key={session.id}
            session={session}
            ending={endSession.isPending && endSession.variables === session.id}
            onSignOut={() => endSession.mutate(session.id)}
          />
        ))}
      </ul>
      {others > 0 ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}
