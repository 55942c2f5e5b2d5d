import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store.ts';
import { errorText } from '#client/features/auth/api.ts';
import { ApiError, apiSend } from '#client/lib/http.ts';
import type {
  AuditResponse,
  ReportListResponse,
  SecurityEventsResponse,
  SecuritySummary,
  StaffSession,
  StaffUser,
} from '#common/schemas/admin';
import { STAFF_MESSAGES } from '#common/schemas/admin';
import type { CallReportListResponse } from '#common/schemas/call-reports';

export const reportsQuery = (status: 'open' | 'resolved') =>
  queryOptions<ReportListResponse>({ queryKey: ['/api/admin/reports', { status }], retry: false });

/** Reported crew calls (issue 36), shown in the same queue as the reviews. */
export const callReportsQuery = (status: 'open' | 'resolved') =>
  queryOptions<CallReportListResponse>({ queryKey: ['/api/admin/call-reports', { status }], retry: false });

export const auditQuery = queryOptions<AuditResponse>({ queryKey: ['/api/admin/audit'], retry: false });

export const userLookupQuery = (q: string) =>
  queryOptions<{ users: StaffUser[] }>({
    queryKey: ['/api/admin/users', { q }],
    enabled: q.trim().length > 0,
    retry: false,
  });

export const securitySummaryQuery = queryOptions<SecuritySummary>({
  queryKey: ['/api/admin/security/summary'],
  retry: false,
});

export const securityEventsQuery = (filters: { type: string; user: string; cursor?: number | undefined }) =>
  queryOptions<SecurityEventsResponse>({
    queryKey: ['/api/admin/security/events', filters],
    retry: false,
  });

export const sessionsQuery = (userId: number) =>
  queryOptions<{ sessions: StaffSession[] }>({
    queryKey: [`/api/admin/users/${userId}/sessions`],
    retry: false,
  });

/**
 * What a staff page says when the server refused it: not staff (404), staff without 2FA, or a
 * session that has not shown a code yet (signed in before 2FA was on, or the one that turned it on).
 */
export function staffRefusal(error: unknown): 'not-found' | 'two-factor' | 'session-code' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return 'not-found';
  if (error.status !== 403) return null;
  if (error.plainMessage === STAFF_MESSAGES.twoFactorRequired) return 'two-factor';
  if (error.plainMessage === STAFF_MESSAGES.sessionSecondFactor) return 'session-code';
  return null;
}

/** After a code proved this session: every staff query asks again. */
export const refetchStaffQueries = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/admin/'),
  });

export const needsReauth = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.plainMessage === STAFF_MESSAGES.reauthRequired;

export interface StaffCall {
  method: 'POST' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** The toast once it worked. */
  done: string;
}

/**
 * Every staff action: one call, then the staff queries are refetched (reports, users, audit,
 * sessions). A refusal that asks for re-authentication is left to the caller (the reauth dialog).
 */
export function useStaffAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: StaffCall) => apiSend<unknown>(call.method, call.path, call.body),
    onSuccess: (_data, call) => {
      toast({ title: call.done });
      void refetchStaffQueries(queryClient);
    },
    onError: (error) => {
      if (needsReauth(error)) return;
      toast({
        title: 'Action failed',
        description: errorText(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}

export function useReauthenticate() {
  return useMutation({
    mutationFn: (body: { password?: string; code?: string }) =>
      apiSend<void>('POST', '/api/account/reauthenticate', body),
  });
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** "user_suspended" → "User suspended". */
export const humanize = (code: string) => {
  const text = code.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
