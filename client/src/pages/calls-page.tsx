import { Plus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useViewerFact } from '#client/features/auth/api.ts';
import { authPathFor } from '#client/features/auth/redirect.ts';
import { parseCallFilters } from '#client/features/calls/call-filters.ts';
import { CallFilterForm } from '#client/features/calls/components/call-filter-form.tsx';
import { CallList } from '#client/features/calls/components/call-list.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/**
 * /calls (issue 36): the open crew calls, newest first. The filters live in the address, so a
 * filtered list can be shared, reloaded and rendered on the server. "Post a call" leads a Premium
 * member to the form, and anyone else to /calls/new, where the form or the Premium prompt waits.
 */
export default function CallsPage() {
  const [params] = useSearchParams();
  const filters = parseCallFilters(params);
  useDocumentTitle('Crew Calls');
  const signedIn = useViewerFact((user) => user !== null);
  return (
    <div className="mx-auto flex max-w-layout flex-col gap-6 px-4 py-8 sm:px-6 md:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Crew Calls</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Jobs productions have posted. Find one that fits your role and dates, and apply with a short note.
          </p>
        </div>
        <Link
          to={signedIn ? '/calls/new' : authPathFor('/calls/new')}
          className={buttonVariants({ variant: 'primary' })}
        >
          <Plus aria-hidden="true" />
          Post a call
        </Link>
      </div>
      <CallFilterForm filters={filters} />
      <section aria-labelledby="calls-heading" className="flex flex-col gap-3">
        <h2 id="calls-heading" className="sr-only">
          Open calls
        </h2>
        <CallList filters={filters} />
      </section>
    </div>
  );
}
