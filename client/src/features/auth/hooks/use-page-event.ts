import { useEffect, useEffectEvent } from 'react';
import type { PageEvent } from '#client/lib/page-events.ts';

/** Runs `handler` whenever something on the page fires `event` (see lib/page-events.ts). */
export function usePageEvent(event: PageEvent, handler: () => void): void {
  const onEvent = useEffectEvent(handler);
  useEffect(() => {
    const listener = () => onEvent();
    window.addEventListener(event, listener);
    return () => window.removeEventListener(event, listener);
  }, [event]);
}
