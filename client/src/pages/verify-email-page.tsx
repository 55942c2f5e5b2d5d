import { MailCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { VerifyEmail } from '#client/features/auth/components/verify-email.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const token = useSearchParams()[0].get('token')?.trim() || undefined;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Confirm your email</h1>
        <p className="mt-1.5 mb-6 text-sm text-muted-foreground">
          Opening the link we emailed you shows that the address is yours.
        </p>
        <VerifyEmail token={token} />
      </div>
    </div>
  );
}
