import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Avatar } from '#client/components/avatar.tsx';
import { EmptyState } from '#client/components/state-message.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { BookCrew } from '#client/features/bookings/components/book-crew.tsx';
import { useRoles } from '#client/features/roles/api.ts';
import { SUGGEST_MIN_LENGTH, searchResultsQuery } from '#client/features/search/api.ts';
import { useDebouncedValue } from '#client/features/search/hooks/use-debounced-value.ts';
import { searchForWords, searchHref } from '#client/features/search/search-state.ts';
import {
  teamQuery,
  useAddPosition,
  useAnswerInvite,
  useInvite,
  useRemoveMember,
  useUpdateTeam,
} from '#client/features/teams/api.ts';
import { mismatchText, roleMismatch } from '#client/features/teams/invite-role.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { personName } from '#common/people';
import { canAnswerInvite, canCrewTeam, canManageTeam } from '#common/policies/teams';
import type { SearchResult } from '#common/schemas/search';
import type { Team } from '#common/schemas/teams';

const fieldClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground focus:border-ring';
const STATUS = { invited: 'Invited', accepted: 'On the team', declined: 'Declined' } as const;

function AddPosition({ teamId }: { teamId: number }) {
  const roles = useRoles();
  const [roleId, setRoleId] = useState(0);
  const [count, setCount] = useState(1);
  const add = useAddPosition(teamId);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (roleId) add.mutate({ roleId, count });
      }}
    >
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm font-medium">
        Role needed
        <select className={fieldClass} value={roleId} onChange={(e) => setRoleId(Number(e.target.value))}>
          <option value={0}>Choose a role</option>
          {(roles.data ?? []).map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex w-24 flex-col gap-1 text-sm font-medium">
        How many
        <input
          type="number"
          min={1}
          max={100}
          className={fieldClass}
          value={count}
          onChange={(e) => setCount(Number(e.target.value))}
        />
      </label>
      <Button type="submit" variant="outline" disabled={!roleId || add.isPending}>
        Add position
      </Button>
    </form>
  );
}

/**
 * A crew search inside the builder: find someone, invite them to a position. It asks the search
 * API exactly what /search asks for the same words (issue 31), so it finds the same people.
 */
