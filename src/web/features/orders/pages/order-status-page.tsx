import { OrderLookupInput } from '@contract/guest';
import { pages } from '@contract/pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { PageLoading } from '@web/components/ui/page-loading';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import type { GuestPlacedState } from '@web/shared/orders/guest-placed-state';
import { useSession } from '@web/shared/session/session';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { lookUpOrder, useGuestOrder } from '../api/guest-order-calls';
import { GuestOrderDetails } from '../components/guest-order-view';

/** "Find your order": the order number and the e-mail it was placed with. */
function OrderLookupForm({ linkProblem }: { linkProblem?: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<OrderLookupInput>({
    resolver: zodResolver(OrderLookupInput) as never,
    defaultValues: { number: '', email: '' },
  });
  // The typed text goes to the store, which reads the number itself (the form's schema only checks it).
  const onSubmit = handleSubmit(async () => {
    try {
      const { token } = await lookUpOrder(getValues());
      navigate(pages.orderStatus.withToken(token), { replace: true });
    } catch (error) {
      setError('root', {
        message: error instanceof Error ? error.message : 'The order could not be found. Please try again.',
      });
    }
  });
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-3xl font-bold">Find your order</h1>
      {linkProblem ? (
        <p role="alert" className="alert alert-warning">
          {linkProblem}
        </p>
      ) : null}
      <p>Enter the order number from your confirmation e-mail and the e-mail address you ordered with.</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Find your order" className="space-y-2">
        <TextField
          label="Order number"
          placeholder="TW-10042"
          autoComplete="off"
          error={errors.number?.message}
          {...register('number')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {errors.root?.message ? (
          <p role="alert" className="text-error">
            {errors.root.message}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Find my order
        </button>
      </form>
      <p className="text-sm">
        Have an account?{' '}
        <Link to={pages.login.path} state={{ from: pages.myOrders.path }} className="link">
          Sign in
        </Link>{' '}
        to see all your orders.
      </p>
    </div>
  );
}

/**
 * A key to an order that joined an account opens it no more (decision 073): the store's answer
 * says to sign in, and the page offers the way there (My Orders, once signed in).
 */
function OrderInAccount({ message }: { message: string }) {
  const { user } = useSession();
  return (
    <div className="mx-auto max-w-md space-y-4 py-4">
      <h1 className="text-3xl font-bold">Your order is in an account</h1>
      <p role="alert" className="alert alert-info">
        {message}
      </p>
      {user ? (
        <Link to={pages.myOrders.path} className="btn btn-primary">
          Go to My Orders
        </Link>
      ) : (
        <Link to={pages.login.path} state={{ from: pages.myOrders.path }} className="btn btn-primary">
          Sign in
        </Link>
      )}
    </div>
  );
}

/**
 * /order-status (decision 059): with `?token=` from a guest's order mail, the checkout or a
 * lookup, the order itself; without one, or with a key that no longer opens anything, the lookup.
 */
export function OrderStatusPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const justPlaced = (useLocation().state as GuestPlacedState | null)?.placed === true;
  const order = useGuestOrder(token);
  if (!token) return <OrderLookupForm />;
  if (order.isPending) return <PageLoading />;
  if (order.isError) {
    const definite = order.error instanceof ApiError && order.error.status === 404;
    if (definite) return <OrderLookupForm linkProblem={order.error.message} />;
    if (order.error instanceof ApiError && order.error.status === 409)
      return <OrderInAccount message={order.error.message} />;
    return (
      <div className="mx-auto max-w-md space-y-4 py-4">
        <p role="alert" className="alert alert-error">
          {order.error.message}
        </p>
        <button type="button" className="btn" onClick={() => void order.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-3xl py-4">
      <GuestOrderDetails token={token} view={order.data} justPlaced={justPlaced} />
    </div>
  );
}
