import { pages } from '@contract/pages';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { unsubscribeFromCartReminders } from '../api/checkout-calls';

/**
 * /unsubscribe?token=: the cart reminder's "Stop cart reminders" link (decision 060). It asks
 * first: a mail program that opens links to scan them must not unsubscribe anyone.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const stop = useMutation({ mutationFn: () => unsubscribeFromCartReminders(token) });
  return (
    <div className="mx-auto max-w-md space-y-4 py-4">
      <h1 className="text-3xl font-bold">Cart reminders</h1>
      {stop.isSuccess ? (
        <p role="status" className="alert alert-success">
          Done: we will not send you cart reminders again.
        </p>
      ) : !token ? (
        <p role="alert" className="alert alert-warning">
          This link is incomplete. Open it again from the reminder mail.
        </p>
      ) : (
        <>
          <p>We send one reminder when parts sit in your cart for a day. Stop these mails for good?</p>
          {stop.isError ? (
            <p role="alert" className="text-error">
              {stop.error.message}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            disabled={stop.isPending}
            onClick={() => stop.mutate()}
          >
            {stop.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Stop cart reminders
          </button>
        </>
      )}
      <p>
        <Link to={pages.tools.path} className="link">
          Back to the store
        </Link>
      </p>
    </div>
  );
}
