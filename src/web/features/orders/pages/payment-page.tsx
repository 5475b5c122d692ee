import { dollarsToCents, formatCents, formatPrice } from '@contract/money';
import { offers } from '@contract/order-transitions';
import { pages } from '@contract/pages';
import { useQueryClient } from '@tanstack/react-query';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { toast } from '@web/lib/toast';
import { AddressBlock, OrderAmounts } from '@web/shared/orders/order-parts';
import { OrderPayment } from '@web/shared/payment/order-payment';
import { customerPayer } from '@web/shared/payment/payer';
import { usePaymentIntent } from '@web/shared/payment/payment-calls';
import { useSession } from '@web/shared/session/session';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useOrder } from '../api/order-calls';
import { PaymentAddress } from '../components/payment-address';

/** How long the confirmation stays on screen before My Orders opens. */
const CONFIRMATION_MS = 2500;

export function PaymentPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(id);
  const unpaid = order.data ? offers('pay', order.data.status) : false;
  // The page pays only for what can ship (PaymentAddress): the payment opens once the order has
  // its address, for the total quoted for it. An API client may still pay without one; its order
  // then waits for the address (the order page asks for it).
  const addressed = Boolean(order.data?.shippingAddress);
  const intent = usePaymentIntent(id, unpaid && addressed);
  // The card is charged the intent's amount: only an intent for the total now shown is used, so a
  // click while a changed address reopens the payment charges nothing stale.
  const payment =
    intent.data &&
    !intent.isFetching &&
    order.data &&
    dollarsToCents(intent.data.amount) === order.data.amounts.totalCents
      ? intent.data
      : undefined;
  const queryClient = useQueryClient();
  const payer = useMemo(() => customerPayer(id, queryClient), [id, queryClient]);
  const navigate = useNavigate();
  const [paidWith, setPaidWith] = useState<string | null>(null);

  useEffect(() => {
    if (!paidWith) return;
    const timer = setTimeout(() => navigate(pages.myOrders.path), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [paidWith, navigate]);

  // The spec's order: 'Payment Sent!' once the card is charged, the order patched, then the
  // confirmation with the transaction id.
  const onCharged = () => toast.success('Payment Sent!');
  const onPaid = async (transactionId: string) => {
    toast.success('Congrats! Your payment is completed');
    setPaidWith(transactionId);
  };

  const billing = { name: user?.name ?? '', email: user?.email ?? '' };

  // An order that is not there (or not this customer's) has nothing to pay: the message alone,
  // no card form.
  if (order.error instanceof ApiError && order.error.code === 'NOT_FOUND') {
    return (
      <div className="max-w-xl space-y-4">
        <h2 className="text-xl font-semibold">Payment</h2>
        <div role="alert" className="alert alert-error">
          <span>We could not find this order. It may have been deleted, or the link is wrong.</span>
        </div>
        <Link to={pages.myOrders.path} className="btn">
          Back to My Orders
        </Link>
      </div>
    );
  }

  return (
    <div className="max-w-xl space-y-4">
      <h2 className="text-xl font-semibold">Payment</h2>
      <QueryState query={order} empty={null}>
        {(data) => (
          <section aria-label="Order" className="card bg-base-200">
            <div className="card-body gap-1">
              <p className="text-lg font-semibold">Please pay for {data.orderName}</p>
              <p className="text-sm text-base-content/70">Order {data.number}</p>
              <ul className="text-sm">
                {data.lines.map((line) => (
                  <li key={line.productId}>
                    {formatNumber(line.quantity)} × {line.name} at {formatCents(line.unitPriceCents)}
                  </li>
                ))}
              </ul>
              <OrderAmounts order={data} estimated={!data.shippingAddress && offers('pay', data.status)} />
              {data.shippingAddress && !offers('pay', data.status) ? (
                <div className="text-sm">
                  <p className="font-semibold">Ship to</p>
                  <AddressBlock address={data.shippingAddress} phone={data.phone} />
                </div>
              ) : null}
            </div>
          </section>
        )}
      </QueryState>
      {order.data && unpaid && !paidWith ? <PaymentAddress order={order.data} /> : null}
      {paidWith ? (
        <div role="status" className="alert alert-success">
          <div>
            <p className="font-semibold">Congrats! Your payment is completed</p>
            <p className="text-sm break-all">
              Your transaction id:{' '}
              <span className="font-mono" data-testid="transaction-id">
                {paidWith}
              </span>
            </p>
          </div>
        </div>
      ) : order.isError ? null : order.data && !unpaid ? (
        <p className="alert">This order is already paid.</p>
      ) : intent.isError ? (
        <p className="text-error" role="alert">
          {intent.error.message}
        </p>
      ) : (
        <OrderPayment
          intent={payment}
          payer={payer}
          billing={billing}
          amount={order.data ? formatPrice(order.data.total) : ''}
          onCharged={onCharged}
          onPaid={onPaid}
          note={order.data && unpaid && !addressed ? 'Give the shipping address above to pay.' : undefined}
        />
      )}
    </div>
  );
}
