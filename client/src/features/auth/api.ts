import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store.ts';
import { clearCsrfToken } from '#client/lib/csrf.ts';
import { ApiError, apiGet, apiSend } from '#client/lib/http.ts';
import { forgetMember, rememberSession } from '#client/lib/member-session.ts';
import { currentUserQueryDefaults } from '#client/lib/query-client.ts';
import { personName } from '#common/people';
import type { RestoreOfferResponse } from '#common/schemas/account-deletion';
import type {
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from '#common/schemas/admin';
import type {
  AccountSessionsResponse,
  AuthProvidersResponse,
  AuthUser,
  ChangeEmailResponse,
  LoginRequest,
  RegisterRequest,
} from '#common/schemas/auth';

const ME_PATH = '/api/auth/me';

/** SPEC §7: GET /api/auth/me answers the user, and a 401 means "signed out" (null), not a failure. */
async function fetchCurrentUser(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    const user = await apiGet<AuthUser>(ME_PATH, undefined, signal);
    rememberSession(true);
    return user;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    // Signed out, here or elsewhere: the member's cached pages and answers go (lib/member-session.ts).
    rememberSession(false);
    return null;
  }
}

export const currentUserQuery = queryOptions<AuthUser | null>({
  ...currentUserQueryDefaults,
  queryKey: [ME_PATH],
  queryFn: ({ signal }) => fetchCurrentUser(signal),
});

/** undefined while unknown (loading), null when signed out, the user otherwise (SPEC §4). */
export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/**
 * One fact about the viewer, such as whether they own the profile shown. The component renders again
 * only when that fact changes. Until the session check answers, the fact is the visitor's (the
 * server renders every public page as a visitor sees it), so when it answers "signed out", just
 * after a server-rendered page hydrates, the page is not rendered again, whole, to the same markup.
 * Use `useCurrentUser` where waiting for the answer matters (a private page, the account menu).
 */
export function useViewerFact<T>(fact: (user: AuthUser | null) => T): T {
  return useQuery({ ...currentUserQuery, placeholderData: null, select: fact }).data as T;
}

const asIs = (user: AuthUser | null) => user;

/**
 * The viewer as far as it is known: null, a visitor, until the session check names a member. For
 * parts that look the same to a visitor and to someone not known yet (they show only to members),
 * so that a visitor's "signed out" renders none of them again.
 */
export function useViewer(): AuthUser | null {
  return useViewerFact(asIs);
}

/** The name others see for this member (common/src/people.ts): never their username. */
export const displayNameOf = (user: Pick<AuthUser, 'displayName' | 'fallbackName'>) => personName(user);

/** The text a failed request shows: the server's message without its timestamp, else a default. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.plainMessage || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** `onSuccess` runs in the same tick as the cache update, so no render sees one without the other. */
interface AuthMutationOptions {
  onSuccess?: (user: AuthUser) => void;
}

/** Signed in: the token is bound to the session just replaced, and the user is known at once. */
function useSignedIn(onSuccess: AuthMutationOptions['onSuccess']) {
  const queryClient = useQueryClient();
  return (user: AuthUser) => {
    clearCsrfToken();
    queryClient.setQueryData(currentUserQuery.queryKey, user);
    void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    toast({ title: 'Login successful', description: 'Welcome back!' });
    onSuccess?.(user);
  };
}

const loginFailed = (error: unknown) =>
  toast({
    title: 'Login failed',
    description: errorText(error, 'Please check your credentials and try again.'),
    variant: 'destructive',
  });

export type LoginAnswer = AuthUser | { twoFactorRequired: true } | RestoreOfferResponse;
export const needsSecondFactor = (answer: LoginAnswer): answer is { twoFactorRequired: true } =>
  'twoFactorRequired' in answer;
/** The account is scheduled for deletion: the form offers "Restore my account" (ADR 026). */
export const offersRestore = (answer: LoginAnswer): answer is RestoreOfferResponse =>
  'restoreRequired' in answer;

/** Answers the user, or `{twoFactorRequired}` when the account asks for a code next (useLoginCode). */
export function useLogin({ onSuccess }: AuthMutationOptions = {}) {
  const signedIn = useSignedIn(onSuccess);
  return useMutation({
    mutationFn: (body: LoginRequest) => apiSend<LoginAnswer>('POST', '/api/login', body),
    onSuccess: (answer) => {
      if (!needsSecondFactor(answer) && !offersRestore(answer)) signedIn(answer);
    },
    onError: loginFailed,
  });
}

/** The second step of a two-factor sign-in: an authenticator code or a recovery code. */
export function useLoginCode({ onSuccess }: AuthMutationOptions = {}) {
  const signedIn = useSignedIn(onSuccess);
  return useMutation({
    mutationFn: (body: { code?: string; recoveryCode?: string }) =>
      apiSend<AuthUser>('POST', '/api/login/2fa', body),
    onSuccess: signedIn,
    onError: loginFailed,
  });
}

