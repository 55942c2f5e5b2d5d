import { lazy, Suspense, useState } from 'react';
import { useViewer } from '#client/features/auth/api.ts';

const Realtime = lazy(() => import('./realtime.tsx').then((module) => ({ default: module.Realtime })));

/**
 * Visitors have no socket, so the realtime client (and the schemas it checks messages with) is
 * fetched once someone signs in. It then stays mounted: it closes its socket itself on sign-out and
 * clears the caches when another member signs in.
 */
export function RealtimeSlot() {
  const user = useViewer();
  const [needed, setNeeded] = useState(false);
  if (user && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Realtime />
    </Suspense>
  );
}
