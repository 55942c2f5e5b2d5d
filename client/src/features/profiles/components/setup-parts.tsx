import { type ReactNode, useEffect, useRef } from 'react';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/cn.ts';
import { SETUP_STEP_LABELS, SETUP_STEPS, type SetupStep } from './setup-steps.ts';

/** The six steps as a bar of segments, filled up to the current one, with their names from `sm` up. */
export function SetupProgress({ step }: { step: SetupStep }) {
  const current = SETUP_STEPS.indexOf(step);
  return (
    <ol aria-label="Setup steps" className="grid grid-cols-6 gap-1.5">
      {SETUP_STEPS.map((name, index) => (
        <li
          key={name}
          aria-current={index === current ? 'step' : undefined}
          className="flex flex-col gap-1.5"
        >
          <span
            aria-hidden="true"
            className={cn(
              'h-1.5 rounded-full transition-colors motion-reduce:transition-none',
              index <= current ? 'bg-brand' : 'bg-muted',
            )}
          />
          <span
            className={cn(
              'sr-only text-xs sm:not-sr-only',
              index === current ? 'font-medium text-foreground' : 'text-muted-foreground',
            )}
          >
            {SETUP_STEP_LABELS[name]}
            {index < current ? <span className="sr-only"> (done)</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * One step: its heading (which takes focus when the step appears, so keyboard and screen-reader users
 * start at the top of the new step), a line of help, the content, and the step's buttons.
 */
export function SetupStepLayout({
  heading,
  intro,
  children,
  footer,
  leading,
}: {
  heading: string;
  intro: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
  /** Shown above the heading, e.g. the finished step's icon. */
  leading?: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-5">
      {leading}
      <div className="flex flex-col gap-1">
        <h3 ref={headingRef} tabIndex={-1} className="text-lg font-semibold tracking-tight outline-none">
          {heading}
        </h3>
        <p className="text-sm text-muted-foreground">{intro}</p>
      </div>
      {children}
      {/* Kept in view at the foot of the dialog while a long step scrolls: the dialog's padding is
          taken back so the bar reaches its edges. */}
      <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-card px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8 sm:py-5">
        {footer}
      </div>
    </div>
  );
}

/** An entry added during setup (an experience or a credential), listed above the form that adds more. */
export function SavedEntry({ title, detail, meta }: { title: string; detail: string; meta?: string | null }) {
  return (
    <li className="flex items-start justify-between gap-4 rounded-xl border border-border bg-muted/40 px-4 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium">{title}</p>
        <p className="truncate text-sm text-muted-foreground">{detail}</p>
      </div>
      {meta ? <p className="shrink-0 text-xs text-muted-foreground tabular-nums">{meta}</p> : null}
    </li>
  );
}

/** SPEC §8 error toasts of the setup dialog, by what failed. */
const SAVE_ERRORS = {
  profile: ['Error updating profile', 'There was an error updating your profile. Please try again.'],
  roles: ['Error saving roles', 'There was an error saving your roles. Please try again.'],
  experience: ['Error adding experience', 'There was an error adding your experience. Please try again.'],
  credential: ['Error adding credential', 'There was an error adding your credential. Please try again.'],
  tags: ['Error adding tags', 'There was an error adding your tags. Please try again.'],
} as const;

export function toastSaveError(what: keyof typeof SAVE_ERRORS): void {
  const [title, description] = SAVE_ERRORS[what];
  toast({ title, description, variant: 'destructive' });
}
