import { arrow, autoUpdate, computePosition, flip, offset, type Side, shift } from '@floating-ui/dom';
import { X } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '#client/components/ui/button.tsx';
import { Tooltip, TooltipGroup } from '#client/components/ui/tooltip.tsx';
import { useTooltips } from '../tour-context.ts';
import { TOUR_LAYOUT, TOUR_TIPS, type TourTip } from '../tour-tips.ts';

/** Room left between a tip scrolled into view and the edge of the window. */
const SCROLL_MARGIN_PX = 16;
/** The arrow: 14 px across its base, 7 px from base to point. */
const ARROW_BASE_PX = 14;
const ARROW_DEPTH_PX = 7;
/** The card's edge the arrow sits on, for each side of the target the card is on. */
const EDGE_OF: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };

/**
 * One tip beside its target. A non-modal dialog: focus moves to "Got it" so keyboard and screen
 * reader users meet it, Escape or the close button dismiss it, and the page stays usable around it.
 *
 * Placed with Floating UI (offset, flip to the other side, shift inside the window, arrow), in the
 * DOM directly: the card renders once and is moved without rendering again. Radix's popover did the
 * same with a focus scope, a dismissable layer and a presence machine, each setting state as it
 * mounted; the tip opens on a first visit while the page is still settling, where that was the
 * longest task left (ADR 022).
 */
export function TourTipCard({ tip, target }: { tip: TourTip; target: HTMLElement }) {
  const { dismiss, skipAll } = useTooltips();
  const titleId = useId();
  const bodyId = useId();
  const card = useRef<HTMLDivElement>(null);
  const pointer = useRef<SVGSVGElement>(null);
  const gotIt = useRef<HTMLButtonElement>(null);
  const across = tip.placement === 'left' || tip.placement === 'right';

  // The side the tip belongs on may have no room (below a target as tall as the hero, say): the page
  // is scrolled just enough to make room before the tip is placed; left to itself the tip would flip
  // to the other side, which may be above the top of the page, where no scrolling reaches it.
  useLayoutEffect(() => {
    const box = card.current;
    if (!box) return;
    const first = target.getBoundingClientRect();
    if (first.top < 0 || first.top > window.innerHeight) target.scrollIntoView({ block: 'center' });
    const room = TOUR_LAYOUT.offsetPx + box.offsetHeight + SCROLL_MARGIN_PX;
    const { top, bottom } = target.getBoundingClientRect();
    if (tip.placement === 'bottom' && bottom + room > window.innerHeight) {
      window.scrollBy({ top: bottom + room - window.innerHeight });
    } else if (tip.placement === 'top' && top - room < 0) {
      window.scrollBy({ top: top - room });
    }
  }, [target, tip.placement]);

  // Placed now and again whenever the page scrolls or resizes; shown (and focused) once placed.
  useLayoutEffect(() => {
    const box = card.current;
    const tail = pointer.current;
    if (!box || !tail) return;
    let placed = false;
    const place = () =>
      void computePosition(target, box, {
        placement: tip.placement,
        strategy: 'fixed',
        middleware: [
          offset(TOUR_LAYOUT.offsetPx),
          flip({ padding: TOUR_LAYOUT.viewportMarginPx }),
          shift({ padding: TOUR_LAYOUT.viewportMarginPx }),
          arrow({ element: tail, padding: 12 }),
        ],
      }).then(({ x, y, placement, middlewareData }) => {
        const side = placement.split('-')[0] as Side;
        box.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
        box.dataset.side = side;
        const edge = EDGE_OF[side];
        const along = middlewareData.arrow;
        Object.assign(tail.style, {
          left: along?.x === undefined ? '' : `${along.x}px`,
          top: along?.y === undefined ? '' : `${along.y}px`,
          right: '',
          bottom: '',
          [edge]: `${-ARROW_DEPTH_PX}px`,
          // Drawn pointing down (or right, across); turned round on the card's top (or left) edge.
          transform: edge === 'top' || edge === 'left' ? 'rotate(180deg)' : '',
        });
        if (placed) return;
        placed = true;
        box.style.visibility = 'visible';
        gotIt.current?.focus({ preventScroll: true });
      });
    return autoUpdate(target, box, place);
  }, [target, tip.placement]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) dismiss(tip.id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [dismiss, tip.id]);

  const onPage = TOUR_TIPS.filter((t) => t.page === tip.page);
  const step = onPage.findIndex((t) => t.id === tip.id) + 1;

  return createPortal(
    <div
      ref={card}
      role="dialog"
      tabIndex={-1}
      data-tour-tip=""
      data-state="open"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Hidden (still laid out, so it can be measured) until Floating UI has placed it.
      style={{ position: 'fixed', left: 0, top: 0, visibility: 'hidden' }}
      className="tour-tip z-40 flex w-80 max-w-[calc(100vw-10px)] flex-col gap-3 rounded-xl border border-border bg-card p-4 text-foreground shadow-xl outline-none"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          {onPage.length > 1 ? (
            <p className="text-xs font-medium text-muted-foreground">
              Tip {step} of {onPage.length}
            </p>
          ) : null}
          <h2 id={titleId} className="font-semibold">
            {tip.title}
          </h2>
        </div>
        <TooltipGroup>
          <Tooltip label="Close tip">
            <button
              type="button"
              aria-label="Close tip"
              onClick={() => dismiss(tip.id)}
              className="-mr-1 -mt-1 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </Tooltip>
        </TooltipGroup>
      </div>
      <p id={bodyId} className="text-sm leading-relaxed text-muted-foreground">
        {tip.content}
      </p>
      <div className="flex items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={skipAll}>
          Skip tour
        </Button>
        <Button ref={gotIt} size="sm" onClick={() => dismiss(tip.id)}>
          Got it
        </Button>
      </div>
      <svg
        ref={pointer}
        aria-hidden="true"
        className="absolute fill-card"
        width={across ? ARROW_DEPTH_PX : ARROW_BASE_PX}
        height={across ? ARROW_BASE_PX : ARROW_DEPTH_PX}
        viewBox={across ? '0 0 10 30' : '0 0 30 10'}
        preserveAspectRatio="none"
      >
        <polygon points={across ? '0,0 10,15 0,30' : '0,0 30,0 15,10'} />
      </svg>
    </div>,
    document.body,
  );
}
