import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { cn } from '#client/lib/cn.ts';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import type { PublicProfile } from '#common/schemas/profiles';
import type { Role } from '#common/schemas/roles';
import { useAddRole, useRemoveRole } from '../api.ts';
import { toastFailure, toastSuccess } from './edit-feedback.ts';

/** Every catalogue role as a toggle; each press adds or removes that one role (SPEC §7: one call per role). */
export function EditRoles({ profile }: { profile: PublicProfile }) {
  const roles = useRoles();
  const add = useAddRole(profile.id);
  const remove = useRemoveRole(profile.id);
  const [busyId, setBusyId] = useState<number | null>(null);
  const selected = new Set(profile.roles.map((role) => role.id));

  if (roles.isPending) return <Skeleton className="h-72" />;
  if (roles.isError) return <ErrorState message={roles.error.message} onRetry={() => roles.refetch()} />;

  const toggle = (role: Role) => {
    // One change at a time, so the chips never disagree with what the server saved.
    if (busyId !== null) return;
    const removing = selected.has(role.id);
    setBusyId(role.id);
    (removing ? remove : add).mutate(role.id, {
      onSuccess: () =>
        toastSuccess('Roles saved', `${role.name} ${removing ? 'removed from' : 'added to'} your profile.`),
      onError: () => toastFailure('roles'),
      onSettled: () => setBusyId(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        {profile.roles.length === 0 ? (
          'Pick at least one role so productions can find you when they browse.'
        ) : (
          <>
            Your primary role is <span className="font-medium text-foreground">{profile.roles[0]?.name}</span>
            , the first one you added. It leads your profile and your page title.
          </>
        )}
      </p>
      {groupByCategory(roles.data).map(({ category, roles: group }) => (
        <fieldset key={category}>
          <legend className="mb-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {ROLE_CATEGORY_LABELS[category]}
          </legend>
          <ul className="flex flex-wrap gap-2">
            {group.map((role) => {
              const on = selected.has(role.id);
              return (
                <li key={role.id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    aria-busy={busyId === role.id || undefined}
                    onClick={() => toggle(role)}
                    className={cn(
                      'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors aria-busy:cursor-wait',
                      on
                        ? 'border-brand bg-accent text-accent-foreground'
                        : 'border-border bg-background text-foreground/80 hover:border-slate-400 hover:text-foreground',
                      busyId === role.id && 'opacity-60',
                    )}
                  >
                    {on ? (
                      <Check aria-hidden="true" className="size-4" />
                    ) : (
                      <Plus aria-hidden="true" className="size-4 text-muted-foreground" />
                    )}
                    {role.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}
