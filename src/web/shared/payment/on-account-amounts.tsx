import { formatCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { OrderAmounts, orderDate, paidWith } from '@web/shared/orders/order-parts';
import { OrderSummary } from '@web/shared/pricing/order-summary';

/**
 * The part of a total charged to the trade account (decision 102), as a row under an order's
 * summary, set as the summary sets the store credit's rest.
 */
export function OnAccountRow({ cents, label = 'On account' }: { cents: number; label?: string }) {
  return (
    <dl>
      <div className="flex justify-between gap-4 font-semibold">
        <dt className="min-w-0 break-words">{label}</dt>
        <dd className="shrink-0 tabular-nums" data-testid="summary-on-account">
          {formatCents(cents)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * An order's amounts for its customer: as `OrderAmounts`, and when part or all of it was charged
 * to the trade account, that part "On account" (after any store credit) instead of a card's.
 */
export function CustomerOrderAmounts({ order, estimated = false }: { order: Order; estimated?: boolean }) {
  const onAccountCents = order.amounts.onAccountCents ?? 0;
  if (onAccountCents <= 0) return <OrderAmounts order={order} estimated={estimated} />;
  const creditCents = order.amounts.storeCreditCents ?? 0;
  return (
    <div className="space-y-1">
      <OrderSummary
        totals={{
          ...order.amounts,
          shippingMethod: order.shippingMethod,
          shippingLabel: order.shippingLabel,
        }}
        discount={order.discount}
        estimated={estimated}
        credit={
          creditCents > 0
            ? { label: 'Paid with store credit', cents: creditCents, restLabel: 'On account' }
            : undefined
        }
      />
      {creditCents > 0 ? null : <OnAccountRow cents={onAccountCents} />}
    </div>
  );
}

/** How the order was paid: "Paid on account" for one charged to the trade account, else as `paidWith`. */
export const customerPaidWith = (order: Order, notPaid: string) =>
  order.paid && (order.amounts.onAccountCents ?? 0) > 0 ? 'Paid on account' : paidWith(order, notPaid);

/** What of each refund went back to the trade account (taken off the order's invoice), in words. */
export function RefundsOnAccount({ order }: { order: Order }) {
  const refunds = order.refunds.filter((r) => (r.onAccountCents ?? 0) > 0);
  if (refunds.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm" aria-label="Refunds to your account" data-testid="refunds-on-account">
      {refunds.map((r) => (
        <li key={r.id}>
          {formatCents(r.onAccountCents ?? 0)} of the refund of <time dateTime={r.at}>{orderDate(r.at)}</time>{' '}
          went back to your account: it is taken off the order's invoice.
        </li>
      ))}
    </ul>
  );
}
