import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

/**
 * Radix Popover with the product's look: a panel of ordinary buttons and links (Tab moves through
 * them), Escape and an outside click close it and focus goes back to the trigger.
 */
export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;

export function PopoverContent({ className, ...props }: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className={cn(
          'z-50 rounded-xl border border-border bg-card text-foreground shadow-lg outline-none transition duration-150 starting:opacity-0 motion-reduce:transition-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
