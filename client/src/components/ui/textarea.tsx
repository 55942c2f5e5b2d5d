import { type ComponentProps, useId } from 'react';
import { cn } from '#client/lib/cn.ts';
import { FieldError } from './form-field.tsx';
import { Label } from './label.tsx';

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'min-h-24 w-full scroll-mt-24 rounded-lg border border-border bg-background px-3 py-2 text-sm text-foreground shadow-sm placeholder:text-muted-foreground focus:border-ring disabled:opacity-60 aria-[invalid=true]:border-red-500 dark:aria-[invalid=true]:border-red-400',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A labelled textarea with its validation message, like TextField. With `maxLength` it shows a
 * "120/500" counter that turns red past the limit; the limit is not enforced by the browser, so the
 * form's own rule (and its message) decides.
 */
export function TextareaField({
  label,
  error,
  hint,
  maxLength,
  length = 0,
  className,
  ...props
}: Omit<ComponentProps<'textarea'>, 'maxLength'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  maxLength?: number;
  /** The current length of the value, for the counter. */
  length?: number;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy = [hint ? hintId : null, maxLength ? counterId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const over = maxLength !== undefined && length > maxLength;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...props}
      />
      <div className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          {hint ? (
            <p id={hintId} className="text-xs text-muted-foreground">
              {hint}
            </p>
          ) : null}
          <FieldError id={errorId} message={error} />
        </div>
        {maxLength !== undefined ? (
          <p
            id={counterId}
            className={cn(
              'shrink-0 text-xs tabular-nums text-muted-foreground',
              over && 'font-medium text-red-700 dark:text-red-400',
            )}
          >
            <span className="sr-only">Characters used: </span>
            {length}/{maxLength}
          </p>
        ) : null}
      </div>
    </div>
  );
}
