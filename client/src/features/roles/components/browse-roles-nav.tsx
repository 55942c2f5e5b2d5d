import { Link } from 'react-router';
import { ErrorState } from '#client/components/state-message.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import { groupByCategory, useRoles } from '../api.ts';
import { RoleIcon } from './role-icon.tsx';

/** Every role, grouped by the four production stages, each linking to its crew. */
export function BrowseRolesNav({ id }: { id?: string }) {
  const roles = useRoles();
  return (
    <nav id={id} aria-label="Browse crew by role">
      {roles.isPending ? (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : roles.isError ? (
        <ErrorState message={roles.error.message} onRetry={() => roles.refetch()} />
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {groupByCategory(roles.data).map(({ category, roles: group }) => (
            <section key={category} aria-labelledby={`roles-${category}`}>
              <h3
                id={`roles-${category}`}
                className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground"
              >
                {ROLE_CATEGORY_LABELS[category]}
              </h3>
              <ul className="flex flex-col gap-0.5">
                {group.map((role) => (
                  <li key={role.id}>
                    <Link
                      to={`/browse?role=${role.id}`}
                      className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                    >
                      <RoleIcon icon={role.icon} className="size-4 text-brand-strong dark:text-brand" />
                      {role.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </nav>
  );
}
