import { Star } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { FieldError } from '#client/components/ui/form-field.tsx';
import { cn } from '#client/lib/cn.ts';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * Five stars as native radio buttons: Tab reaches the group, the arrow keys move and choose, and a
 * screen reader hears "3 stars, Good, radio, 3 of 5". The stars fill up to the hovered one as a preview.
 */
export function StarInput({
  value,
  onChange,
  error,
  label = 'Rating',
  inputRef,
}: {
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string | undefined;
  label?: string;
  /** Given to the first star, so a form can move focus to the group when the rating is missing. */
  inputRef?: Ref<HTMLInputElement>;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  return (
    <div className="flex flex-col gap-2">
      <span id={`${name}-label`} className="text-sm font-medium leading-none">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${name}-label`}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        aria-required="true"
        className="flex flex-wrap items-center gap-x-3 gap-y-1"
        onMouseLeave={() => setHovered(null)}
      >
        <div className="flex">
          {[1, 2, 3, 4, 5].map((stars) => (
            <span key={stars} className="relative">
              <input
                type="radio"
                ref={stars === 1 ? inputRef : undefined}
                id={`${name}-${stars}`}
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
                className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                onMouseEnter={() => setHovered(stars)}
              />
              <label
                htmlFor={`${name}-${stars}`}
                className="pointer-events-none flex rounded-md p-1 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring"
              >
                <Star
                  aria-hidden="true"
                  strokeWidth={1.5}
                  className={cn(
                    'size-7 transition-colors motion-reduce:transition-none sm:size-8',
                    stars <= shown
                      ? 'fill-amber-500 text-amber-500'
                      : 'fill-transparent text-slate-400 dark:text-slate-500',
                  )}
                />
                <span className="sr-only">
                  {stars} {stars === 1 ? 'star' : 'stars'}, {WORDS[stars - 1]}
                </span>
              </label>
            </span>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-muted-foreground">
          {shown > 0 ? WORDS[shown - 1] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
