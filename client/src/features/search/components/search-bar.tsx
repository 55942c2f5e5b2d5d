import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { useRoles } from '#client/features/roles/api.ts';
import { cn } from '#client/lib/cn.ts';
import { LIMITS } from '#common/limits';
import { SUGGEST_MIN_LENGTH, usePeopleSuggestions } from '../api.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { matchRoles } from '../role-matches.ts';
import { type Suggestion, SuggestionList } from './suggestion-list.tsx';

const SUGGEST_DEBOUNCE_MS = 200;

export interface SearchBarProps {
  id?: string;
  initialQuery?: string;
  size?: 'md' | 'lg';
  className?: string;
  /** Runs a search for the text; by default opens /search?q=…. */
  onSearch?: (q: string) => void;
  /** A role picked from the suggestions; by default opens /search?role=…. */
  onPickRole?: (roleId: number) => void;
  /**
   * The rest of the search the words go with (filters, order), sent with them as hidden fields when
   * the form goes to the server without the app (see below).
   */
  keep?: URLSearchParams;
}

/**
 * Free-text crew search with suggestions as you type: roles matched at once from the catalogue
 * (synonyms included), people from the server after a short pause. A combobox in the ARIA sense:
 * focus stays in the box, arrows move through the list, Enter opens the highlighted suggestion or
 * else searches for the text, Escape closes the list.
 *
 * A real GET form to /search with the words as `q` (issue 34): before the app has started, or with
 * JavaScript off, Enter or the button is the browser's own submission to /search?q=…, which the
 * server renders with its results (ADR 022). Once the app runs, it searches through the router.
 */
export function SearchBar({
  id,
  initialQuery = '',
  size = 'md',
  className,
  onSearch,
  onPickRole,
  keep,
}: SearchBarProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const input = useRef<HTMLInputElement>(null);
  // Words typed before the app took over the server-rendered box are kept by the box, not by the
  // state: adopt them, so Enter after the start searches for what the box shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the app takes over the box.
  useEffect(() => {
    const shown = input.current?.value;
    if (shown !== undefined && shown !== initialQuery) setQuery(shown);
  }, []);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const typed = query.trim();
  const debounced = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const roles = useRoles();
  const people = usePeopleSuggestions(debounced, open);

  const suggestions = useMemo<Suggestion[]>(() => {
    if (typed.length < SUGGEST_MIN_LENGTH) return [];
    const roleOptions = matchRoles(typed, roles.data ?? []).map(
      (role): Suggestion => ({ kind: 'role', role }),
    );
    // Until the people for the current text arrive, the previous text's people stay listed.
    const personOptions = (people.data?.results ?? []).map(
      (person): Suggestion => ({ kind: 'person', person }),
    );
    return [...roleOptions, ...personOptions];
  }, [typed, roles.data, people.data]);

  const expanded = open && suggestions.length > 0;
  const searching = people.isFetching && debounced.length >= SUGGEST_MIN_LENGTH;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const runSearch = (text: string) => {
    if (onSearch) onSearch(text);
    else navigate(text ? `/search?q=${encodeURIComponent(text)}` : '/search');
  };

  const pick = (suggestion: Suggestion) => {
    close();
    if (suggestion.kind === 'person') {
      navigate(`/profile/${suggestion.person.id}`);
      return;
    }
    setQuery('');
    if (onPickRole) onPickRole(suggestion.role.id);
    else navigate(`/search?role=${suggestion.role.id}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = expanded ? suggestions[active] : undefined;
    if (chosen) {
      pick(chosen);
      return;
    }
    close();
    runSearch(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // Past either end the highlight returns to the text box itself (-1).
      setActive((current) => {
        const next = current + step;
        if (next < -1) return suggestions.length - 1;
        if (next >= suggestions.length) return -1;
        return next;
      });
    } else if (event.key === 'Escape' && expanded) {
      // The first Escape closes the list; only a second one clears the box (the native behaviour).
      event.preventDefault();
      close();
    }
  };

  return (
    <search id={id} className={cn('w-full', className)}>
      <form action="/search" method="get" onSubmit={submit} className="flex w-full gap-2">
        {keep
          ? [...keep].map(([name, value]) => (
              <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
            ))
          : null}
        <div className="relative flex-1">
          <label>
            <span className="sr-only">Search crew by name, role or skill</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
            />
            <input
              ref={input}
              type="search"
              name="q"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={LIMITS.searchTextMax}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(-1);
                setOpen(true);
              }}
              onFocus={() => setOpen(true)}
              onBlur={close}
              onKeyDown={onKeyDown}
              placeholder="Search by name, role or skill: “gaffer Atlanta”"
              className={cn(
                'w-full rounded-lg border border-border bg-card pl-10 pr-3 text-foreground shadow-sm placeholder:text-muted-foreground focus:border-ring',
                size === 'lg' ? 'h-12 text-base' : 'h-10 text-sm',
              )}
            />
          </label>
          <SuggestionList
            id={listId}
            open={expanded}
            suggestions={suggestions}
            active={active}
            optionId={optionId}
            searching={searching}
            onPick={pick}
            onHover={setActive}
          />
        </div>
        <Button type="submit" variant="brand" size={size === 'lg' ? 'lg' : 'md'}>
          Search
        </Button>
      </form>
    </search>
  );
}
