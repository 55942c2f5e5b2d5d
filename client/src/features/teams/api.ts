import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/http.ts';
import type { Team } from '#common/schemas/teams';

export type TeamSummary = Pick<
  Team,
  'id' | 'name' | 'location' | 'startDate' | 'endDate' | 'status' | 'myRole'
>;
export const teamsQuery = queryOptions<{ teams: TeamSummary[] }>({ queryKey: ['/api/teams'] });
export const teamQuery = (id: number) => queryOptions<Team>({ queryKey: [`/api/teams/${id}`] });

function useTeamChange<TVariables, TResult>(request: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/team'),
      }),
  });
}

export const useCreateTeam = () =>
  useTeamChange(
    (body: {
      name: string;
      location: string | null;
      startDate: string | null;
      endDate: string | null;
      description: string;
    }) => apiSend<Team>('POST', '/api/teams', body),
  );
export const useAddPosition = (teamId: number) =>
  useTeamChange((body: { roleId: number; count: number }) =>
    apiSend<Team>('POST', `/api/teams/${teamId}/positions`, body),
  );
export const useInvite = (teamId: number) =>
  useTeamChange((body: { userId: number; positionId?: number }) =>
    apiSend<Team>('POST', `/api/teams/${teamId}/invites`, body),
  );
export const useAnswerInvite = (teamId: number) =>
  useTeamChange((accept: boolean) =>
    apiSend('POST', `/api/team-invites/${teamId}/${accept ? 'accept' : 'decline'}`, {}),
  );
export const useRemoveMember = (teamId: number) =>
  useTeamChange((userId: number) => apiSend<void>('DELETE', `/api/teams/${teamId}/members/${userId}`));
export const useUpdateTeam = (teamId: number) =>
  useTeamChange((body: { status: 'open' | 'closed' }) =>
    apiSend<Team>('PATCH', `/api/teams/${teamId}`, body),
  );
