import { useQuery } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { LazyDialog } from '#client/components/ui/lazy-overlays.tsx';
import { toast } from '#client/components/ui/toast-store.ts';
import { cn } from '#client/lib/cn.ts';
import { hasPremium } from '#common/policies/premium';
import { inviteDecision } from '#common/policies/teams';
import { teamQuery, teamsQuery, useInvite } from '../api.ts';
import { mismatchText, roleMismatch } from '../invite-role.ts';

const fieldClass =
  'h-10 w-full rounded-lg border border-border bg-background px-3 text-sm text-foreground focus:border-ring';

interface Invitee {
  id: number;
  name: string;
  roles: readonly { id: number; name: string }[];
}

/**
 * "Invite to team" on a profile or a search result (issue 31): for a Premium member who owns an
 * open team, a picker of the team and the position. Nothing shows to anyone else.
 */
export function InviteToTeam({
  viewer,
  person,
  size = 'md',
  tone = 'default',
}: {
  viewer: { id: number; isSubscribed: boolean } | null;
  person: Invitee;
  size?: 'sm' | 'md';
  tone?: 'hero' | 'default';
}) {
  const [open, setOpen] = useState(false);
  const teams = useQuery({ ...teamsQuery, enabled: hasPremium(viewer) });
  const mine = (teams.data?.teams ?? []).filter(
    (team) =>
      viewer !== null && inviteDecision(viewer, { role: team.myRole, status: team.status }, person.id).ok,
  );
  if (mine.length === 0) return null;
  return (
    <>
      <Button
        variant="outline"
        size={size}
        className={cn(tone === 'hero' && 'bg-transparent text-white hover:text-foreground')}
        onClick={() => setOpen(true)}
      >
        <UserPlus aria-hidden="true" />
        Invite to team
      </Button>
      <LazyDialog
        open={open}
        onOpenChange={setOpen}
        title={`Invite ${person.name} to a team`}
        description="Choose one of your open teams and the position you want them for."
      >
        <InvitePicker teams={mine} person={person} onDone={() => setOpen(false)} />
      </LazyDialog>
    </>
  );
}

function InvitePicker({
  teams,
  person,
  onDone,
}: {
  teams: { id: number; name: string }[];
  person: Invitee;
  onDone: () => void;
}) {
  const [teamId, setTeamId] = useState(teams[0]?.id ?? 0);
  // Until one is picked: the first position for one of their roles, else the first.
  const [picked, setPicked] = useState<number | 'any' | null>(null);
  const [asking, setAsking] = useState(false);
  const team = useQuery({ ...teamQuery(teamId), enabled: teamId > 0 });
  const invite = useInvite(teamId);
  const positions = team.data?.positions ?? [];
  const suggested = positions.find((p) => !roleMismatch(p, person.roles)) ?? positions[0];
  const positionId = picked === 'any' ? undefined : (picked ?? suggested?.id);
  const position = positions.find((p) => p.id === positionId);
  const already = team.data?.members.find((m) => m.person.id === person.id && m.status !== 'declined');
  const send = () =>
    invite.mutate(
      { userId: person.id, ...(positionId ? { positionId } : {}) },
      {
        onSuccess: () => {
          toast({ title: `Invited ${person.name} to ${team.data?.name ?? 'the team'}` });
          onDone();
        },
      },
    );
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (roleMismatch(position, person.roles) && !asking) setAsking(true);
        else send();
      }}
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        Team
        <select
          className={fieldClass}
          value={teamId}
          onChange={(e) => {
            setTeamId(Number(e.target.value));
            setPicked(null);
            setAsking(false);
          }}
        >
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Position
        <select
          className={fieldClass}
          value={positionId ?? ''}
          disabled={team.isPending}
          onChange={(e) => {
            setPicked(e.target.value ? Number(e.target.value) : 'any');
            setAsking(false);
          }}
        >
          <option value="">Any position</option>
          {positions.map((p) => (
            <option key={p.id} value={p.id}>
              {p.role.name} ({p.filled} of {p.count} filled)
            </option>
          ))}
        </select>
      </label>
      {already ? (
        <p className="text-sm text-muted-foreground">
          {person.name} is{' '}
          {already.status === 'accepted' ? 'on this team already' : 'invited to this team already'}.
        </p>
      ) : null}
      {asking && position ? (
        <p
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950/40"
        >
          {mismatchText(person.name, position)}
        </p>
      ) : null}
      {invite.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {invite.error.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={invite.isPending || team.isPending || !!already}>
          {invite.isPending ? 'Inviting…' : asking ? 'Invite anyway' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
