import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#client/lib/cn.ts';

type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'checked' | 'onChange'> & {
  checked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
};

/**
 * A native checkbox drawn to match the rest of the forms: the browser gives it its role, keyboard,
 * label and form behaviour. Native rather than Radix's (ADR 022): Radix's checkbox sets state while
 * a server-rendered page hydrates (twice per box, with a style read), and search renders 49 of them.
 * `className` places the box; the box itself is 20 px.
 */
export function Checkbox({ className, onCheckedChange, ...props }: CheckboxProps) {
  return (
    <span className={cn('relative inline-flex size-5 shrink-0', className)}>
      <input
        type="checkbox"
        className="peer size-5 cursor-pointer appearance-none rounded border border-slate-400 bg-background checked:border-primary checked:bg-primary disabled:cursor-not-allowed dark:border-slate-500"
        onChange={(event) => onCheckedChange?.(event.target.checked)}
        {...props}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute inset-0 m-auto size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
