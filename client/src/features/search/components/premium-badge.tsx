import { Crown } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

/** Marks a subscribed member wherever their card appears. */
export function PremiumBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border border-amber-300 bg-amber-100 px-2 py-0.5 text-[11px] font-semibold text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200',
        className,
      )}
    >
      <Crown aria-hidden="true" className="size-3" />
      Premium
    </span>
  );
}
