import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full scroll-mt-24 rounded-lg border border-border bg-background px-3 text-sm text-foreground shadow-sm placeholder:text-muted-foreground focus:border-ring disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:aria-[invalid=true]:border-red-400',
        className,
      )}
      {...props}
    />
  );
}
