import { CircleCheckBig } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { SetupStepLayout } from './setup-parts.tsx';

export interface SetupSummary {
  roles: number;
  experiences: number;
  credentials: number;
  tags: number;
}

const item = (count: number, one: string, many: string) => ({ count, label: count === 1 ? one : many });

/**
 * Step 6: done, with what the profile now holds. Go to Dashboard closes the dialog, says so in a toast
 * and opens /dashboard (SPEC §2).
 */
export function SetupCompleteStep({ summary, onDone }: { summary: SetupSummary; onDone: () => void }) {
  const items = [
    item(summary.roles, 'role', 'roles'),
    item(summary.experiences, 'production', 'productions'),
    item(summary.credentials, 'credential', 'credentials'),
    item(summary.tags, 'skill tag', 'skill tags'),
  ];
  return (
    <SetupStepLayout
      leading={
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <CircleCheckBig aria-hidden="true" className="size-6" />
        </span>
      }
      heading="You're all set"
      intro="Your profile is ready for productions to find. Add a photo and portfolio pieces any time from Edit profile."
      footer={
        <Button type="button" variant="brand" className="ml-auto" onClick={onDone}>
          Go to Dashboard
        </Button>
      }
    >
      <ul aria-label="Your profile now has" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {items.map(({ count, label }) => (
          <li key={label} className="flex flex-col rounded-xl bg-muted/60 px-4 py-3">
            <span className="text-2xl font-bold tabular-nums tracking-tight">{count}</span>
            <span className="text-sm text-muted-foreground">{label}</span>
          </li>
        ))}
      </ul>
    </SetupStepLayout>
  );
}
