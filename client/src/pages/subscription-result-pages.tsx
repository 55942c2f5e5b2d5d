import { CircleX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { useSignedInUser } from '#client/features/auth/components/require-auth.tsx';
import { CheckoutSuccess } from '#client/features/subscriptions/components/checkout-success.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

const resultLayout = 'mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-14 text-center sm:px-6';

/** Where Stripe's checkout and the demo checkout both return after paying. */
export function SubscriptionSuccessPage() {
  useDocumentTitle('Welcome to Premium');
  const user = useSignedInUser();
  return (
    <div className={resultLayout}>
      <CheckoutSuccess userId={user.id} />
    </div>
  );
}

/** The member left the checkout: nothing was charged. */
export function SubscriptionCancelPage() {
  useDocumentTitle('Checkout cancelled');
  return (
    <div className={resultLayout}>
      <CircleX aria-hidden="true" className="size-14 text-muted-foreground" />
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Checkout cancelled</h1>
        <p className="mt-2 text-muted-foreground">
          Nothing was charged. You can choose a plan whenever you like.
        </p>
      </div>
      <Link to="/subscription" className={buttonVariants({ variant: 'primary' })}>
        Back to the plans
      </Link>
    </div>
  );
}
