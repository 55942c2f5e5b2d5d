import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CardPage } from '#client/components/card-page.tsx';
import {
  MissingResetToken,
  ResetPasswordForm,
} from '#client/features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = useSearchParams()[0].get('token')?.trim();
  return (
    <CardPage
      icon={KeyRound}
      title="Choose a new password"
      lead="Pick something you have not used here before. The link in your email works for 1 hour."
    >
      {token ? <ResetPasswordForm token={token} /> : <MissingResetToken />}
    </CardPage>
  );
}
