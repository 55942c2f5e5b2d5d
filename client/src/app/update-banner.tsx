import { RefreshCw, X } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Tooltip, TooltipGroup } from '#client/components/ui/tooltip.tsx';

export const UPDATE_PROMPT_TEXT = 'New content available! Refresh to update?';

/** SPEC §4's prompt, in the page: it waits for the visitor, who may be halfway through a form. */
export default function UpdateBanner({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  return (
    <section
      aria-label="Update available"
      className="fixed inset-x-4 bottom-4 z-[90] mx-auto flex max-w-md items-center gap-3 rounded-xl border border-border bg-card p-4 text-foreground shadow-lg sm:left-auto sm:right-4"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-brand-strong dark:text-brand" />
      <p role="status" className="flex-1 text-sm font-medium">
        {UPDATE_PROMPT_TEXT}
      </p>
      <Button size="sm" onClick={onReload}>
        Reload
      </Button>
      <TooltipGroup>
        <Tooltip label="Remind me on the next visit">
          <Button size="icon" variant="ghost" className="size-8" aria-label="Later" onClick={onLater}>
            <X aria-hidden="true" />
          </Button>
        </Tooltip>
      </TooltipGroup>
    </section>
  );
}
