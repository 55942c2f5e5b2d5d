import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isSeen, tourPageOf } from '../tips.ts';
import { useTooltips } from '../tour-context.ts';
import { TOUR_TIPS, type TourTip } from '../tour-tips.ts';
import { TourTipCard } from './tour-tip-card.tsx';

/** Another dialog (login, setup, a confirm) is open: the tour waits rather than cover it. */
function modalOpen(): boolean {
  return document.querySelector('[role="dialog"][data-state="open"]:not([data-tour-tip])') !== null;
}

/** The target is on the page and visible (the account menu is hidden on phones, for instance). */
function visibleTarget(tip: TourTip): HTMLElement | null {
  const element = document.getElementById(tip.elementId);
  if (!element) return null;
  const box = element.getBoundingClientRect();
  return box.width > 0 || box.height > 0 ? element : null;
}

function pick(pathname: string, requested: string | null): { tip: TourTip; target: HTMLElement } | null {
  if (modalOpen()) return null;
  const page = tourPageOf(pathname);
  const candidates = requested
    ? TOUR_TIPS.filter((tip) => tip.id === requested)
    : TOUR_TIPS.filter((tip) => tip.page === page && !isSeen(tip.id)).sort((a, b) => a.order - b.order);
  // SPEC §4: the first unseen tip of the page; one whose target is missing is hidden.
  for (const tip of candidates) {
    const target = visibleTarget(tip);
    if (target) return { tip, target };
  }
  return null;
}

/**
 * Shows the current page's first unseen tip, on load and after every navigation (back and forward
 * included). Targets may appear late (data still loading) and dialogs may open over the page, so the
 * choice is made again whenever the page's elements change.
 */
export default function TourHost() {
  const { pathname } = useLocation();
  const { requested, version } = useTooltips();
  const [domChanges, setDomChanges] = useState(0);
  const [current, setCurrent] = useState<ReturnType<typeof pick>>(null);

  useEffect(() => {
    let frame = 0;
    const observer = new MutationObserver(() => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        setDomChanges((n) => n + 1);
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: version and domChanges are the signals to choose again.
  useEffect(() => {
    const next = pick(pathname, requested);
    setCurrent((previous) =>
      previous?.tip.id === next?.tip.id && previous?.target === next?.target ? previous : next,
    );
  }, [pathname, requested, version, domChanges]);

  if (!current) return null;
  return <TourTipCard key={current.tip.id} tip={current.tip} target={current.target} />;
}
