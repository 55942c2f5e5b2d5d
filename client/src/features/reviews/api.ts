import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCurrentUser, useViewerFact } from '#client/features/auth/api.ts';
import { apiSend } from '#client/lib/http.ts';
import type {
  CreateReviewRequest,
  Review,
  ReviewListResponse,
  ReviewReportResponse,
  ReviewSort,
  UpdateReviewRequest,
} from '#common/schemas/reviews';

/** Query keys are the API paths (SPEC §7); the list's second element is its query string. */
const reviewsPath = (userId: number) => `/api/users/${userId}/reviews`;

export interface ReviewListParams {
  sort: ReviewSort;
  page: number;
}

/**
 * The answer depends on who asks (how many reviews they may see, which one is theirs), so the viewer
 * is part of the key: signing in from the profile refetches instead of showing the signed-out list.
 * fetchByKey sends only the second element as the query string.
 */
export const reviewListQuery = (userId: number, { sort, page }: ReviewListParams, viewerId: number | null) =>
  queryOptions<ReviewListResponse>({
    queryKey: [reviewsPath(userId), { sort, page }, { viewer: viewerId }],
  });

/** Every page and order of one person's reviews: what a write makes stale. */
export const allReviewListsOf = (userId: number) => ({ queryKey: [reviewsPath(userId)] });

const reviewPath = (reviewId: number) => `/api/reviews/${reviewId}`;
/** Also keyed by viewer: a review held back for Premium (403) opens once a Premium member signs in. */
export const reviewQuery = (reviewId: number, viewerId: number | null) =>
  queryOptions<Review>({ queryKey: [reviewPath(reviewId), null, { viewer: viewerId }] });
/** The review, whoever asked for it. */
const anyViewerOf = (reviewId: number) => ({ queryKey: [reviewPath(reviewId)] });

/**
 * Keyed by the viewer as far as it is known: the visitor's list until the session check names a
 * member, then theirs. A server-rendered profile carries the visitor's list, so a visitor's session
 * check answering "signed out" changes nothing and renders nothing again (one viewer fact, not the
 * whole answer). Paging keeps the current page on screen (dimmed) until the next one arrives.
 */
export function useReviewList(userId: number, params: ReviewListParams) {
  const viewerId = useViewerFact((viewer) => viewer?.id ?? null);
  return useQuery({
    ...reviewListQuery(userId, params, viewerId),
    placeholderData: keepPreviousData,
  });
}

/** One review, for a `?review=` link to a review that is not on the page shown. */
export function useReview(reviewId: number | null) {
  const viewer = useCurrentUser();
  const known = viewer.data !== undefined || viewer.isError;
  return useQuery({
    ...reviewQuery(reviewId ?? 0, viewer.data?.id ?? null),
    enabled: reviewId !== null && known,
    retry: false,
  });
}

/**
 * A review write changes the person's list, their aggregate (on the profile, header and dashboard)
 * and the review itself, so all three are refreshed. `reviewIdOf` names the review a call touched;
 * `ratingQueryKey` is the query that carries the aggregate (the profile), named by whoever shows
 * the reviews, as the reviews feature sits below profiles; null when the call leaves it as it is.
 */
function useReviewMutation<TVariables, TResult>(
  subjectId: number,
  request: (variables: TVariables) => Promise<TResult>,
  {
    reviewIdOf,
    ratingQueryKey,
  }: { reviewIdOf: (variables: TVariables) => number | null; ratingQueryKey: QueryKey | null },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (_result, variables) => {
      const reviewId = reviewIdOf(variables);
      await Promise.all([
        queryClient.invalidateQueries(allReviewListsOf(subjectId)),
        reviewId === null ? null : queryClient.invalidateQueries(anyViewerOf(reviewId)),
        ratingQueryKey === null ? null : queryClient.invalidateQueries({ queryKey: ratingQueryKey }),
      ]);
    },
  });
}

export const useCreateReview = (subjectId: number, ratingQueryKey: QueryKey) =>
  useReviewMutation(
    subjectId,
    (body: CreateReviewRequest) =>
      apiSend<Review>('POST', reviewsPath(subjectId), body as Record<string, unknown>),
    { reviewIdOf: () => null, ratingQueryKey },
  );

export const useUpdateReview = (subjectId: number, ratingQueryKey: QueryKey) =>
  useReviewMutation(
    subjectId,
    ({ id, ...body }: UpdateReviewRequest & { id: number }) =>
      apiSend<Review>('PATCH', `/api/reviews/${id}`, body as Record<string, unknown>),
    { reviewIdOf: ({ id }) => id, ratingQueryKey },
  );

export const useDeleteReview = (subjectId: number, ratingQueryKey: QueryKey) =>
  useReviewMutation(subjectId, (id: number) => apiSend<void>('DELETE', `/api/reviews/${id}`), {
    reviewIdOf: (id) => id,
    ratingQueryKey,
  });

/** Thanks change the review only, not the aggregate. */
export const useThankReview = (subjectId: number) =>
  useReviewMutation(subjectId, (id: number) => apiSend<Review>('POST', `/api/reviews/${id}/thank`), {
    reviewIdOf: (id) => id,
    ratingQueryKey: null,
  });

export function useReportReview() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiSend<ReviewReportResponse>('POST', `/api/reviews/${id}/report`, { reason }),
  });
}
