import { UserX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { CardPage } from '#client/components/card-page.tsx';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';
import { ACCOUNT_ERASE_AFTER_DAYS } from '#common/schemas/account-deletion';

/** Where a member lands after "Delete my account" (issue 33, ADR 026): signed out, and what comes next. */
export default function AccountDeletedPage() {
  useDocumentTitle('Your account is deleted');
  const until = Date.parse(useSearchParams()[0].get('until') ?? '');
  const when = Number.isNaN(until)
    ? `in ${ACCOUNT_ERASE_AFTER_DAYS} days`
    : `on ${new Date(until).toLocaleDateString('en', { day: 'numeric', month: 'long', year: 'numeric' })}`;
  return (
    <CardPage
      icon={UserX}
      title="Your account is deleted"
      lead="You are signed out on every device, and your profile is no longer shown on CrewBase."
    >
      <div className="flex flex-col gap-4 text-sm">
        <p>
          Your personal data will be erased <strong>{when}</strong>. Until then, sign in with your password
          and choose <strong>Restore my account</strong> to undo this.
        </p>
        <p className="text-muted-foreground">
          Reviews you wrote stay, shown as by a former member. Payments and invoices are kept as tax law
          requires (see our{' '}
          <Link to="/privacy-policy" className="underline underline-offset-4">
            privacy policy
          </Link>
          ).
        </p>
        <Link to="/" className={buttonVariants({ className: 'self-start' })}>
          Go to the home page
        </Link>
      </div>
    </CardPage>
  );
}