export function useRegister({ onSuccess }: AuthMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterRequest) => apiSend<AuthUser>('POST', '/api/register', body),
    onSuccess: (user) => {
      clearCsrfToken();
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      void queryClient.refetchQueries({ queryKey: currentUserQuery.queryKey });
      toast({
        title: 'Registration successful',
        description: 'Your account has been created. Please set up your profile.',
      });
      onSuccess?.(user);
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: errorText(error, 'Please check your information and try again.'),
        variant: 'destructive',
      });
    },
  });
}

/**
 * True from the moment this tab asks to sign out until the page has been replaced by /. Any refetch
 * of the current user in between answers 401; a protected page seeing that must send the visitor to
 * / (SPEC: after logout the browser goes to /), not to the sign-in page.
 */
let signingOut = false;
export const isSigningOut = () => signingOut;

export function useLogout() {
  return useMutation({
    mutationFn: () => apiSend<void>('POST', '/api/logout'),
    onMutate: () => {
      signingOut = true;
    },
    onSuccess: () => {
      clearCsrfToken();
      // A full load of / (SPEC: after logout the browser goes to /) drops every cached answer that
      // belonged to the signed-in user, and no protected page is left rendered to react to the 401;
      // the service worker's copies go first.
      void forgetMember().finally(() => window.location.assign('/'));
    },
    onError: (error) => {
      signingOut = false;
      toast({
        title: 'Logout failed',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: { email: string }) =>
      apiSend<{ message: string }>('POST', '/api/password-reset/request', body),
  });
}

export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiSend<{ message: string }>('POST', '/api/password-reset/confirm', body),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiSend<{ message: string }>('POST', '/api/account/password', body),
    onSuccess: ({ message }) => toast({ title: 'Password changed', description: message }),
    onError: (error) => {
      toast({
        title: 'Password not changed',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** Asks for a new address: it takes over once the member opens the link we mail to it. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; email: string }) =>
      apiSend<ChangeEmailResponse>('POST', '/api/account/email', body),
    onSuccess: ({ pendingEmail }) => {
      toast({
        title: 'Check your new inbox',
        description: `We sent a link to ${pendingEmail}. Your email changes when you open it.`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Email not changed',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

/** Opens a link that proves an address; the answer is the member with the address it proved. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiSend<AuthUser>('POST', '/api/account/email/verify', { token }),
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

/** Asks for a new link to the member's own address (the server answers 202 whatever it did). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiSend<{ message: string }>('POST', '/api/account/email/verification'),
    onError: (error) => {
      toast({
        title: 'Link not sent',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

export function useTwoFactorSetup() {
  return useMutation({
    mutationFn: () => apiSend<TwoFactorSetupResponse>('POST', '/api/account/2fa/setup'),
  });
}

export function useTwoFactorEnable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorEnableRequest) =>
      apiSend<TwoFactorEnableResponse>('POST', '/api/account/2fa/enable', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Two-factor sign-in is on', description: 'Keep your recovery codes somewhere safe.' });
    },
  });
}

export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableRequest) =>
      apiSend<{ message: string }>('POST', '/api/account/2fa/disable', body),
    onSuccess: ({ message }) => {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Two-factor sign-in turned off', description: message });
    },
  });
}

const SESSIONS_PATH = '/api/account/sessions';

/** "Your devices": the member's signed-in browsers, newest first, this one marked `current`. */
export const accountSessionsQuery = queryOptions<AccountSessionsResponse>({ queryKey: [SESSIONS_PATH] });

function useSessionsEnded(title: string, description: string) {
  const queryClient = useQueryClient();
  return {
    onSuccess: () => toast({ title, description }),
    onError: (error: unknown) => {
      toast({
        title: 'Not signed out',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey }),
  };
}

/** Signs one of the member's other browsers out. */
export function useEndSession() {
  return useMutation({
    mutationFn: (sessionId: number) => apiSend<void>('DELETE', `${SESSIONS_PATH}/${sessionId}`),
    ...useSessionsEnded('Device signed out', 'It needs your password to sign in again.'),
  });
}

/** Signs out every browser of the member but this one. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => apiSend<void>('DELETE', SESSIONS_PATH),
    ...useSessionsEnded('Signed out everywhere else', 'Only this device is still signed in.'),
  });
}

/** The sign-in providers this server has configured (issue 33); they change only with a restart. */
export const authProvidersQuery = queryOptions<AuthProvidersResponse>({
  queryKey: ['/api/auth/providers'],
  staleTime: 5 * 60_000,
});
