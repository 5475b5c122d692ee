import { pages } from '@contract/pages';
import { QueryState } from '@web/components/ui/query-state';
import { useOrderDetails } from '@web/shared/orders/order-details';
import { CustomerOrderAmounts } from '@web/shared/payment/on-account-amounts';
import { CoreChargeLine } from '@web/shared/pricing/core-charge-line';
import { Link, useLocation, useParams } from 'react-router';
import type { CheckoutDoneState } from '../components/checkout-form';

/** /checkout/done/:id: the order placed and paid, its number, and what happens next. */
export function CheckoutDonePage() {
  const { id = '' } = useParams();
  const order = useOrderDetails(id);
  const estimate = (useLocation().state as CheckoutDoneState | null)?.estimate;
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-4">
      <QueryState query={order} empty={null}>
        {(data) => (
          <>
            <div role="status" className="space-y-2">
              <h1 className="text-3xl font-bold">
                {data.paid ? 'Thank you for your order!' : 'Your order is placed'}
              </h1>
              <p className="text-lg">
                Order number <strong data-testid="order-number">{data.number}</strong>
              </p>
            </div>
            <section aria-label="Amounts" className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3">
                <ul className="space-y-1 text-sm">
                  {data.lines.map((line) => (
                    <li key={line.productId} className="break-words">
                      {line.name} × {line.quantity}
                      <CoreChargeLine line={line} />
                    </li>
                  ))}
                </ul>
                <CustomerOrderAmounts order={data} />
              </div>
            </section>
            <section aria-labelledby="next-steps" className="space-y-2">
              <h2 id="next-steps" className="text-xl font-semibold">
                What happens next
              </h2>
              <ul className="list-disc space-y-1 pl-5">
                <li>
                  We e-mail a confirmation to <span className="break-all">{data.userEmail}</span>, and again
                  when your order ships, with the carrier's tracking number.
                </li>
                <li>
                  {data.paid
                    ? `We pack your order now${estimate ? ` and ship it: it arrives in ${estimate}` : ''}.`
                    : 'Your order is held for you until it is paid; pay it from its page.'}
                </li>
              </ul>
            </section>
            <div className="flex flex-wrap gap-3">
              <Link to={pages.order.path(data._id)} className="btn btn-primary">
                View your order
              </Link>
              <Link to={pages.tools.path} className="btn">
                Continue shopping
              </Link>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
