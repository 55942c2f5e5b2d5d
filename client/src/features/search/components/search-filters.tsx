import { MapPin } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorState } from '#client/components/state-message.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { LIMITS } from '#common/limits';
import { ROLE_CATEGORIES, ROLE_CATEGORY_LABELS, type RoleCategory } from '#common/roles';
import { refine, type SearchState } from '../search-state.ts';
import { CheckboxRow, FilterSection, Select } from './filter-controls.tsx';
import { PremiumFilters } from './premium-filters.tsx';

interface FilterProps {
  state: SearchState;
  onChange: (next: SearchState) => void;
}

/** Who to look for: roles, a stage of production, a place, and the Premium filters. */
export function SearchFilters({ state, onChange, isSubscribed }: FilterProps & { isSubscribed: boolean }) {
  const categoryId = useId();
  return (
    <div className="flex flex-col gap-7">
      <RoleFilter state={state} onChange={onChange} />
      <FilterSection title="Category" htmlFor={categoryId}>
        <Select
          id={categoryId}
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
      <LocationFilter key={state.location} state={state} onChange={onChange} />
      <PremiumFilters state={state} onChange={onChange} isSubscribed={isSubscribed} />
    </div>
  );
}

/** Applied on Enter or when the field is left, not per keystroke: each change is a new search. */
function LocationFilter({ state, onChange }: FilterProps) {
  const id = useId();
  const [text, setText] = useState(state.location);
  const apply = () => {
    const location = text.trim();
    if (location !== state.location) onChange(refine(state, { location }));
  };
  return (
    <FilterSection title="Location" htmlFor={id}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
        className="relative"
      >
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={id}
          type="text"
          name="location"
          value={text}
          maxLength={LIMITS.locationMax}
          placeholder="City or region, e.g. Atlanta"
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => setText(event.target.value)}
          onBlur={apply}
          className="pl-9"
        />
      </form>
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
