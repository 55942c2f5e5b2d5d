import { Check } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useId, useState } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { RoleIcon } from '#client/features/roles/components/role-icon.tsx';
import { cn } from '#client/lib/cn.ts';
import { saveOneByOne } from '#client/lib/one-by-one.ts';
import { ROLE_CATEGORY_LABELS, type RoleCategory } from '#common/roles';
import type { Role } from '#common/schemas/roles';
import { useAddRole, useRemoveRole } from '../api.ts';
import { SetupStepLayout, toastSaveError } from './setup-parts.tsx';

const tabClass =
  'inline-flex items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-2 py-2 sm:flex-auto sm:px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

function RoleChip({ role, chosen, onToggle }: { role: Role; chosen: boolean; onToggle: () => void }) {
  return (
    <li>
      <button
        type="button"
        aria-pressed={chosen}
        onClick={onToggle}
        className={cn(
          'inline-flex items-center gap-2 rounded-full border px-3.5 py-2 text-sm font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0',
          chosen
            ? 'border-brand bg-accent text-accent-foreground'
            : 'border-border bg-background text-foreground hover:border-brand/60 hover:bg-muted',
        )}
      >
        {chosen ? (
          <Check aria-hidden="true" strokeWidth={3} />
        ) : (
          <RoleIcon icon={role.icon} className="text-muted-foreground" />
        )}
        {role.name}
      </button>
    </li>
  );
}

function RolesLoading() {
  return (
    <div className="flex flex-col gap-4">
      <Spinner label="Loading roles..." className="text-sm" />
      <div aria-hidden="true" className="flex flex-wrap gap-2">
        {[28, 24, 32, 36, 26, 30, 34, 24].map((width, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on.
          <Skeleton key={index} className="h-9 rounded-full" style={{ width: `${width * 4}px` }} />
        ))}
      </div>
    </div>
  );
}

/**
 * Step 2: the roles a member takes on, one category at a time (pre-production first). Choices are
 * kept by the dialog; Next saves the difference, one call per role added (SPEC §7) and one per role
 * taken off, and needs at least one role.
 */
export function SetupRolesStep({
  userId,
  savedIds,
  chosenIds,
  onChosenChange,
  onSavedChange,
  onBack,
  onNext,
}: {
  userId: number;
  savedIds: number[];
  chosenIds: number[];
  onChosenChange: (ids: number[]) => void;
  onSavedChange: (ids: number[]) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const roles = useRoles();
  const [category, setCategory] = useState<RoleCategory>('pre-production');
  const [saving, setSaving] = useState(false);
  const addRole = useAddRole(userId);
  const removeRole = useRemoveRole(userId);
  const hintId = useId();

  const toggle = (id: number) =>
    onChosenChange(chosenIds.includes(id) ? chosenIds.filter((x) => x !== id) : [...chosenIds, id]);

  const next = async () => {
    let saved = savedIds;
    setSaving(true);
    try {
      await saveOneByOne(
        chosenIds.filter((id) => !savedIds.includes(id)),
        (id) => addRole.mutateAsync(id),
        (id) => {
          saved = [...saved, id];
        },
      );
      await saveOneByOne(
        savedIds.filter((id) => !chosenIds.includes(id)),
        (id) => removeRole.mutateAsync(id),
        (id) => {
          saved = saved.filter((x) => x !== id);
        },
      );
      onSavedChange(saved);
      onNext();
    } catch {
      onSavedChange(saved);
      toastSaveError('roles');
    } finally {
      setSaving(false);
    }
  };

  const groups = roles.data ? groupByCategory(roles.data) : [];
  const chosenNames = (roles.data ?? [])
    .filter((role) => chosenIds.includes(role.id))
    .map((role) => role.name);

  return (
    <SetupStepLayout
      heading="What do you do on set?"
      intro="Choose every role you take on, in any category. Productions search by role."
      footer={
        <>
          <Button type="button" variant="outline" onClick={onBack} disabled={saving}>
            Back
          </Button>
          <Button
            type="button"
            variant="brand"
            onClick={() => void next()}
            disabled={chosenIds.length === 0 || saving}
            aria-describedby={hintId}
          >
            {saving ? 'Saving...' : 'Next'}
          </Button>
        </>
      }
    >
      {roles.isPending ? <RolesLoading /> : null}
      {roles.isError ? (
        <ErrorState message={roles.error.message} onRetry={() => void roles.refetch()} />
      ) : null}
      {roles.data ? (
        <Tabs.Root value={category} onValueChange={(value) => setCategory(value as RoleCategory)}>
          <Tabs.List
            aria-label="Role categories"
            className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1 sm:flex"
          >
            {groups.map(({ category: name, roles: group }) => {
              const count = group.filter((role) => chosenIds.includes(role.id)).length;
              return (
                <Tabs.Trigger key={name} value={name} className={tabClass}>
                  {ROLE_CATEGORY_LABELS[name]}
                  {count > 0 ? (
                    <>
                      <span
                        aria-hidden="true"
                        className="min-w-5 rounded-full bg-brand px-1.5 text-xs font-semibold leading-5 text-ink"
                      >
                        {count}
                      </span>
                      <span className="sr-only">({count} chosen)</span>
                    </>
                  ) : null}
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {groups.map(({ category: name, roles: group }) => (
            <Tabs.Content key={name} value={name} className="pt-4 focus-visible:outline-offset-4">
              <ul aria-label={`${ROLE_CATEGORY_LABELS[name]} roles`} className="flex flex-wrap gap-2">
                {group.map((role) => (
                  <RoleChip
                    key={role.id}
                    role={role}
                    chosen={chosenIds.includes(role.id)}
                    onToggle={() => toggle(role.id)}
                  />
                ))}
              </ul>
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : null}
      <p id={hintId} aria-live="polite" className="text-sm text-muted-foreground">
        {chosenNames.length === 0 ? (
          'Choose at least one role to continue.'
        ) : (
          <>
            <span className="font-medium text-foreground">
              {chosenNames.length} {chosenNames.length === 1 ? 'role' : 'roles'} chosen:
            </span>{' '}
            {chosenNames.join(', ')}
          </>
        )}
      </p>
    </SetupStepLayout>
  );
}
