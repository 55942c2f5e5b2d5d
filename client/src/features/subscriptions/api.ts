import { type QueryKey, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { currentUserQuery } from '#client/features/auth/api.ts';
import { paymentsQuery } from '#client/features/payments/api.ts';
import { apiSend } from '#client/lib/http.ts';
import type { PremiumPlanId } from '#common/premium';
import type {
  demoCheckoutSessionResponse,
  PlanListResponse,
  SubscriptionStatus,
} from '#common/schemas/subscriptions';

export const plansQuery = queryOptions<PlanListResponse>({ queryKey: ['/api/subscription/plans'] });
export const subscriptionQuery = queryOptions<SubscriptionStatus>({ queryKey: ['/api/subscription'] });

export type DemoCheckout = z.infer<typeof demoCheckoutSessionResponse>;
export const demoCheckoutQuery = (session: string) =>
  queryOptions<DemoCheckout>({
    queryKey: [`/api/subscription/demo/sessions/${encodeURIComponent(session)}`],
    retry: false,
  });

/** Starts a checkout and leaves for it: Stripe's page, or our demo checkout. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: PremiumPlanId) =>
      apiSend<{ url: string }>('POST', '/api/subscription/checkout', { plan }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/**
 * Anything that changes the subscription changes who is Premium: the status, the payments and
 * the signed-in user (the menu's badge, the messages icon, the search filters) are all refetched.
 */
function useSubscriptionChange<TVariables>(
  request: (variables: TVariables) => Promise<SubscriptionStatus>,
  alsoChanged?: (variables: TVariables) => QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (status, variables) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentsQuery.queryKey }),
        // Marked stale only: refetched now, it would show "already completed" before the page moves on.
        alsoChanged
          ? queryClient.invalidateQueries({ queryKey: alsoChanged(variables), refetchType: 'none' })
          : null,
      ]);
    },
  });
}

/** The session is used up as well: going Back to its page says so instead of offering it again. */
export const useCompleteDemoCheckout = () =>
  useSubscriptionChange(
    (session: string) => apiSend<SubscriptionStatus>('POST', '/api/subscription/demo/complete', { session }),
    (session) => demoCheckoutQuery(session).queryKey,
  );
export const useCancelSubscription = () =>
  useSubscriptionChange(() => apiSend<SubscriptionStatus>('POST', '/api/subscription/cancel'));
export const useResumeSubscription = () =>
  useSubscriptionChange(() => apiSend<SubscriptionStatus>('POST', '/api/subscription/resume'));
