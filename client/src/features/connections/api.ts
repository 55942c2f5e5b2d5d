import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '#client/lib/http.ts';
import type { Connection, ConnectionRequests, ConnectionStatus } from '#common/schemas/connections';

export const connectionsQuery = queryOptions<{ connections: Connection[] }>({
  queryKey: ['/api/connections'],
});
export const connectionRequestsQuery = queryOptions<ConnectionRequests>({
  queryKey: ['/api/connections/requests'],
});
export const connectionStatusQuery = (userId: number) =>
  queryOptions<{ status: ConnectionStatus }>({ queryKey: [`/api/connections/status/${userId}`] });
/** Every status: what any change of a connection makes stale. */
const everyConnectionQuery = {
  predicate: (query: { queryKey: readonly unknown[] }) =>
    String(query.queryKey[0]).startsWith('/api/connections'),
};

/** Any change to a connection refreshes the lists and the statuses shown on profiles. */
function useConnectionChange<TVariables>(request: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries(everyConnectionQuery),
  });
}

export const useRequestConnection = () =>
  useConnectionChange((userId: number) =>
    apiSend<{ status: ConnectionStatus }>('POST', '/api/connections', { userId }),
  );
export const useAnswerConnection = () =>
  useConnectionChange(({ requesterId, accept }: { requesterId: number; accept: boolean }) =>
    apiSend('POST', `/api/connections/${accept ? 'accept' : 'decline'}`, { requesterId }),
  );
export const useRemoveConnection = () =>
  useConnectionChange((userId: number) => apiSend<void>('DELETE', `/api/connections/${userId}`));
