import { MailCheck } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { CardPage } from '#client/components/card-page.tsx';
import { VerifyEmail } from '#client/features/auth/components/verify-email.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

export default function VerifyEmailPage() {
  useDocumentTitle('Confirm your email');
  const token = useSearchParams()[0].get('token')?.trim() || undefined;
  return (
    <CardPage
      icon={MailCheck}
      title="Confirm your email"
      lead="Opening the link we emailed you shows that the address is yours."
    >
      <VerifyEmail token={token} />
    </CardPage>
  );
}
