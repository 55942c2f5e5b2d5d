import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { REALTIME_ERROR } from '../realtime/realtime-client.ts';
import { useRealtimeStatus } from '../realtime/use-realtime.ts';

const LOOK = {
  connected: { dot: 'bg-emerald-500', text: 'Live' },
  connecting: { dot: 'bg-amber-500 animate-pulse motion-reduce:animate-none', text: 'Connecting...' },
  closed: { dot: 'bg-slate-400', text: 'Offline' },
} as const;

/** SPEC §4: the tab's realtime connection, its error, and the manual reconnect. */
export function ConnectionStatus({ className }: { className?: string }) {
  const { state, error, reconnect } = useRealtimeStatus();
  const look = LOOK[state];
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
      <p role="status" className="inline-flex items-center gap-2 text-muted-foreground" data-state={state}>
        <span aria-hidden="true" className={cn('size-2 rounded-full', look.dot)} />
        <span>
          <span className="sr-only">Live updates: </span>
          {look.text}
          {error && state !== 'connected' ? (
            <span className="text-red-700 dark:text-red-400"> · {error}</span>
          ) : null}
        </span>
      </p>
      {state === 'closed' ? (
        <Button variant="outline" size="sm" onClick={reconnect}>
          <RefreshCw aria-hidden="true" />
          Reconnect
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A refusal no retry can fix (the server allows live updates from another address), said where
 * people look for live updates: otherwise the bell would just never move.
 */
export function LiveUpdatesRefused() {
  const { error } = useRealtimeStatus();
  if (error !== REALTIME_ERROR.originRefused) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 border-b border-border bg-amber-50 px-4 py-2 text-xs text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {error}: open the site at its usual address to see new notifications as they arrive.
    </p>
  );
}
