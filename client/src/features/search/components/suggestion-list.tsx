import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '#client/components/avatar.tsx';
import { RoleIcon } from '#client/features/roles/components/role-icon.tsx';
import { cn } from '#client/lib/cn.ts';
import { personName } from '#common/people';
import { ROLE_CATEGORY_LABELS } from '#common/roles';
import type { Role } from '#common/schemas/roles';
import type { SearchResult } from '#common/schemas/search';

export type Suggestion = { kind: 'role'; role: Role } | { kind: 'person'; person: SearchResult };

const nameOf = (person: SearchResult) => personName(person);

/**
 * The listbox under the search box. It never takes focus (the text box keeps it and points at the
 * highlighted option with aria-activedescendant), so a mouse press must not blur the box either.
 */
export function SuggestionList({
  id,
  open,
  suggestions,
  active,
  optionId,
  searching,
  onPick,
  onHover,
}: {
  id: string;
  open: boolean;
  suggestions: Suggestion[];
  active: number;
  optionId: (index: number) => string;
  searching: boolean;
  onPick: (suggestion: Suggestion) => void;
  onHover: (index: number) => void;
}) {
  const indexed = suggestions.map((suggestion, index) => ({ suggestion, index }));
  const roles = indexed.filter(({ suggestion }) => suggestion.kind === 'role');
  const people = indexed.filter(({ suggestion }) => suggestion.kind === 'person');
  const option = ({ suggestion, index }: { suggestion: Suggestion; index: number }) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's text box handles the keys (arrows, Enter)
    <div
      key={suggestion.kind === 'role' ? `role-${suggestion.role.id}` : `person-${suggestion.person.id}`}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      tabIndex={-1}
      onClick={() => onPick(suggestion)}
      onMouseMove={() => {
        if (index !== active) onHover(index);
      }}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm',
        index === active && 'bg-accent text-accent-foreground',
      )}
    >
      {suggestion.kind === 'role' ? (
        <RoleOption role={suggestion.role} />
      ) : (
        <PersonOption person={suggestion.person} />
      )}
    </div>
  );

  return (
    <>
      <div
        id={id}
        role="listbox"
        aria-label="Suggestions"
        hidden={!open}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[min(28rem,70vh)] overflow-y-auto rounded-lg border border-border bg-card p-1 text-foreground shadow-lg"
      >
        {roles.length > 0 ? <SuggestionGroup label="Roles">{roles.map(option)}</SuggestionGroup> : null}
        {people.length > 0 ? <SuggestionGroup label="People">{people.map(option)}</SuggestionGroup> : null}
        {searching ? (
          <p className="flex items-center gap-2 px-3 py-2 text-xs text-muted-foreground">
            <Loader2 aria-hidden="true" className="size-3.5 animate-spin" />
            Finding people…
          </p>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite">
        {open ? suggestionSummary(roles.length, people.length) : ''}
      </p>
    </>
  );
}

function suggestionSummary(roles: number, people: number): string {
  const parts = [];
  if (roles > 0) parts.push(`${roles} ${roles === 1 ? 'role' : 'roles'}`);
  if (people > 0) parts.push(`${people} ${people === 1 ? 'person' : 'people'}`);
  return parts.length > 0 ? `${parts.join(' and ')} suggested. Use the arrow keys to choose.` : '';
}

/** The visible heading is decoration; the group's name comes from aria-label (a listbox group holds options only). */
function SuggestionGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of listbox options, not of form fields
    <div role="group" aria-label={label} className="py-1">
      <p
        aria-hidden="true"
        className="px-3 pb-1 pt-1.5 text-[11px] font-semibold uppercase tracking-wide text-muted-foreground"
      >
        {label}
      </p>
      {children}
    </div>
  );
}

function RoleOption({ role }: { role: Role }) {
  return (
    <>
      <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
        <RoleIcon icon={role.icon} className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{role.name}</span>
        <span className="block text-xs text-muted-foreground">
          Role · {ROLE_CATEGORY_LABELS[role.category]}
        </span>
      </span>
    </>
  );
}

function PersonOption({ person }: { person: SearchResult }) {
  const detail = [person.roles[0]?.name, person.location].filter(Boolean).join(' · ');
  return (
    <>
      <Avatar user={person} size={32} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{nameOf(person)}</span>
        {detail ? <span className="block truncate text-xs text-muted-foreground">{detail}</span> : null}
      </span>
    </>
  );
}
