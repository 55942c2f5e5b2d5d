import { BookmarkPlus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button.tsx';
import { FormAlert, TextField } from '#client/components/ui/form-field.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorText, useViewer } from '#client/features/auth/api.ts';
import { useRoles } from '#client/features/roles/api.ts';
import type { SearchState } from '#client/features/search/search-state.ts';
import { ApiError } from '#client/lib/http.ts';
import { firePageEvent, PAGE_EVENTS } from '#client/lib/page-events.ts';
import { SAVED_SEARCH_NAME_MAX } from '#common/saved-searches';
import { savedQueryOf, useSaveSearch } from '../api.ts';
import { searchSummary } from '../query-summary.ts';

/**
 * "Save this search" (issue 35). A member names the search in a dialog and it is kept with its
 * words, filters and dates, alerts on. A visitor (and anyone until the session check says
 * otherwise: the server renders search as a visitor sees it) is asked to sign in first.
 */
export function SaveSearchButton({ state, className }: { state: SearchState; className?: string }) {
  const viewer = useViewer();
  const [open, setOpen] = useState(false);
  if (!viewer) return <SignInToSave className={className} />;
  return (
    <>
      <Button variant="outline" className={className} onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" />
        Save this search
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title="Save this search"
        description="Run it again from Saved searches, and hear when new crew match it."
      >
        <SaveSearchForm state={state} onSaved={() => setOpen(false)} />
      </LazyDialog>
    </>
  );
}

/**
 * A visitor's "Save this search": why to sign in, and the way to. A dialog rather than a popover:
 * it loads when opened (LazyDialog), so a visitor's first load of search carries none of it.
 */
function SignInToSave({ className }: { className?: string | undefined }) {
  const [open, setOpen] = useState(false);
  const go = (event: typeof PAGE_EVENTS.openLogin | typeof PAGE_EVENTS.openRegister) => {
    setOpen(false);
    firePageEvent(event);
  };
  return (
    <>
      <Button variant="outline" className={className} onClick={() => setOpen(true)}>
        <BookmarkPlus aria-hidden="true" />
        Save this search
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign in to save searches"
        description="Keep this search, run it again in one click, and hear when new crew match it."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => go(PAGE_EVENTS.openRegister)}>
            Sign up
          </Button>
          <Button onClick={() => go(PAGE_EVENTS.openLogin)}>Log in</Button>
        </div>
      </LazyDialog>
    </>
  );
}

function SaveSearchForm({ state, onSaved }: { state: SearchState; onSaved: () => void }) {
  const roles = useRoles();
  const summary = searchSummary(state, roles.data);
  const [name, setName] = useState(() => summary.slice(0, SAVED_SEARCH_NAME_MAX));
  const save = useSaveSearch();
  const failure = save.error;
  const nameError = failure instanceof ApiError ? (failure.fields?.name ?? undefined) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), query: savedQueryOf(state) },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Search saved',
            description: `“${saved.name}” is in Saved searches. We’ll tell you when new crew match.`,
          });
          onSaved();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-5" noValidate>
      <p className="rounded-lg bg-muted px-3 py-2 text-sm">
        <span className="sr-only">This search: </span>
        {summary}
      </p>
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={SAVED_SEARCH_NAME_MAX}
        required
        autoComplete="off"
        hint="For example: Gaffers in Atlanta, March shoot"
        error={nameError}
      />
      {failure && !nameError ? <FormAlert message={errorText(failure, 'The search was not saved.')} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" variant="brand" disabled={save.isPending || name.trim() === ''}>
          {save.isPending ? 'Saving…' : 'Save search'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        All your saved searches are in{' '}
        <Link to="/saved-searches" className="font-medium text-foreground underline underline-offset-4">
          Saved searches
        </Link>
        .
      </p>
    </form>
  );
}
