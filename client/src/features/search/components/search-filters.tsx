import { MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { LIMITS } from '#common/limits';
import { ROLE_CATEGORIES, ROLE_CATEGORY_LABELS, type RoleCategory } from '#common/roles';
import { useHydrated } from '../hooks/use-hydrated.ts';
import { useLiveText } from '../hooks/use-live-text.ts';
import { canonicalDates, refine, type SearchState, searchHref } from '../search-state.ts';
import { AvailabilityFilter } from './availability-filter.tsx';
import { CheckboxRow, FilterSection, Select } from './filter-controls.tsx';
import { PremiumFilters } from './premium-filters.tsx';

/** `replace`: this change continues one the history already holds (typing), see useLiveText. */
export type ApplySearch = (next: SearchState, options?: { replace?: boolean }) => void;

interface FilterProps {
  state: SearchState;
  onChange: ApplySearch;
}

/**
 * Who to look for: roles, a stage of production, a place, and the Premium filters. Each applies as
 * it is chosen, and text once typing pauses (issue 33). The whole is also a plain GET form to
 * /search whose field names are the address's own parameters (issue 34), so before the app has
 * started, or with JavaScript off, "Apply filters" (shown only until the app runs) or Enter asks the
 * server for the same page, which it renders with its results (ADR 022, ADR 028).
 */
export function SearchFilters({ state, onChange, isSubscribed }: FilterProps & { isSubscribed: boolean }) {
  const categoryId = useId();
  return (
    <form
      action="/search"
      method="get"
      // With the app running every control has already applied itself; Enter in the location box
      // is handled there.
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-7"
    >
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.sort ? <input type="hidden" name="sort" value={state.sort} /> : null}
      <RoleFilter state={state} onChange={onChange} />
      <FilterSection title="Category" htmlFor={categoryId}>
        <Select
          id={categoryId}
          name="category"
          value={state.category ?? ''}
          onChange={(event) =>
            onChange(refine(state, { category: (event.target.value || null) as RoleCategory | null }))
          }
        >
          <option value="">Any category</option>
          {ROLE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {ROLE_CATEGORY_LABELS[category]}
            </option>
          ))}
        </Select>
      </FilterSection>
      <LocationFilter state={state} onChange={onChange} />
      <AvailabilityFilter
        dates={state}
        onChange={(dates, { replace }) => onChange(refine(state, dates), { replace })}
      />
      <PremiumFilters state={state} onChange={onChange} isSubscribed={isSubscribed} />
      <NativeApply state={state} onChange={onChange} />
    </form>
  );
}

/**
 * The form's submit button, for as long as the app has not started (or never will). When the app
 * takes over a server-rendered form, what was ticked, chosen or typed before it started and not yet
 * sent is applied, rather than shown by the form but unknown to the app.
 */
function NativeApply({ state, onChange }: FilterProps) {
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes over the form.
  useEffect(() => {
    const form = button.current?.form;
    const early = form ? changedBeforeStart(form, state) : null;
    if (early && searchHref(early) !== searchHref(state)) onChange(early);
  }, []);
  if (hydrated) return null;
  return (
    <Button ref={button} type="submit" variant="brand">
      Apply filters
    </Button>
  );
}

/**
 * The search with what was changed in the form before the app started: the fields whose value
 * differs from the one the server wrote into the HTML (their default). Null when nothing was.
 */
function changedBeforeStart(form: HTMLFormElement, state: SearchState): SearchState | null {
  const change: Partial<Omit<SearchState, 'page'>> = {};
  let roles = state.roles;
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked === field.defaultChecked) continue;
      if (field.name === 'role') {
        const id = Number(field.value);
        roles = field.checked
          ? [...roles.filter((other) => other !== id), id]
          : roles.filter((other) => other !== id);
        change.roles = roles;
      } else if (field.name === 'hasPortfolio' || field.name === 'verifiedOnly') {
        change[field.name] = field.checked;
      }
    } else if (field instanceof HTMLInputElement && field.name === 'location') {
      if (field.value !== field.defaultValue) change.location = field.value.trim();
    } else if (
      field instanceof HTMLInputElement &&
      (field.name === 'availableFrom' || field.name === 'availableTo')
    ) {
      if (field.value !== field.defaultValue) change[field.name] = field.value || null;
    } else if (field instanceof HTMLSelectElement) {
      if ([...field.options].every((option) => option.selected === option.defaultSelected)) continue;
      const value = field.value;
      if (field.name === 'category') change.category = (value || null) as RoleCategory | null;
      else if (
        field.name === 'minRating' ||
        field.name === 'minReviews' ||
        field.name === 'minYears' ||
        field.name === 'minFreeDays'
      )
        change[field.name] = value === '' ? null : Number(value);
    }
  }
  if (Object.keys(change).length === 0) return null;
  const next = refine(state, change);
  return { ...next, ...canonicalDates(next) };
}

