import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PremiumPlanId } from '#common/premium';
import type { PlanListResponse, SubscriptionStatus } from '#common/schemas/subscriptions';
import { apiSend } from '../../lib/http.ts';
import { currentUserQuery } from '../auth/api.ts';
import { paymentsQuery } from '../payments/api.ts';

export const plansQuery = queryOptions<PlanListResponse>({ queryKey: ['/api/subscription/plans'] });
export const subscriptionQuery = queryOptions<SubscriptionStatus>({ queryKey: ['/api/subscription'] });

export interface DemoCheckout {
  session: string;
  plan: PlanListResponse['plans'][number];
  completed: boolean;
}
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
function useSubscriptionChange<TVariables>(request: (variables: TVariables) => Promise<SubscriptionStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (status) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: paymentsQuery.queryKey }),
      ]);
    },
  });
}

export const useCompleteDemoCheckout = () =>
  useSubscriptionChange((session: string) =>
    apiSend<SubscriptionStatus>('POST', '/api/subscription/demo/complete', { session }),
  );
export const useCancelSubscription = () =>
  useSubscriptionChange(() => apiSend<SubscriptionStatus>('POST', '/api/subscription/cancel'));
export const useResumeSubscription = () =>
  useSubscriptionChange(() => apiSend<SubscriptionStatus>('POST', '/api/subscription/resume'));
