import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAGE_EVENTS } from '#client/lib/page-events.ts';
import { usePageSettled } from '#client/lib/page-settled.ts';
import { clearSeen, markSeen, TOUR_TIP_IDS, tourPageOf } from './tips.ts';
import { type TooltipApi, TooltipContext } from './tour-context.ts';

// The tips and their positioning load only on pages that have tips (or when one is asked for).
const TourHost = lazy(() => import('./components/tour-host.tsx'));

/**
 * The guided tour (SPEC §2, §4). The footer's "Replay the tour" asks
 * for a reset through a page event; the tour then starts again on the home page.
 *
 * The first tip waits until the page has loaded and the browser is idle (`usePageSettled`): its
 * popover (focus scope, positioning, fade) is a 60 ms task on this machine, about 250 ms on a slow
 * phone, which made the first seconds of a first visit, when the page hydrates and a first tap
 * comes, the slowest (ADR 022, session 12 addendum). A tip asked for by id shows at once.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  const [version, setVersion] = useState(0);
  const [requested, setRequested] = useState<string | null>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  const settled = usePageSettled();

  const api = useMemo<TooltipApi>(
    () => ({
      dismiss: (id) => {
        markSeen(id);
        setRequested(null);
        changed();
      },
      skipAll: () => {
        for (const id of TOUR_TIP_IDS) markSeen(id);
        setRequested(null);
        changed();
      },
      reset: () => {
        clearSeen();
        changed();
      },
      showTip: (id) => setRequested(id),
      requested,
      version,
    }),
    [changed, requested, version],
  );

  const replay = useEffectEvent(() => {
    api.reset();
    navigate('/');
  });
  useEffect(() => {
    const listener = () => replay();
    window.addEventListener(PAGE_EVENTS.replayTour, listener);
    return () => window.removeEventListener(PAGE_EVENTS.replayTour, listener);
  }, []);

  return (
    <TooltipContext.Provider value={api}>
      {children}
      {(settled && tourPageOf(pathname)) || requested ? (
        <Suspense fallback={null}>
          <TourHost />
        </Suspense>
      ) : null}
    </TooltipContext.Provider>
  );
}
