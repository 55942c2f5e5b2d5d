import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { teamsQuery, useCreateTeam } from '#client/features/teams/api.ts';
import { TeamList } from '#client/features/teams/components/team-list.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

const fieldClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground focus:border-ring';

function NewTeamForm() {
  const [form, setForm] = useState({ name: '', location: '', startDate: '', endDate: '', description: '' });
  const create = useCreateTeam();
  const navigate = useNavigate();
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <form
      aria-labelledby="new-team"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-card p-6"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          {
            name: form.name,
            description: form.description,
            location: form.location || null,
            startDate: form.startDate || null,
            endDate: form.endDate || null,
          },
          { onSuccess: (team) => void navigate(`/team/${team.id}`) },
        );
      }}
    >
      <h2 id="new-team" className="font-semibold">
        New production
      </h2>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Name
        <input
          className={fieldClass}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          required
          minLength={2}
          maxLength={120}
        />
      </label>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Location
          <input
            className={fieldClass}
            value={form.location}
            onChange={(e) => set({ location: e.target.value })}
            maxLength={100}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          First shoot day
          <input
            type="date"
            className={fieldClass}
            value={form.startDate}
            onChange={(e) => set({ startDate: e.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Last shoot day
          <input
            type="date"
            className={fieldClass}
            value={form.endDate}
            onChange={(e) => set({ endDate: e.target.value })}
          />
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Description
        <textarea
          className={`${fieldClass} h-20 py-2`}
          value={form.description}
          onChange={(e) => set({ description: e.target.value })}
          maxLength={2000}
        />
      </label>
      {create.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {create.error.message}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create team'}
      </Button>
    </form>
  );
}

/** SPEC's /team-builder: my productions, and a new one. */
export default function TeamBuilderPage() {
  useDocumentTitle('Team Builder');
  const teams = useQuery(teamsQuery);
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Team Builder</h1>
        <p className="mt-2 text-muted-foreground">
          Crew up a production: the positions it needs, and who fills them.
        </p>
      </div>
      <section aria-labelledby="my-teams" className="flex flex-col gap-3">
        <h2 id="my-teams" className="text-xl font-semibold">
          Your teams
        </h2>
        {teams.isPending ? (
          <Skeleton aria-busy="true" className="h-20" />
        ) : teams.isError ? (
          <ErrorState message={teams.error.message} onRetry={() => void teams.refetch()} />
        ) : teams.data.teams.length === 0 ? (
          <EmptyState title="No teams yet">Create your first production below.</EmptyState>
        ) : (
          <TeamList teams={teams.data.teams} label="Your teams" />
        )}
      </section>
      <NewTeamForm />
    </div>
  );
}
