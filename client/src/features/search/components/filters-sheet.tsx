import { SlidersHorizontal, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import { useSearchResults } from '../api.ts';
import { formatTotal } from '../format-total.ts';
import { useHydrated } from '../hooks/use-hydrated.ts';
import type { SearchState } from '../search-state.ts';
import { activeFilters, withoutFilters } from './active-filters.tsx';
import { type ApplySearch, SearchFilters } from './search-filters.tsx';

/** "Filters (2)", or "Filters" with none in use: the button's whole name, as it reads. */
export function filtersLabel(state: SearchState): string {
  const count = activeFilters(state, undefined).length;
  return count > 0 ? `Filters (${count})` : 'Filters';
}

/**
 * On a phone (below `md`) the filters wait behind one button, so the results come first, and open
 * in a sheet from the bottom (issue 33): a modal Radix Dialog, so focus stays inside, Escape and
 * the overlay close it, and focus returns to the button. Every change applies at once, as in the
 * sidebar; the results behind update, and the footer's button says how many there now are.
 *
 * Until the app runs (or with JavaScript off) the button is a link to the sidebar's own form,
 * which `target:` shows in place on a phone: the filters still work, as a plain form (ADR 028).
 */
export function FiltersSheet({
  state,
  onChange,
  isSubscribed,
  inlineId,
  className,
}: {
  state: SearchState;
  onChange: ApplySearch;
  isSubscribed: boolean;
  /** The id of the sidebar holding the same filters. */
  inlineId: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const face = (
    <>
      <SlidersHorizontal aria-hidden="true" />
      {filtersLabel(state)}
    </>
  );
  if (!hydrated) {
    return (
      <a href={`#${inlineId}`} className={cn(buttonVariants({ variant: 'outline' }), className)}>
        {face}
      </a>
    );
  }
  const inUse = activeFilters(state, undefined).length > 0;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" className={className}>
          {face}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[88dvh] flex-col rounded-t-2xl border-t border-border bg-background text-foreground shadow-2xl transition-transform duration-200 starting:translate-y-full motion-reduce:transition-none">
          <div className="flex items-center justify-between gap-4 border-b border-border px-5 py-3">
            <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
            <Dialog.Close
              className="-mr-2 rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
              aria-label="Close filters"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            The results update as you choose; close to see them.
          </Dialog.Description>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-5">
            <SearchFilters state={state} onChange={onChange} isSubscribed={isSubscribed} />
          </div>
          <div className="flex gap-3 border-t border-border px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            {inUse ? (
              <Button variant="outline" onClick={() => onChange(withoutFilters(state), { replace: false })}>
                Clear all
              </Button>
            ) : null}
            <Dialog.Close asChild>
              <Button variant="brand" className="flex-1">
                <ShowResults state={state} />
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** "Show 12 results" for the search as it now stands; "Show results" while it is being counted. */
function ShowResults({ state }: { state: SearchState }) {
  const results = useSearchResults(state);
  const data = results.isPlaceholderData ? undefined : results.data;
  if (!data) return <>Show results</>;
  const noun = data.total === 1 && !data.totalIsCapped ? 'result' : 'results';
  return <>{`Show ${formatTotal(data.total, data.totalIsCapped)} ${noun}`}</>;
}
