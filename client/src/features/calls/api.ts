import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiSend } from '#client/lib/http.ts';
import type {
  Application,
  ApplyRequest,
  Call,
  CallListResponse,
  CreateCallRequest,
  MyApplication,
  UpdateCallRequest,
} from '#common/schemas/calls';
import { type CallFilters, callFilterParams } from './call-filters.ts';

const PATH = '/api/calls';

/** /calls: open calls, newest first, a page at a time along the server's cursor (issue 36). */
export const callPagesQuery = (filters: CallFilters) => {
  const params = callFilterParams(filters);
  return infiniteQueryOptions({
    queryKey: [PATH, params, 'pages'],
    queryFn: ({ signal, pageParam }) =>
      apiGet<CallListResponse>(PATH, { ...params, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
};

/** Fetched again whenever the page opens: applications and the status move under it. */
export const callQuery = (id: number) => queryOptions<Call>({ queryKey: [`${PATH}/${id}`], staleTime: 0 });

/** The owner's view of who applied, newest first. */
export const callApplicationsQuery = (id: number) =>
  queryOptions<{ applications: Application[] }>({ queryKey: [`${PATH}/${id}/applications`], staleTime: 0 });

export const myCallsQuery = queryOptions<{ calls: Call[] }>({ queryKey: ['/api/me/calls'], staleTime: 0 });
export const myApplicationsQuery = queryOptions<{ applications: MyApplication[] }>({
  queryKey: ['/api/me/applications'],
  staleTime: 0,
});

/** A call, its applications, the lists it shows in and, once someone is booked, the bookings. */
const refreshCalls = (client: QueryClient) =>
  client.invalidateQueries({
    predicate: (query) =>
      /^\/api\/(calls|me\/calls|me\/applications|bookings)/.test(String(query.queryKey[0])),
  });

function useCallChange<TVariables, TResult>(request: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => refreshCalls(client) });
}

export const useCreateCall = () =>
  useCallChange((body: CreateCallRequest) => apiSend<Call>('POST', PATH, body));

export const useUpdateCall = (id: number) =>
  useCallChange((body: UpdateCallRequest) => apiSend<Call>('PATCH', `${PATH}/${id}`, body));

/** Closed, or closed as filled when the owner found someone. */
export const useCloseCall = (id: number) =>
  useCallChange((filled: boolean) => apiSend<Call>('POST', `${PATH}/${id}/close`, { filled }));

export const useApply = (id: number) =>
  useCallChange((body: ApplyRequest) => apiSend<MyApplication>('POST', `${PATH}/${id}/applications`, body));

export const useWithdraw = (callId: number) =>
  useCallChange((applicationId: number) =>
    apiSend<unknown>('POST', `${PATH}/${callId}/applications/${applicationId}/withdraw`, {}),
  );

export const useAnswerApplication = (callId: number) =>
  useCallChange(({ applicationId, status }: { applicationId: number; status: 'shortlisted' | 'declined' }) =>
    apiSend<Application>('PATCH', `${PATH}/${callId}/applications/${applicationId}`, { status }),
  );

export const useBookApplication = (callId: number) =>
  useCallChange(({ applicationId, rate }: { applicationId: number; rate?: number | undefined }) =>
    apiSend<{ bookingId: number }>(
      'POST',
      `${PATH}/${callId}/applications/${applicationId}/book`,
      rate === undefined ? {} : { rate },
    ),
  );

export function useReportCall(id: number) {
  return useMutation({
    mutationFn: (reason: string) => apiSend<unknown>('POST', `${PATH}/${id}/report`, { reason }),
  });
}
