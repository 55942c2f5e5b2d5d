import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Pagination } from '#client/components/pagination.tsx';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useBrowseCrew } from '#client/features/browse/api.ts';
import { CrewCard, CrewCardSkeletons } from '#client/features/browse/components/crew-card.tsx';
import { groupByCategory, useCrewCounts, useRoles } from '#client/features/roles/api.ts';
import { RoleIcon } from '#client/features/roles/components/role-icon.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { formatCount } from '#client/lib/format.ts';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import type { Role } from '#common/schemas/roles';

/** Role names are English nouns: "Gaffers", "Lead Actresses", "Stand-ins". */
function plural(name: string): string {
  return /(s|sh|ch|x)$/.test(name) ? `${name}es` : `${name}s`;
}

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export default function BrowsePage() {
  const [params] = useSearchParams();
  const roleId = positiveInt(params.get('role'));
  const page = positiveInt(params.get('page')) ?? 1;
  const roles = useRoles();
  const selected = roles.data?.find((role) => role.id === roleId) ?? null;
  useDocumentTitle(selected ? `${plural(selected.name)} — Browse Crew` : 'Browse Crew');

  return (
    <div className="mx-auto max-w-layout px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Browse Crew</h1>
      <p className="mt-2 text-muted-foreground">
        Pick a role to see the people who do it, from pre-production to cast.
      </p>
      <div className="mt-8 grid gap-8 lg:grid-cols-[280px_1fr]">
        <CollapsibleOnPhone collapsed={roleId !== null} key={roleId}>
          <RoleDirectory selectedId={roleId} />
        </CollapsibleOnPhone>
        <section aria-live="polite" aria-label={selected ? `${selected.name} crew` : 'Crew'}>
          {roleId === null ? (
            <EmptyState title="Choose a role to see its crew">
              Every role of a production is listed, with how many crew members work in it.
            </EmptyState>
          ) : (
            <RoleCrew roleId={roleId} page={page} role={selected} />
          )}
        </section>
      </div>
    </div>
  );
}

/**
 * On a phone the 65 roles would push a chosen role's crew a long scroll down, so once a role is
 * chosen the directory folds behind a button; on a wide screen it is always the sidebar.
 */
function CollapsibleOnPhone({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (!collapsed) return <div>{children}</div>;
  return (
    <div className="flex flex-col gap-4">
      <Button
        variant="outline"
        className="justify-between lg:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        All roles
        <ChevronDown aria-hidden="true" className={cn('transition-transform', open && 'rotate-180')} />
      </Button>
      <div id={id} className={cn('lg:block', open ? 'block' : 'hidden')}>
        {children}
      </div>
    </div>
  );
}

function RoleDirectory({ selectedId }: { selectedId: number | null }) {
  const roles = useRoles();
  const counts = useCrewCounts();
  if (roles.isPending) return <Skeleton className="h-[480px]" />;
  if (roles.isError) return <ErrorState message={roles.error.message} onRetry={() => roles.refetch()} />;
  return (
    <nav aria-label="Roles" className="flex flex-col gap-6">
      {groupByCategory(roles.data).map(({ category, roles: group }) => (
        <div key={category}>
          <h2 className="mb-2 px-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {ROLE_CATEGORY_LABELS[category]}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {group.map((role) => (
              <li key={role.id}>
                <Link
                  to={`/browse?role=${role.id}`}
                  aria-current={role.id === selectedId ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted',
                    role.id === selectedId &&
                      'bg-accent font-semibold text-accent-foreground hover:bg-accent',
                  )}
                >
                  <RoleIcon icon={role.icon} className="size-4 shrink-0" />
                  <span className="flex-1">{role.name}</span>
                  <span
                    className="tabular-nums text-xs text-muted-foreground"
                    data-testid={`count-${role.id}`}
                  >
                    {counts.data?.counts[String(role.id)] ?? 0}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function RoleCrew({ roleId, page, role }: { roleId: number; page: number; role: Role | null }) {
  const crew = useBrowseCrew(roleId, page);
  // Paging keeps the previous page on screen while the next loads; a different role must not.
  if (crew.isPending || (crew.isPlaceholderData && crew.data.role.id !== roleId))
    return <CrewCardSkeletons />;
  if (crew.isError) {
    return crew.error.message.startsWith('Role not found') ? (
      <EmptyState title="That role does not exist">
        <Link to="/browse" className="underline">
          See all roles
        </Link>
      </EmptyState>
    ) : (
      <ErrorState message={crew.error.message} onRetry={() => crew.refetch()} />
    );
  }
  const { total, pageCount } = crew.data;
  const name = role?.name ?? crew.data.role.name;
  return (
    <>
      <div className="mb-4 flex items-baseline justify-between gap-4">
        <div>
          <h2 className="text-xl font-semibold">{name}</h2>
          <p className="text-xs text-muted-foreground">Highest rated first</p>
        </div>
        <p className="text-sm text-muted-foreground">
          {formatCount(total)} {total === 1 ? 'person' : 'people'}
        </p>
      </div>
      {crew.data.crew.length === 0 ? (
        <EmptyState title={`No ${name.toLowerCase()} crew yet`}>
          Be the first: add this role to your profile.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {crew.data.crew.map((person) => (
            <CrewCard key={person.id} person={person} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(p) => `/browse?role=${roleId}${p > 1 ? `&page=${p}` : ''}`}
      />
    </>
  );
}
