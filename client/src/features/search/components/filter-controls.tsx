import { ChevronDown } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { cn } from '#client/lib/cn.ts';

/** A native select in the look of the ui kit's Input: native for its keyboard and phone pickers. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <span className={cn('relative block', className)}>
      <select
        className="h-10 w-full appearance-none rounded-lg border border-border bg-background pl-3 pr-9 text-sm text-foreground shadow-sm focus:border-ring disabled:cursor-not-allowed disabled:opacity-60"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </span>
  );
}

export function FilterSection({
  title,
  htmlFor,
  children,
  aside,
}: {
  title: string;
  htmlFor?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const heading = 'text-xs font-semibold uppercase tracking-wide text-muted-foreground';
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        {htmlFor ? (
          <label htmlFor={htmlFor} className={heading}>
            {title}
          </label>
        ) : (
          <h3 className={heading}>{title}</h3>
        )}
        {aside}
      </div>
      {children}
    </div>
  );
}

/** A checkbox with its label beside it, the whole row clickable. */
export function CheckboxRow({
  label,
  name,
  value,
  checked,
  disabled,
  onCheckedChange,
  className,
}: {
  label: string;
  /** The form field it is (the address parameter), for the form sent without the app. */
  name?: string;
  value?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-center gap-2.5 text-sm has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        className,
      )}
    >
      <Checkbox
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
      />
      <label htmlFor={id} className="flex-1 cursor-pointer select-none peer-disabled:cursor-not-allowed">
        {label}
      </label>
    </div>
  );
}
