import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from '#client/components/ui/toast-store.ts';
import { useViewer } from '#client/features/auth/api.ts';
import { ApiError, apiGet, apiSend, type QueryParams } from '#client/lib/http.ts';
import { LIMITS, NOTIFICATION_PAGE_SIZE } from '#common/limits';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '#common/notifications';
import { DEFAULT_EMAIL_PREFERENCES } from '#common/policies/email';
import type { AllPreferences, UpdateAllPreferencesRequest } from '#common/schemas/email-preferences';
import type {
  Notification,
  NotificationListResponse,
  TestNotificationRequest,
  TestNotificationResponse,
  UnreadCountResponse,
} from '#common/schemas/notifications';
import {
  allListsKey,
  clearCache,
  markAllReadInCache,
  markReadInCache,
  NOTIFICATIONS_PATH,
  removeFromCache,
  setUnreadCount,
  unreadCountKey,
} from './cache.ts';

const PREFERENCES_PATH = '/api/notifications/preferences';

/** SPEC §8 texts of the notification actions. */
export const NOTIFICATION_TOASTS = {
  actionFailed: { title: 'Error', description: 'Failed to complete action. Please try again.' },
  markAllFailed: { title: 'Error', description: 'Failed to mark notifications as read.' },
  allRead: { title: 'All notifications marked as read' },
  copied: { title: 'Copied to clipboard', description: 'Achievement details copied to share' },
} as const;

export const actionFailedToast = () => toast({ ...NOTIFICATION_TOASTS.actionFailed, variant: 'destructive' });

/** SPEC §9: the unread count is stale after 5 minutes and never polled (the socket keeps it current). */
export const unreadCountQuery = queryOptions<UnreadCountResponse>({
  queryKey: unreadCountKey,
  staleTime: 5 * 60_000,
});

/** Lists carry the user's unread count too; whichever answer came last sets the badge. */
async function fetchList(
  params: QueryParams,
  signal: AbortSignal,
  client: QueryClient,
): Promise<NotificationListResponse> {
  const answer = await apiGet<NotificationListResponse>(NOTIFICATIONS_PATH, params, signal);
  setUnreadCount(client, answer.unreadCount);
  return answer;
}

/** The dropdown: 8 newest, unread only (the default) or all (SPEC §2, §7, §9). */
export const dropdownListQuery = (unreadOnly: boolean) => {
  const params = unreadOnly
    ? { unread: 'true', limit: LIMITS.notificationDropdownSize }
    : { limit: LIMITS.notificationDropdownSize };
  return queryOptions<NotificationListResponse>({
    queryKey: [NOTIFICATIONS_PATH, params],
    queryFn: ({ signal, client }) => fetchList(params, signal, client),
  });
};

/** The full page: one page after another, following the server's cursor. */
export const notificationPagesQuery = infiniteQueryOptions({
  queryKey: [NOTIFICATIONS_PATH, { limit: NOTIFICATION_PAGE_SIZE }, 'pages'],
  queryFn: ({ signal, client, pageParam }) =>
    fetchList({ limit: NOTIFICATION_PAGE_SIZE, cursor: pageParam }, signal, client),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

/** SPEC §3's five preferences and, beside them, the e-mail ones (issue 32). */
export const preferencesQuery = queryOptions<AllPreferences>({ queryKey: [PREFERENCES_PATH] });

/** SPEC §3's every-on when the fetch fails; e-mail as it is by default (product news off). */
const FALLBACK_PREFERENCES: AllPreferences = {
  ...DEFAULT_NOTIFICATION_PREFERENCES,
  ...DEFAULT_EMAIL_PREFERENCES,
  call_match_notifications: false,
};

/** Only for a signed-in user: a visitor has no notifications to ask about. */
function useSignedIn() {
  return useViewer() !== null;
}

export function useUnreadCount() {
  return useQuery({ ...unreadCountQuery, enabled: useSignedIn() });
}

export function useDropdownList(unreadOnly: boolean) {
  return useQuery({ ...dropdownListQuery(unreadOnly), enabled: useSignedIn() });
}

export function useNotificationPages() {
  return useInfiniteQuery(notificationPagesQuery);
}

/** SPEC §3: every preference reads as on when the fetch fails. */
export function usePreferences() {
  const query = useQuery({ ...preferencesQuery, enabled: useSignedIn() });
  const preferences = query.data ?? (query.isError ? FALLBACK_PREFERENCES : undefined);
  return { ...query, preferences };
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<UnreadCountResponse>('PATCH', `${NOTIFICATIONS_PATH}/${id}/read`),
    onSuccess: ({ unreadCount }, id) => markReadInCache(client, id, unreadCount),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<UnreadCountResponse>('PATCH', `${NOTIFICATIONS_PATH}/read-all`),
    onSuccess: () => {
      markAllReadInCache(client);
      toast(NOTIFICATION_TOASTS.allRead);
    },
    onError: () => toast({ ...NOTIFICATION_TOASTS.markAllFailed, variant: 'destructive' }),
  });
}

