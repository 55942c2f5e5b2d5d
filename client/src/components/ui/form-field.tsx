import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '#client/lib/cn.ts';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

/**
 * A labelled input with its validation message underneath. The message is tied to the input with
 * aria-describedby, and aria-invalid marks the field, so screen readers hear why it was refused.
 */
export function TextField({
  label,
  error,
  hint,
  labelAside,
  className,
  ...inputProps
}: ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row, e.g. a "Forgot your password?" link. */
  labelAside?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-4">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** A failure of the whole form (not one field), announced as soon as it appears. */
export function FormAlert({ message }: { message?: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-300"
    >
      {message}
    </p>
  );
}
