import { MapPin, Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { groupByCategory, useRoles } from '#client/features/roles/api.ts';
import { LIMITS } from '#common/limits';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import { type CallFilters, callsHref, hasCallFilters, parseCallFilters } from '../call-filters.ts';

const selectClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground shadow-sm focus:border-ring';

/**
 * /calls' filters: a plain GET form to /calls whose field names are the address's (ADR 028), so
 * before the app starts, or without JavaScript, "Search" asks the server for the filtered page.
 * With the app, the role and the dates apply as they are chosen and the place on Enter or Search;
 * each is a navigation, so Back undoes it. The fields are uncontrolled; a change of the address
 * from elsewhere (Back, "Clear filters") writes them anew, in place, so focus stays where it is.
 */
export function CallFilterForm({ filters }: { filters: CallFilters }) {
  const ids = { role: useId(), location: useId(), from: useId(), to: useId() };
  const navigate = useNavigate();
  const roles = useRoles();
  const form = useRef<HTMLFormElement>(null);
  const href = callsHref(filters);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what changed.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    const set = (name: string, value: string) => {
      const field = fields.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) field.value = value;
    };
    set('role', filters.role === null ? '' : String(filters.role));
    set('location', filters.location);
    set('from', filters.from ?? '');
    set('to', filters.to ?? '');
  }, [href]);
  const apply = (form: HTMLFormElement) => {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') params.append(name, value);
    void navigate(callsHref(parseCallFilters(params)), { preventScrollReset: true });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };
  const applyNow = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
    if (event.currentTarget.form) apply(event.currentTarget.form);
  };
  // A date applies when its field is left: typing one fires a change at each complete day.
  const applyIfChanged = (event: { currentTarget: HTMLInputElement }) => {
    const { name, value } = event.currentTarget;
    if (value !== ((name === 'from' ? filters.from : filters.to) ?? '')) applyNow(event);
  };
  return (
    <form
      ref={form}
      action="/calls"
      method="get"
      onSubmit={submit}
      aria-label="Filter calls"
      className="grid grid-cols-2 gap-3 rounded-xl border border-border bg-card p-4 lg:grid-cols-[1.2fr_1.2fr_1fr_1fr_auto] lg:items-end"
    >
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      <div className="col-span-2 flex flex-col gap-2 sm:col-span-1">
        <Label htmlFor={ids.role}>Role</Label>
        <select
          id={ids.role}
          name="role"
          defaultValue={filters.role ?? ''}
          onChange={applyNow}
          className={selectClass}
        >
          <option value="">Any role</option>
          {/* Until the catalogue arrives, the chosen role still shows as chosen. */}
          {!roles.data && filters.role !== null ? <option value={filters.role}>Chosen role</option> : null}
          {groupByCategory(roles.data ?? []).map((group) => (
            <optgroup key={group.category} label={ROLE_CATEGORY_LABELS[group.category]}>
              {group.roles.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex flex-col gap-2 sm:col-span-1">
        <Label htmlFor={ids.location}>Place</Label>
        <div className="relative">
          <MapPin
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={ids.location}
            name="location"
            defaultValue={filters.location}
            maxLength={LIMITS.locationMax}
            placeholder="City or region"
            autoComplete="off"
            enterKeyHint="search"
            className="pl-9"
          />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.from}>From</Label>
        <Input
          id={ids.from}
          type="date"
          name="from"
          defaultValue={filters.from ?? ''}
          onBlur={applyIfChanged}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.to}>To</Label>
        <Input id={ids.to} type="date" name="to" defaultValue={filters.to ?? ''} onBlur={applyIfChanged} />
      </div>
      <div className="col-span-2 flex gap-2 lg:col-span-1">
        <Button type="submit" variant="brand" className="flex-1 lg:flex-none">
          <Search aria-hidden="true" />
          Search
        </Button>
        {hasCallFilters(filters) ? (
          <Link
            to="/calls"
            className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium hover:bg-muted"
          >
            <X aria-hidden="true" className="size-4" />
            Clear
          </Link>
        ) : null}
      </div>
    </form>
  );
}
