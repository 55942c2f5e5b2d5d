import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '#client/components/pagination.tsx';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { type BrowseDates, useBrowseCrew } from '#client/features/browse/api.ts';
import { CrewCard, CrewCardSkeletons } from '#client/features/browse/components/crew-card.tsx';
import { groupByCategory, useCrewCounts, useRoles } from '#client/features/roles/api.ts';
import { RoleIcon } from '#client/features/roles/components/role-icon.tsx';
import { AvailabilityFilter } from '#client/features/search/components/availability-filter.tsx';
import { useHydrated } from '#client/features/search/hooks/use-hydrated.ts';
import {
  type AvailableDates,
  appendAvailableDates,
  canonicalDates,
  parseAvailableDates,
} from '#client/features/search/search-state.ts';
import { cn } from '#client/lib/cn.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { formatCount } from '#client/lib/format.ts';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import type { Role } from '#common/schemas/roles';

/** Role names are English nouns: "Gaffers", "Lead Actresses", "Stand-ins". */
function plural(name: string): string {
  return /(s|sh|ch|x)$/.test(name) ? `${name}es` : `${name}s`;
}

/** A role's listing as the address carries it: the role, the dates (issue 35), the page. */
function browseHref(roleId: number, dates: AvailableDates, page = 1): string {
  const params = new URLSearchParams({ role: String(roleId) });
  appendAvailableDates(params, dates);
  if (page > 1) params.set('page', String(page));
  return `/browse?${params}`;
}

/** The dates as the listing's query key and request hold them: absent ones left out. */
function datesQuery(dates: AvailableDates): BrowseDates {
  return {
    ...(dates.availableFrom ? { availableFrom: dates.availableFrom } : {}),
    ...(dates.availableTo ? { availableTo: dates.availableTo } : {}),
    ...(dates.minFreeDays !== null ? { minFreeDays: dates.minFreeDays } : {}),
  };
}

function positiveInt(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export default function BrowsePage() {
  const [params] = useSearchParams();
  const roleId = positiveInt(params.get('role'));
  const page = positiveInt(params.get('page')) ?? 1;
  const dates = parseAvailableDates(params);
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
            <RoleCrew roleId={roleId} page={page} role={selected} dates={dates} />
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

/**
 * Issue 35: the role's crew free on some days, as search has it. A plain GET form to /browse (the
 * role a hidden field) until the app runs; then each date applies as it is chosen.
 */
function BrowseDatesFilter({ roleId, dates }: { roleId: number; dates: AvailableDates }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  return (
    <form
      action="/browse"
      method="get"
      onSubmit={(event) => event.preventDefault()}
      className="mb-6 flex flex-col gap-3 rounded-xl border border-border bg-card p-4"
    >
      <input type="hidden" name="role" value={roleId} />
      <AvailabilityFilter
        layout="row"
        dates={dates}
        onChange={(next, { replace }) =>
          navigate(browseHref(roleId, canonicalDates(next)), { replace, preventScrollReset: true })
        }
      />
      {hydrated ? null : (
        <Button type="submit" variant="brand" size="sm" className="w-fit">
          Apply dates
        </Button>
      )}
    </form>
  );
}

function RoleCrew({
  roleId,
  page,
  role,
  dates,
}: {
  roleId: number;
  page: number;
  role: Role | null;
  dates: AvailableDates;
}) {
  const crew = useBrowseCrew(roleId, page, datesQuery(dates));
  const filter = <BrowseDatesFilter roleId={roleId} dates={dates} />;
  // Paging keeps the previous page on screen while the next loads; a different role must not.
  if (crew.isPending || (crew.isPlaceholderData && crew.data.role.id !== roleId))
    return (
      <>
        {filter}
        <CrewCardSkeletons />
      </>
    );
  if (crew.isError) {
    return crew.error.message.startsWith('Role not found') ? (
      <EmptyState title="That role does not exist">
        <Link to="/browse" className="underline">
          See all roles
        </Link>
      </EmptyState>
    ) : (
      <>
        {filter}
        <ErrorState message={crew.error.message} onRetry={() => crew.refetch()} />
      </>
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
      {filter}
      {crew.data.crew.length === 0 ? (
        dates.availableFrom ? (
          <EmptyState title={`No ${name.toLowerCase()} crew free then`}>
            Try other days, or allow crew free on only some of them.
          </EmptyState>
        ) : (
          <EmptyState title={`No ${name.toLowerCase()} crew yet`}>
            Be the first: add this role to your profile.
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {crew.data.crew.map((person) => (
            <CrewCard
              key={person.id}
              person={person}
              dates={dates.availableFrom ? { from: dates.availableFrom, to: dates.availableTo } : null}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => browseHref(roleId, dates, p)} />
    </>
  );
}
