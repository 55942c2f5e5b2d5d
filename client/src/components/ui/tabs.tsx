import { Tabs as TabsPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Radix Tabs with an underlined tab row: arrow keys move between tabs, Home and End jump to the ends,
 * and each panel is labelled by its tab. The row scrolls sideways on a narrow screen instead of wrapping.
 */
export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'flex gap-1 overflow-x-auto border-b border-border [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-2.5 py-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-offset-[-2px] data-[state=active]:border-brand data-[state=active]:text-foreground sm:px-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={cn('pt-8 focus-visible:outline-offset-4', className)} {...props} />
  );
}
