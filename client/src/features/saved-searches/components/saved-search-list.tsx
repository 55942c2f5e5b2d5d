import { BellRing, CalendarX, Pencil, Search, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { errorText } from '#client/features/auth/api.ts';
import { useRoles } from '#client/features/roles/api.ts';
import { refine, searchHref } from '#client/features/search/search-state.ts';
import { formatShortDate } from '#client/lib/format.ts';
import { SAVED_SEARCH_NAME_MAX, savedSearchHref } from '#common/saved-searches';
import type { SavedSearch } from '#common/schemas/saved-searches';
import { useDeleteSavedSearch, useUpdateSavedSearch } from '../api.ts';
import { datesHavePassed, savedSearchState, searchSummary } from '../query-summary.ts';

/** The member's saved searches: each with what it looks for, a way to run it, its alerts and its removal. */
export function SavedSearchList({ searches }: { searches: SavedSearch[] }) {
  return (
    <ul aria-label="Saved searches" className="flex flex-col gap-3">
      {searches.map((search) => (
        <SavedSearchItem key={search.id} search={search} />
      ))}
    </ul>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const ids = { title: useId(), alerts: useId() };
  const roles = useRoles();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const state = savedSearchState(search.query);
  const passed = datesHavePassed(state);
  const summary = searchSummary(state, roles.data);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <h2 id={ids.title} className="text-lg font-semibold break-words">
          {search.name}
        </h2>
        {/* A search saved under its summary (the name offered) does not say it twice. */}
        {summary === search.name ? null : (
          <p className="text-sm break-words text-muted-foreground">{summary}</p>
        )}
        <p className="text-xs text-muted-foreground">Saved {formatShortDate(new Date(search.createdAt))}</p>
        {passed ? (
          <p className="mt-1 flex items-center gap-1.5 text-sm text-amber-800 dark:text-amber-300">
            <CalendarX aria-hidden="true" className="size-4 shrink-0" />
            Its dates have begun: run it without them, or save it again with new ones.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Link
          to={
            passed
              ? searchHref(refine(state, { availableFrom: null, availableTo: null, minFreeDays: null }))
              : savedSearchHref(search.query)
          }
          aria-describedby={ids.title}
          className={buttonVariants({ variant: 'brand', size: 'sm' })}
        >
          <Search aria-hidden="true" />
          {passed ? 'Run without dates' : 'Run search'}
        </Link>
        <div className="flex items-center gap-2">
          <Switch
            id={ids.alerts}
            checked={search.alerts}
            aria-describedby={ids.title}
            onCheckedChange={(alerts) => update.mutate({ id: search.id, alerts })}
          />
          <label htmlFor={ids.alerts} className="flex cursor-pointer items-center gap-1.5 text-sm">
            <BellRing aria-hidden="true" className="size-4 text-muted-foreground" />
            Alerts
          </label>
        </div>
        <div className="flex gap-1 sm:ml-auto">
          <Button variant="ghost" size="sm" aria-describedby={ids.title} onClick={() => setRenaming(true)}>
            <Pencil aria-hidden="true" />
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={ids.title}
            className="hover:text-red-700 dark:hover:text-red-400"
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      <LazyDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename saved search"
        description={summary}
      >
        <RenameForm search={search} onDone={() => setRenaming(false)} />
      </LazyDialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete “${search.name}”?`}
        description="The search and its alerts go. People you found stay where they are."
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        destructive
        onConfirm={() => remove.mutate(search.id, { onSettled: () => setDeleting(false) })}
      />
    </li>
  );
}

function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const [name, setName] = useState(search.name);
  const update = useUpdateSavedSearch();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: search.id, name: name.trim() }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={SAVED_SEARCH_NAME_MAX}
        required
        autoComplete="off"
      />
      {update.isError ? <FormAlert message={errorText(update.error, 'The name was not saved.')} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending || name.trim() === ''}>
          {update.isPending ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  );
}
