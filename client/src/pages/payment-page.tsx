import { useParams } from 'react-router';
import { PaymentDetails } from '#client/features/payments/components/payment-details.tsx';
import { useDocumentTitle } from '#client/lib/document-title.ts';

const MAX_ID = 2_147_483_647;

/** Payment ids are positive integers; anything else in the address is no payment at all. */
function paymentIdFrom(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** SPEC §2's View Payment (/payments/{id}): what a payment_received notification opens. */
export default function PaymentPage() {
  useDocumentTitle('Payment');
  const id = paymentIdFrom(useParams().id);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Payment</h1>
      <PaymentDetails id={id} />
    </div>
  );
}
