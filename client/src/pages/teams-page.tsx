import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, ErrorState } from '#client/components/state-message.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Skeleton } from '#client/components/ui/skeleton.tsx';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { teamsQuery } from '#client/features/teams/api.ts';
import { TeamList } from '#client/features/teams/components/team-list.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/**
 * /teams (issue 31): every member's teams, free crew included: invitations waiting for an answer
 * first, then the teams they are on or own. Building a team stays the Premium team builder's.
 */
export default function TeamsPage() {
  useDocumentTitle('Teams');
  const user = useSignedInUser();
  const teams = useQuery(teamsQuery);
  const invited = teams.data?.teams.filter((team) => team.myRole === 'invited') ?? [];
  const joined = teams.data?.teams.filter((team) => team.myRole !== 'invited') ?? [];
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-8 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Teams</h1>
          <p className="mt-2 text-muted-foreground">The productions you crew on, and the ones you build.</p>
        </div>
        <Link
          to={user.isSubscribed ? '/team-builder' : '/subscription'}
          className={buttonVariants({ variant: user.isSubscribed ? 'primary' : 'outline' })}
        >
          {user.isSubscribed ? 'Build a team' : 'Build your own with Premium'}
        </Link>
      </div>
      {teams.isPending ? (
        <Skeleton aria-busy="true" className="h-24" />
      ) : teams.isError ? (
        <ErrorState message={teams.error.message} onRetry={() => void teams.refetch()} />
      ) : teams.data.teams.length === 0 ? (
        <EmptyState title="No teams yet">
          When a production invites you to its team, the invitation shows here.
        </EmptyState>
      ) : (
        <>
          {invited.length > 0 ? (
            <section aria-labelledby="invitations-heading" className="flex flex-col gap-3">
              <h2 id="invitations-heading" className="text-xl font-semibold">
                Invitations
              </h2>
              <TeamList teams={invited} label="Team invitations" />
            </section>
          ) : null}
          {joined.length > 0 ? (
            <section aria-labelledby="your-teams-heading" className="flex flex-col gap-3">
              <h2 id="your-teams-heading" className="text-xl font-semibold">
                Your teams
              </h2>
              <TeamList teams={joined} label="Your teams" />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
