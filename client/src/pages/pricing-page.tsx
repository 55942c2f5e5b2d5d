import { Link } from 'react-router';
import {
  PlanComparison,
  PricingCallToAction,
  PricingFaq,
  PricingPlans,
} from '#client/features/subscriptions/components/pricing.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/** /pricing (issue 33): public, rendered on the server with Premium's Offers (features/pages). */
export default function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <>
      <section className="relative bg-ink text-white" aria-labelledby="pricing-heading">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(245,158,11,0.35),transparent_55%)]"
        />
        <div className="relative mx-auto flex max-w-layout flex-col gap-5 px-4 pt-16 pb-28 sm:px-6 md:pt-20 md:pb-32">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand">Pricing</p>
          <h1
            id="pricing-heading"
            className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            Free to be found. Premium to hire.
          </h1>
          <p className="max-w-2xl text-lg text-slate-300">
            Every crew member gets a profile, a place in search and honest reviews at no cost. Premium is for
            the people who reach out first: message, connect, book and build your teams.
          </p>
        </div>
      </section>

      <section aria-label="Plans" className="relative mx-auto -mt-16 max-w-layout px-4 sm:px-6 md:-mt-20">
        <PricingPlans />
      </section>

      <section className="mx-auto max-w-layout px-4 py-16 sm:px-6" aria-labelledby="compare-heading">
        <div className="mb-8 flex flex-col gap-2">
          <h2 id="compare-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Free and Premium, feature by feature
          </h2>
          <p className="text-muted-foreground">
            One Premium plan, billed monthly or yearly. Prices in US dollars.
          </p>
        </div>
        <PlanComparison />
      </section>

      <section className="border-y border-border bg-muted/50" aria-labelledby="pricing-faq-heading">
        <div className="mx-auto grid max-w-layout gap-8 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_2fr]">
          <div className="flex flex-col gap-2">
            <h2 id="pricing-faq-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Questions before you pay
            </h2>
            <p className="text-muted-foreground">
              Anything else? See the{' '}
              <Link to="/faq" className="font-medium text-foreground underline">
                full FAQ
              </Link>{' '}
              or{' '}
              <Link to="/contact" className="font-medium text-foreground underline">
                write to us
              </Link>
              : a person answers within two working days.
            </p>
          </div>
          <PricingFaq />
        </div>
      </section>

      <section className="mx-auto max-w-layout px-4 py-16 sm:px-6" aria-labelledby="pricing-cta-heading">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-ink p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10">
          <div className="flex flex-col gap-2">
            <h2 id="pricing-cta-heading" className="text-2xl font-bold tracking-tight">
              Hire the crew you read about.
            </h2>
            <p className="text-slate-300">Message, book and build your team today. Cancel any time.</p>
          </div>
          <PricingCallToAction />
        </div>
      </section>
    </>
  );
}
