import { X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Tooltip, TooltipGroup } from '../../../components/ui/tooltip.tsx';
import { useTooltips } from '../tour-context.ts';
import { TOUR_LAYOUT, TOUR_TIPS, type TourTip } from '../tour-tips.ts';

/** Room left between a tip scrolled into view and the edge of the window. */
const SCROLL_MARGIN_PX = 16;

/**
 * One tip beside its target. A non-modal dialog: focus moves to "Got it" so keyboard and screen
 * reader users meet it, Escape or the close button dismiss it, and the page stays usable around it.
 */
export function TourTipCard({ tip, target }: { tip: TourTip; target: HTMLElement }) {
  const { dismiss, skipAll } = useTooltips();
  const titleId = useId();
  const bodyId = useId();
  const gotIt = useRef<HTMLButtonElement>(null);
  const anchor = useRef(target);
  anchor.current = target;
  // The tip is fixed beside its target. When the side it belongs on has no room (below a target as
  // tall as the hero, say), the page is scrolled just enough to make room before the tip is placed;
  // left to itself the tip would flip to the other side, which may be above the top of the page,
  // where no scrolling reaches it.
  // A state, not a ref: the card is portalled and mounts a render after this component.
  const [card, setCard] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!card) return;
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight) target.scrollIntoView({ block: 'center' });
    const room = TOUR_LAYOUT.offsetPx + card.offsetHeight + SCROLL_MARGIN_PX;
    const { top, bottom } = target.getBoundingClientRect();
    if (tip.placement === 'bottom' && bottom + room > window.innerHeight) {
      window.scrollBy({ top: bottom + room - window.innerHeight });
    } else if (tip.placement === 'top' && top - room < 0) {
      window.scrollBy({ top: top - room });
    }
  }, [target, card, tip.placement]);
  const onPage = TOUR_TIPS.filter((t) => t.page === tip.page);
  const step = onPage.findIndex((t) => t.id === tip.id) + 1;

  return (
    <Popover.Root open modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          ref={setCard}
          data-tour-tip=""
          aria-labelledby={titleId}
          aria-describedby={bodyId}
          side={tip.placement}
          sideOffset={TOUR_LAYOUT.offsetPx}
          collisionPadding={TOUR_LAYOUT.viewportMarginPx}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            gotIt.current?.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={() => dismiss(tip.id)}
          // Working on the page around the tip does not dismiss it; only its own buttons and Escape do.
          onInteractOutside={(event) => event.preventDefault()}
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
          <Popover.Arrow className="fill-card" width={14} height={7} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
