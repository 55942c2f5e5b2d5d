import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store.ts';
import { apiSend } from '#client/lib/http.ts';
import type {
  AccessTokenListResponse,
  CreateAccessTokenRequest,
  CreatedAccessToken,
} from '#common/schemas/access-tokens';
import { errorText } from './api.ts';

const PATH = '/api/account/tokens';

/** The member's personal access tokens, newest first, never their secrets (issue 37, ADR 032). */
export const accessTokensQuery = queryOptions<AccessTokenListResponse>({ queryKey: [PATH] });

/** Makes a token; the answer carries its secret, shown once by the caller and kept nowhere else. */
export function useCreateAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessTokenRequest) => apiSend<CreatedAccessToken>('POST', PATH, body),
    onSuccess: ({ token: _secret, ...listed }) => {
      client.setQueryData(accessTokensQuery.queryKey, (list) =>
        list ? { tokens: [listed, ...list.tokens] } : list,
      );
      void client.invalidateQueries({ queryKey: accessTokensQuery.queryKey });
    },
  });
}

export function useRevokeAccessToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<void>('DELETE', `${PATH}/${id}`),
    onSuccess: (_answer, id) => {
      client.setQueryData(accessTokensQuery.queryKey, (list) =>
        list ? { tokens: list.tokens.filter((one) => one.id !== id) } : list,
      );
      toast({ title: 'Token revoked', description: 'Calls made with it are refused from now on.' });
    },
    onError: (error) =>
      toast({
        title: 'Not revoked',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      }),
    onSettled: () => void client.invalidateQueries({ queryKey: accessTokensQuery.queryKey }),
  });
}
