import { ArrowRight, Check, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { cn } from '#client/lib/cn.ts';
import type { ProfileStats } from '#common/schemas/profiles';
import { openProfileSetup } from './setup-dialog.tsx';
import { SETUP_STEPS, type SetupStep } from './setup-steps.ts';

type ProfilePart = ProfileStats['completeness']['missing'][number];

/** In the order the server checks them, which is the order a member fills them in. */
/** `action` labels the link to the edit page, for the parts the setup dialog does not ask for. */
const PARTS: { part: ProfilePart; label: string; next: string; why: string; action?: string }[] = [
  {
    part: 'basic',
    label: 'Bio and location',
    next: 'Add a bio and your location',
    why: 'A few lines about your work and where you are based.',
  },
  { part: 'roles', label: 'Roles', next: 'Choose your roles', why: 'Productions search crew by role.' },
  {
    part: 'experience',
    label: 'Experience',
    next: 'Add your experience',
    why: 'List the productions you have worked on.',
  },
  {
    part: 'credentials',
    label: 'Credentials',
    next: 'Add your credentials',
    why: 'Training, memberships and awards back up your work.',
  },
  {
    part: 'tags',
    label: 'Skills and kit',
    next: 'Add your skills',
    why: 'Tags for kit, specialties and languages make you easier to find.',
  },
  {
    part: 'avatar',
    label: 'Profile photo',
    next: 'Add a profile photo',
    action: 'Add a photo',
    why: 'A face makes a profile easier to trust and to remember.',
  },
  {
    part: 'portfolio',
    label: 'Portfolio',
    next: 'Add portfolio work',
    action: 'Add work',
    why: 'Stills, reels and links show your work at a glance.',
  },
];

const setupStepFor = (part: ProfilePart): SetupStep | null =>
  SETUP_STEPS.find((step) => step === part) ?? null;

/**
 * The dashboard's profile completeness: the percentage, what is done, and the next missing part with
 * the way to fill it in: the setup dialog at that step, or the edit page for the photo and portfolio,
 * which the dialog does not ask for.
 */
export function SetupCompletenessCard({ completeness }: { completeness: ProfileStats['completeness'] }) {
  const { percent, missing } = completeness;
  const next = PARTS.find(({ part }) => missing.includes(part));
  const step = next ? setupStepFor(next.part) : null;
  return (
    <section
      aria-labelledby="completeness-heading"
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-6"
    >
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="completeness-heading" className="font-semibold">
          Profile completeness
        </h2>
        <p className="text-2xl font-bold tabular-nums tracking-tight">{percent}%</p>
      </div>
      <div
        role="progressbar"
        aria-labelledby="completeness-heading"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <ul aria-label="Profile parts" className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
        {PARTS.map(({ part, label }) => {
          const done = !missing.includes(part);
          return (
            <li
              key={part}
              className={cn('flex items-center gap-2', done ? 'text-foreground' : 'text-muted-foreground')}
            >
              {done ? (
                <Check
                  aria-hidden="true"
                  className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                  strokeWidth={3}
                />
              ) : (
                <Circle aria-hidden="true" className="size-4 shrink-0" />
              )}
              {label}
              <span className="sr-only">{done ? '(done)' : '(missing)'}</span>
            </li>
          );
        })}
      </ul>
      {next ? (
        <div className="flex flex-col gap-3 rounded-xl bg-accent/60 p-4 sm:flex-row sm:items-center sm:justify-between dark:bg-accent">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-accent-foreground">Next step</p>
            <p className="mt-0.5 font-medium">{next.next}</p>
            <p className="text-sm text-muted-foreground">{next.why}</p>
          </div>
          {step ? (
            <Button variant="brand" className="shrink-0" onClick={() => openProfileSetup(step)}>
              Continue setup
              <ArrowRight aria-hidden="true" />
            </Button>
          ) : (
            <Link to="/profile/edit" className={buttonVariants({ variant: 'brand', className: 'shrink-0' })}>
              {next.action ?? 'Edit profile'}
              <ArrowRight aria-hidden="true" />
            </Link>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          Your profile is complete. Keep it current as you wrap new productions.
        </p>
      )}
    </section>
  );
}
