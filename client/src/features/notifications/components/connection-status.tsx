import { RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
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
