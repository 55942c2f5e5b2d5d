import { LoaderCircle } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

export function Spinner({ className, label = 'Loading...' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-muted-foreground', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span>{label}</span>
    </span>
  );
}