/** Applied once typing pauses (FILTER_DEBOUNCE_MS), on Enter, or when the field is left. */
function LocationFilter({ state, onChange }: FilterProps) {
  const id = useId();
  const live = useLiveText(state.location, (location, { replace }) =>
    onChange(refine(state, { location }), { replace }),
  );
  return (
    <FilterSection title="Location" htmlFor={id}>
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="text"
          name="location"
          value={live.text}
          maxLength={LIMITS.locationMax}
          placeholder="City or region, e.g. Atlanta"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => live.onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            live.flush();
          }}
          onBlur={live.flush}
          className="pl-9"
        />
      </div>
    </FilterSection>
  );
}

function RoleFilter({ state, onChange }: FilterProps) {
  const roles = useRoles();
  const findId = useId();
  const [find, setFind] = useState('');
  const toggle = (id: number, on: boolean) => {
    const next = on ? [...state.roles, id] : state.roles.filter((other) => other !== id);
    onChange(refine(state, { roles: next }));
  };
  const full = state.roles.length >= LIMITS.searchRolesMax;
  const aside =
    state.roles.length > 0 ? (
      <button
        type="button"
        onClick={() => onChange(refine(state, { roles: [] }))}
        className="text-xs text-muted-foreground underline underline-offset-4 hover:text-foreground"
      >
        Clear ({state.roles.length})
      </button>
    ) : null;

  return (
    <FilterSection title="Roles" aside={aside}>
      {roles.isPending ? (
        <Skeleton className="h-72" />
      ) : roles.isError ? (
        <ErrorState message={roles.error.message} onRetry={() => roles.refetch()} />
      ) : (
        <>
          <label htmlFor={findId} className="sr-only">
            Find a role
          </label>
          <Input
            id={findId}
            type="text"
            value={find}
            onChange={(event) => setFind(event.target.value)}
            // Narrows the list below; not part of the search, so Enter must not send the form.
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            placeholder="Find a role"
            autoComplete="off"
            className="h-9"
          />
          <fieldset className="max-h-72 overflow-y-auto rounded-lg border border-border p-1">
            <legend className="sr-only">Roles</legend>
            {groupByCategory(roles.data).map(({ category, roles: group }) => {
              const needle = find.trim().toLowerCase();
              const shown = group.filter((role) => role.name.toLowerCase().includes(needle));
              if (shown.length === 0) return null;
              return (
                <div key={category} className="py-1">
                  <p
                    aria-hidden="true"
                    className="px-2 pb-1 pt-1 text-[11px] font-semibold uppercase tracking-wide text-muted-foreground"
                  >
                    {ROLE_CATEGORY_LABELS[category]}
                  </p>
                  <ul aria-label={ROLE_CATEGORY_LABELS[category]}>
                    {shown.map((role) => {
                      const checked = state.roles.includes(role.id);
                      return (
                        <li key={role.id}>
                          <CheckboxRow
                            label={role.name}
                            name="role"
                            value={String(role.id)}
                            checked={checked}
                            disabled={!checked && full}
                            onCheckedChange={(on) => toggle(role.id, on)}
                            className="rounded-md px-2 py-1.5 hover:bg-muted"
                          />
                        </li>
                      );
                    })}
                  </ul>
                </div>
              );
            })}
          </fieldset>
          {full ? (
            <p className="text-xs text-muted-foreground">Up to {LIMITS.searchRolesMax} roles at once.</p>
          ) : null}
        </>
      )}
    </FilterSection>
  );
}
