import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '#client/components/ui/badge.tsx';
import type { TeamSummary } from '../api.ts';

const ROLE_BADGE: Record<TeamSummary['myRole'], string> = {
  owner: 'Yours',
  member: 'Member',
  invited: 'Invited',
};

/** Where and when a production shoots, as far as its owner said. */
export const teamWhenAndWhere = (team: TeamSummary) =>
  [team.location, team.startDate && `${team.startDate} to ${team.endDate ?? '…'}`]
    .filter(Boolean)
    .join(' · ');

/**
 * A member's teams, each opening its page: the ones they own, are on, or are invited to (an
 * invitation reads "Answer", since that is what it waits for).
 */
export function TeamList({ teams, label }: { teams: TeamSummary[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-xl border border-border bg-card">
      {teams.map((team) => (
        <li key={team.id}>
          <Link to={`/team/${team.id}`} className="flex items-center gap-3 px-4 py-3 hover:bg-muted">
            <Users aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{team.name}</span>
              <span className="block text-sm text-muted-foreground">{teamWhenAndWhere(team)}</span>
            </span>
            {team.myRole === 'invited' ? (
              <span className="inline-flex items-center gap-1 text-sm font-semibold text-brand-strong dark:text-brand">
                Answer
                <ArrowRight aria-hidden="true" className="size-4" />
              </span>
            ) : (
              <Badge>{team.status === 'closed' ? 'Closed' : ROLE_BADGE[team.myRole]}</Badge>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
