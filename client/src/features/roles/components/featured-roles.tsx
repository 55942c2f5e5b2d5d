import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { formatCount } from '#client/lib/format.ts';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import { useCrewCounts, useRoles } from '../api.ts';
import { RoleIcon } from './role-icon.tsx';

/** The roles productions hire most often, one or two from each stage of a shoot. */
const FEATURED = [
  'Director',
  'Cinematographer',
  'Gaffer',
  'Sound Mixer',
  'Editor',
  'Colorist',
  'Lead Actress',
  'Producer',
];

export function FeaturedRoles() {
  const roles = useRoles();
  const counts = useCrewCounts();
  if (roles.isPending) {
    return (
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {FEATURED.map((name) => (
          <Skeleton key={name} className="h-32" />
        ))}
      </div>
    );
  }
  if (roles.isError) return null;
  const featured = FEATURED.map((name) => roles.data.find((role) => role.name === name)).filter(
    (r) => r !== undefined,
  );
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {featured.map((role) => {
        const crew = counts.data?.counts[String(role.id)];
        return (
          <li key={role.id}>
            <Link
              to={`/browse?role=${role.id}`}
              className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-5 transition-shadow hover:shadow-md"
            >
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <RoleIcon icon={role.icon} className="size-5" />
              </span>
              <span>
                <span className="block font-semibold">{role.name}</span>
                <span className="text-xs text-muted-foreground">{ROLE_CATEGORY_LABELS[role.category]}</span>
              </span>
              <span className="mt-auto flex items-center justify-between text-sm text-muted-foreground">
                {crew === undefined ? '\u00a0' : `${formatCount(crew)} crew`}
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
