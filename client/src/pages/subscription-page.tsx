import { useQuery } from '@tanstack/react-query';
import { PaymentHistory } from '#client/features/payments/components/payment-history.tsx';
import { subscriptionQuery } from '#client/features/subscriptions/api.ts';
import {
  DemoProviderNotice,
  MembershipStatus,
} from '#client/features/subscriptions/components/membership-status.tsx';
import { PlanCards } from '#client/features/subscriptions/components/plan-cards.tsx';
import { isPremiumNow } from '#client/features/subscriptions/membership.ts';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function SubscriptionPage() {
  useDocumentTitle('Premium');
  const status = useQuery(subscriptionQuery);
  // Plans are for those who can buy one: not while it is unknown, not for a Premium member.
  const showPlans = status.isError || (status.data !== undefined && !isPremiumNow(status.data));
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-8 px-4 py-10 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">CrewBase Premium</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Message and connect with the crew you hire, build teams for your productions, read every review and
          search with advanced filters.
        </p>
      </div>
      <MembershipStatus />
      <DemoProviderNotice />
      {showPlans ? (
        <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
          <h2 id="plans-heading" className="text-xl font-semibold">
            Choose a plan
          </h2>
          <PlanCards />
        </section>
      ) : null}
      <section aria-labelledby="payments-heading" className="flex flex-col gap-4">
        <h2 id="payments-heading" className="text-xl font-semibold">
          Payments and invoices
        </h2>
        <PaymentHistory />
      </section>
    </div>
  );
}