function InviteCrew({ team }: { team: Team }) {
  const [q, setQ] = useState('');
  // Until the owner picks, the first position (which may be added after this form appears).
  const [picked, setPicked] = useState<number | 'any' | null>(null);
  // Someone whose roles do not include the position's: asked about before they are invited.
  const [asking, setAsking] = useState<SearchResult | null>(null);
  const positionId = picked === 'any' ? undefined : (picked ?? team.positions[0]?.id);
  const position = team.positions.find((p) => p.id === positionId);
  const search = searchForWords(useDebouncedValue(q, 300));
  const people = useQuery({
    ...searchResultsQuery(search),
    enabled: search.q.length >= SUGGEST_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
  const invite = useInvite(team.id);
  const invitedIds = new Set(team.members.map((m) => m.person.id));
  const send = (person: SearchResult) =>
    invite.mutate(
      { userId: person.id, ...(positionId ? { positionId } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          toast({ title: `Invited ${personName(person)}` });
        },
      },
    );
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_14rem]">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Find crew
          <input
            type="search"
            className={fieldClass}
            placeholder="Name, role or skill"
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          For position
          <select
            className={fieldClass}
            value={positionId ?? ''}
            onChange={(e) => {
              setPicked(e.target.value ? Number(e.target.value) : 'any');
              setAsking(null);
            }}
          >
            <option value="">Any</option>
            {team.positions.map((p) => (
              <option key={p.id} value={p.id}>
                {p.role.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      {invite.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {invite.error.message}
        </p>
      ) : null}
      {asking && position ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
        >
          <p className="min-w-0 flex-1">{mismatchText(personName(asking), position)}</p>
          <Button size="sm" variant="brand" disabled={invite.isPending} onClick={() => send(asking)}>
            Invite anyway
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setAsking(null)}>
            Cancel
          </Button>
        </div>
      ) : null}
      {people.data && search.q.length >= SUGGEST_MIN_LENGTH ? (
        <>
          <ul aria-label="Crew found" className="divide-y divide-border rounded-xl border border-border">
            {people.data.results.length === 0 ? (
              <li className="px-4 py-3 text-sm text-muted-foreground">Nobody found for “{search.q}”.</li>
            ) : null}
            {people.data.results.map((person) => (
              <li key={person.id} className="flex items-center gap-3 px-4 py-2">
                <Avatar user={person} size={32} />
                <span className="min-w-0 flex-1 truncate text-sm">
                  <span className="font-medium">{personName(person)}</span>
                  <span className="text-muted-foreground"> · {person.roles[0]?.name ?? 'Crew'}</span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={invitedIds.has(person.id) || invite.isPending}
                  onClick={() => (roleMismatch(position, person.roles) ? setAsking(person) : send(person))}
                >
                  <UserPlus aria-hidden="true" />
                  {invitedIds.has(person.id) ? 'Invited' : 'Invite'}
                </Button>
              </li>
            ))}
          </ul>
          {people.data.total > people.data.results.length ? (
            <Link to={searchHref(search)} className="text-sm font-medium underline">
              See all {people.data.total} in search
            </Link>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** SPEC's /team/{teamId}: the crew sheet, to its owner, its members and those invited. */
export default function TeamPage() {
  const id = Number(useParams().teamId);
  const team = useQuery({ ...teamQuery(id), enabled: Number.isInteger(id) && id > 0 });
  useDocumentTitle(team.data?.name ?? 'Team');
  const answer = useAnswerInvite(id);
  const remove = useRemoveMember(id);
  const update = useUpdateTeam(id);
  if (team.isError || !(Number.isInteger(id) && id > 0)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <EmptyState title={team.error?.message ?? 'Team not found'}>
          <Link to="/team-builder" className="underline">
            Your teams
          </Link>
        </EmptyState>
      </div>
    );
  }
  if (team.isPending) return <Skeleton aria-busy="true" className="mx-auto mt-10 h-64 max-w-layout" />;
  const t = team.data;
  const owner = canManageTeam(t.myRole);
  // Inviting and booking for a position: the owner's, while the team is open.
  const crewing = canCrewTeam({ role: t.myRole, status: t.status });
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-bold tracking-tight">{t.name}</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {[t.location, t.startDate && `${t.startDate} to ${t.endDate ?? '…'}`, `by ${personName(t.owner)}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {t.description ? <p className="mt-3 max-w-2xl whitespace-pre-wrap">{t.description}</p> : null}
        </div>
        {t.status === 'closed' ? <Badge>Closed</Badge> : null}
        {owner && t.status === 'open' ? (
          <Button variant="ghost" onClick={() => update.mutate({ status: 'closed' })}>
            Close team
          </Button>
        ) : null}
      </div>
      {canAnswerInvite(t.myRole) ? (
        <div className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 dark:border-amber-900 dark:bg-amber-950/40">
          <p className="flex-1 text-sm">{personName(t.owner)} invited you to join this team.</p>
          <Button
            onClick={() =>
              answer.mutate(true, { onSuccess: () => toast({ title: 'Team invitation accepted' }) })
            }
          >
            Accept
          </Button>
          <Button
            variant="outline"
            onClick={() =>
              answer.mutate(false, { onSuccess: () => toast({ title: 'Team invitation declined' }) })
            }
          >
            Decline
          </Button>
        </div>
      ) : null}
      <section aria-labelledby="crew-sheet" className="flex flex-col gap-3">
        <h2 id="crew-sheet" className="text-xl font-semibold">
          Crew sheet
        </h2>
        {t.positions.length === 0 ? <p className="text-sm text-muted-foreground">No positions yet.</p> : null}
        <ul aria-label="Positions" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {t.positions.map((p) => (
            <li
              key={p.id}
              className="flex items-center justify-between rounded-xl border border-border px-4 py-3"
            >
              <span className="font-medium">{p.role.name}</span>
              <span className="text-sm text-muted-foreground">
                {p.filled} of {p.count} filled
              </span>
            </li>
          ))}
        </ul>
        {owner ? <AddPosition teamId={t.id} /> : null}
        <ul aria-label="Members" className="divide-y divide-border rounded-xl border border-border">
          {t.members.length === 0 ? (
            <li className="px-4 py-3 text-sm text-muted-foreground">Nobody invited yet.</li>
          ) : null}
          {t.members.map((m) => {
            const position = t.positions.find((p) => p.id === m.positionId);
            return (
              <li key={m.person.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3">
                <Avatar user={m.person} size={36} />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/profile/${m.person.id}`}
                    className="block truncate text-sm font-medium hover:underline"
                  >
                    {personName(m.person)}
                  </Link>
                  <p className="truncate text-sm text-muted-foreground">
                    {position?.role.name ?? 'Any position'}
                  </p>
                </div>
                <Badge>{STATUS[m.status]}</Badge>
                {owner ? (
                  <div className="flex w-full flex-wrap justify-end gap-2 sm:w-auto">
                    {position && m.status !== 'declined' && crewing ? (
                      <BookCrew
                        crew={{ id: m.person.id, name: personName(m.person), roles: [position.role] }}
                        team={{
                          teamId: t.id,
                          positionId: position.id,
                          name: t.name,
                          startDate: t.startDate,
                          endDate: t.endDate,
                        }}
                        size="sm"
                      />
                    ) : null}
                    <Button size="sm" variant="ghost" onClick={() => remove.mutate(m.person.id)}>
                      Remove
                    </Button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      {crewing ? (
        <section aria-labelledby="invite-heading" className="flex flex-col gap-3">
          <h2 id="invite-heading" className="text-xl font-semibold">
            Invite crew
          </h2>
          <InviteCrew team={t} />
        </section>
      ) : null}
    </div>
  );
}
