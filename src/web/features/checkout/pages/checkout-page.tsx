import { pages } from '@contract/pages';
import { useSession } from '@web/shared/session/session';
import { useStoreInfo } from '@web/shared/store/get-store-info';
import { Link } from 'react-router';
import { CheckoutForm } from '../components/checkout-form';

/** /checkout (signed in): the server cart becomes an order, paid in the same step. */
export function CheckoutPage() {
  const { user } = useSession();
  const { testMode = false } = useStoreInfo();
  return (
    <div className="space-y-6 py-4">
      <h1 className="text-3xl font-bold">Checkout</h1>
      {user ? <CheckoutForm user={user} testMode={testMode} /> : null}
      <p className="text-sm text-base-content/70">
        Before you pay, read how we{' '}
        <Link className="link" to={pages.shippingPolicy.path}>
          ship orders
        </Link>{' '}
        and{' '}
        <Link className="link" to={pages.returnPolicy.path}>
          take parts back
        </Link>
        .
      </p>
    </div>
  );
}
