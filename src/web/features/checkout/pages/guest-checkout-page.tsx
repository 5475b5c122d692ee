import { pages } from '@contract/pages';
import { PageLoading } from '@web/components/ui/page-loading';
import { useSession } from '@web/shared/session/session';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { Navigate } from 'react-router';
import { GuestCheckoutForm } from '../components/guest-checkout-form';

/** /checkout/guest: a visitor checks out with an e-mail address, no account (decision 059). */
export function GuestCheckoutPage() {
  const { user, isPending } = useSession();
  const { testMode = false } = useStoreInfo();
  if (isPending) return <PageLoading />;
  // Signed in, the cart is on the server: the customer's checkout.
  if (user) return <Navigate to={pages.checkout.path} replace />;
  return (
    <div className="space-y-6 py-4">
      <h1 className="text-3xl font-bold">Checkout as a guest</h1>
      <GuestCheckoutForm testMode={testMode} />
    </div>
  );
}
