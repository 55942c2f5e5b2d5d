import { useSearchParams } from 'react-router';
import { DemoCheckoutView } from '#client/features/subscriptions/components/demo-checkout.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

/** Where POST /api/subscription/checkout sends a member when this server has no Stripe keys. */
export default function DemoCheckoutPage() {
  useDocumentTitle('Demo checkout');
  const session = useSearchParams()[0].get('session') ?? '';
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Demo checkout</h1>
      <DemoCheckoutView session={session} />
    </div>
  );
}
