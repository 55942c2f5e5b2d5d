import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * A count on an icon button's corner (the icon sets `relative`); `className` gives its colours.
 * Hidden from screen readers: the button's own name says the number.
 */
export function CountBadge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[11px] font-bold leading-none ring-2 ring-background',
        className,
      )}
      {...props}
    />
  );
}