export function useDeleteNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend<UnreadCountResponse>('DELETE', `${NOTIFICATIONS_PATH}/${id}`),
    onSuccess: ({ unreadCount }, id) => removeFromCache(client, id, unreadCount),
    onError: actionFailedToast,
  });
}

export function useClearAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend<UnreadCountResponse>('DELETE', `${NOTIFICATIONS_PATH}/clear-all`),
    onSuccess: () => clearCache(client),
    onError: actionFailedToast,
  });
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAllPreferencesRequest) =>
      apiSend<AllPreferences>('PATCH', PREFERENCES_PATH, body),
    onSuccess: (preferences) => {
      client.setQueryData(preferencesQuery.queryKey, preferences);
      toast({ title: 'Preferences saved', description: 'Your notification settings have been updated.' });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description:
          error instanceof ApiError && error.status === 429
            ? error.plainMessage
            : 'Failed to save notification preferences. Please try again.',
        variant: 'destructive',
      }),
  });
}

export type RequestDecision = 'accept' | 'decline';

/** SPEC §7: where Accept and Decline of each request type go, and what they send. */
function responseCall(notification: Notification, decision: RequestDecision) {
  const data = notification.data ?? {};
  const notificationId = notification.id;
  switch (notification.type) {
    case 'team_invite':
      return data.teamId === undefined
        ? null
        : { path: `/api/team-invites/${data.teamId}/${decision}`, body: { notificationId } };
    case 'connection_request':
      return data.requesterId === undefined
        ? null
        : { path: `/api/connections/${decision}`, body: { requesterId: data.requesterId, notificationId } };
    case 'booking_request':
      return data.bookingId === undefined
        ? null
        : { path: `/api/bookings/${data.bookingId}/${decision}`, body: { notificationId } };
    default:
      return null;
  }
}

/** SPEC §8 success toasts: "Team invitation accepted", "Connection request declined", ... */
const RESPONSE_SUBJECT: Partial<Record<Notification['type'], string>> = {
  team_invite: 'Team invitation',
  connection_request: 'Connection request',
  booking_request: 'Booking request',
};

export const canRespond = (notification: Notification) => responseCall(notification, 'accept') !== null;

export function useRespondToRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, decision }: { notification: Notification; decision: RequestDecision }) => {
      const call = responseCall(notification, decision);
      if (!call) throw new Error(`Nothing to ${decision} on notification ${notification.id}`);
      return apiSend<unknown>('POST', call.path, call.body);
    },
    onSuccess: (_answer, { notification, decision }) =>
      toast({
        title: `${RESPONSE_SUBJECT[notification.type] ?? 'Request'} ${decision === 'accept' ? 'accepted' : 'declined'}`,
      }),
    onError: (error) => {
      // Issue 31: a conflict means it was answered, cancelled or lapsed meanwhile. The server says
      // which ("This request was already accepted"), and the lists fetch its outcome to show.
      if (error instanceof ApiError && error.status === 409) {
        toast({ title: 'Error', description: error.plainMessage, variant: 'destructive' });
        void client.invalidateQueries({ queryKey: allListsKey });
        return;
      }
      actionFailedToast();
    },
  });
}

/** /notification-test: a notification to oneself through the same path as every other one. */
export function useSendTestNotification() {
  return useMutation({
    mutationFn: (body: TestNotificationRequest) =>
      apiSend<TestNotificationResponse>(
        'POST',
        `${NOTIFICATIONS_PATH}/test`,
        body as Record<string, unknown>,
      ),
  });
}
