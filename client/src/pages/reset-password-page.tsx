import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import {
  MissingResetToken,
  ResetPasswordForm,
} from '#client/features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = useSearchParams()[0].get('token')?.trim();
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <div className="rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
        <span className="mb-4 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
        <p className="mt-1.5 mb-6 text-sm text-muted-foreground">
          Pick something you have not used here before. The link in your email works for 1 hour.
        </p>
        {token ? <ResetPasswordForm token={token} /> : <MissingResetToken />}
      </div>
    </div>
  );
}
