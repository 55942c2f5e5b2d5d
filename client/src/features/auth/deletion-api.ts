import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '#client/components/ui/toast-store.ts';
import { clearCsrfToken } from '#client/lib/csrf.ts';
import { apiSend } from '#client/lib/http.ts';
import { forgetMember } from '#client/lib/member-session.ts';
import type {
  DeleteAccountRequest,
  DeleteAccountResponse,
  RestoreAccountRequest,
} from '#common/schemas/account-deletion';
import type { AuthUser } from '#common/schemas/auth';
import { currentUserQuery } from './api.ts';

/** Where a member lands once their account is deleted: signed out, with the date it is erased. */
export const accountDeletedPath = (eraseAfter: string) =>
  `/account-deleted?until=${encodeURIComponent(eraseAfter)}`;

/**
 * "Delete my account" (issue 33, ADR 026): every session ends on the server. This tab leaves the
 * protected page first, in the same tick (a refetch of the user answering 401 would otherwise send
 * it to the sign-in page, and that navigation would cancel ours), then forgets the member (hint,
 * caches) and loads the goodbye page afresh, with nothing of theirs left in memory.
 */
export function useDeleteAccount() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      apiSend<DeleteAccountResponse>('DELETE', '/api/account', { ...body }),
    onSuccess: ({ eraseAfter }) => {
      const path = accountDeletedPath(eraseAfter);
      void navigate(path, { replace: true });
      clearCsrfToken();
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      void forgetMember().finally(() => window.location.replace(path));
    },
  });
}

/** "Restore my account": the token the sign-in answered with (and a code for two-factor accounts). */
export function useRestoreAccount({
  onSuccess,
}: {
  onSuccess?: ((user: AuthUser) => void) | undefined;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RestoreAccountRequest) =>
      apiSend<AuthUser>('POST', '/api/account/restore', { ...body }),
    onSuccess: (user) => {
      clearCsrfToken();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Account restored', description: 'Welcome back! Your profile is visible again.' });
      onSuccess?.(user);
    },
  });
}
