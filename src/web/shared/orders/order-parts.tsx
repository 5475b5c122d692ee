import { type Address, shippingCountries } from '@contract/addresses';
import { CORE_CHARGE_LABEL } from '@contract/after-sale';
import { formatCents } from '@contract/money';
import {
  type DeskOrder,
  fromWireStatus,
  type Order,
  type OrderEvent,
  orderStatusWords,
  showsMoney,
} from '@contract/orders';
import { pages } from '@contract/pages';
import { formatNumber } from '@web/lib/format';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { Fragment } from 'react';
import { Link } from 'react-router';

/** The pieces every order page shows: date, lines, address, history, the server's amounts. */

/** How the order's shipping method reads on a page: its name as chosen (a code on the oldest orders). */
export const shippingMethodName = (order: Pick<Order, 'shippingMethod' | 'shippingLabel'>) =>
  order.shippingLabel ?? order.shippingMethod ?? '';

export const orderDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

export const orderDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const statusBadge: Record<Order['status'], string> = {
  unpaid: 'badge-ghost',
  pending: 'badge-info',
  partially_shipped: 'badge-info',
  shipped: 'badge-success',
  cancelled: 'badge-error',
  expired: 'badge-error',
  refunded: 'badge-warning',
  partially_refunded: 'badge-warning',
};

/** What a status, as the API sends it, means to the person reading the order (the contract's words). */
export const statusWords = (status: Order['status']) => orderStatusWords[fromWireStatus(status)];

/** `text` is the order's own status words (`statusText`), which also say what is missing or refunded. */
export function StatusBadge({ status, text }: { status: Order['status']; text?: string }) {
  return (
    <span className={`badge ${statusBadge[status]} h-auto`} data-testid="order-status">
      {text ?? statusWords(status)}
    </span>
  );
}

/**
 * The order's lines; `prices` false for a packing slip, and never for an order read without its
 * money (staff's). A core charge is its own priced row under its part, with how many old parts
 * came back for it.
 */
export function OrderLines({ order, prices: wanted = true }: { order: DeskOrder; prices?: boolean }) {
  if (!wanted || !showsMoney(order)) return <UnpricedLines lines={order.lines} />;
  const prices = true;
  return (
    <table className="table table-cards" data-testid="order-lines">
      <thead>
        <tr>
          <th scope="col">Product</th>
          {prices ? <th scope="col">Unit price</th> : null}
          <th scope="col">Quantity</th>
          {prices ? <th scope="col">Tax</th> : null}
          {prices ? <th scope="col">Line total</th> : null}
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <Fragment key={`${line.productId}-${line.name}`}>
            <tr>
              <td data-label="Product">
                <Link to={pages.product.path(line.productId)} className="link font-medium">
                  {line.name}
                </Link>
              </td>
              {prices ? (
                <td data-label="Unit price" className="tabular-nums">
                  {formatCents(line.unitPriceCents)}
                </td>
              ) : null}
              <td data-label="Quantity" className="tabular-nums">
                {formatNumber(line.quantity)}
              </td>
              {prices ? (
                <td data-label="Tax" className="tabular-nums">
                  {formatCents(line.taxCents)}
                </td>
              ) : null}
              {prices ? (
                <td data-label="Line total" className="tabular-nums">
                  {formatCents(line.lineTotalCents)}
                </td>
              ) : null}
            </tr>
            {prices && line.coreTotalCents > 0 ? <CoreChargeRow line={line} /> : null}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}

/** The lines as a packing slip has them: products and quantities. */
function UnpricedLines({ lines }: { lines: DeskOrder['lines'] }) {
  return (
    <table className="table table-cards" data-testid="order-lines">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.productId}-${line.name}`}>
            <td data-label="Product">
              <Link to={pages.product.path(line.productId)} className="link font-medium">
                {line.name}
              </Link>
            </td>
            <td data-label="Quantity" className="tabular-nums">
              {formatNumber(line.quantity)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A line's core charge as a row of the lines table, and where its old parts stand. */
function CoreChargeRow({ line }: { line: Order['lines'][number] }) {
  const back =
    line.coresRefunded > 0
      ? `refunded for ${formatNumber(line.coresRefunded)} of ${formatNumber(line.quantity)}`
      : line.coresReturned > 0
        ? `${formatNumber(line.coresReturned)} of ${formatNumber(line.quantity)} old parts back`
        : 'refunded when the old part comes back';
  return (
    <tr data-testid="core-charge-line">
      <td data-label="Product">
        {CORE_CHARGE_LABEL}
        <span className="block text-sm text-base-content/70">
          {line.name}: {back}
        </span>
      </td>
      <td data-label="Unit price" className="tabular-nums">
        {formatCents(line.coreChargeCents)}
      </td>
      <td data-label="Quantity" className="tabular-nums">
        {formatNumber(line.quantity)}
      </td>
      <td data-label="Tax" className="tabular-nums">
        {formatCents(line.coreTaxCents)}
      </td>
      <td data-label="Line total" className="tabular-nums" data-testid="core-charge-total">
        {formatCents(line.coreTotalCents)}
      </td>
    </tr>
  );
}

const countryName = (code: string) => shippingCountries.find((c) => c.code === code)?.name ?? code;

export function AddressBlock({ address, phone }: { address: Address | null; phone: string }) {
  if (!address) {
    return (
      <p>
        No shipping address was given with this order (it was placed from a product page). Phone:{' '}
        <a className="link" href={`tel:${phone}`}>
          {phone}
        </a>
      </p>
    );
  }
  return (
    <address className="not-italic leading-relaxed" data-testid="shipping-address">
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 ? (
        <>
          <br />
          {address.line2}
        </>
      ) : null}
      <br />
      {address.city}, {address.region} {address.postalCode}
      <br />
      {countryName(address.country)}
      <br />
      Phone:{' '}
      <a className="link" href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>
        {address.phone}
      </a>
    </address>
  );
}

/** How the order was paid ("Paid on account" for one charged to the trade account), or that it was not. */
export const paidWith = (order: Order, notPaid: string) =>
  order.paid
    ? (order.amounts.onAccountCents ?? 0) > 0
      ? 'Paid on account'
      : `Paid${order.cardBrand && order.cardLast4 ? ` with ${order.cardBrand} ending ${order.cardLast4}` : ''}`
    : notPaid;

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
 * `estimated`: the tax is the store's default rate until the order has its address. The customer's
 * and staff's order pages alike: store credit's part, then the card's, or the part charged to the
 * trade account "On account" (no card then).
 */
export function OrderAmounts({ order, estimated = false }: { order: Order; estimated?: boolean }) {
  // Store credit paid part or all of it (decision 100): the card pays, or paid, the rest, or the
  // trade account's invoice took it (decision 102).
  const creditCents = order.amounts.storeCreditCents ?? 0;
  const onAccountCents = order.amounts.onAccountCents ?? 0;
  const summary = (
    <OrderSummary
      totals={{ ...order.amounts, shippingMethod: order.shippingMethod, shippingLabel: order.shippingLabel }}
      discount={order.discount}
      estimated={estimated}
      credit={
        creditCents > 0
          ? {
              label: 'Paid with store credit',
              cents: creditCents,
              restLabel: onAccountCents > 0 ? 'On account' : order.paid ? 'Paid by card' : 'To pay by card',
            }
          : undefined
      }
    />
  );
  // Parts added after a card payment (decision 104): owed until paid, under the total they are in.
  const balanceDueCents = order.amounts.balanceDueCents ?? 0;
  if (onAccountCents <= 0 && balanceDueCents <= 0) return summary;
  return (
    <div className="space-y-1">
      {summary}
      {onAccountCents <= 0 || creditCents > 0 ? null : <OnAccountRow cents={onAccountCents} />}
      {balanceDueCents > 0 ? (
        <dl>
          <div className="flex justify-between gap-4 font-semibold">
            <dt className="min-w-0 break-words">Left to pay for parts added</dt>
            <dd className="shrink-0 tabular-nums" data-testid="summary-balance-due">
              {formatCents(balanceDueCents)}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

const eventWords: Record<string, string> = {
  place: 'Order placed',
  pay: 'Payment received',
  ship: 'Shipped',
  cancel: 'Cancelled',
  expire: 'Expired, items released',
  refund: 'Refunded',
  partial_refund: 'Partly refunded',
  late_payment_refund: 'Late payment refunded',
  address_given: 'Shipping address given',
  cancel_requested: 'Asked to cancel',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_refused: 'Return refused',
  return_received: 'Returned parts received',
  core_return_requested: 'Core return asked for',
  core_return_received: 'Old parts received',
  lines_added: 'Parts added',
  balance_paid: 'Parts added paid for',
};

export function OrderHistory({ events }: { events: OrderEvent[] }) {
  if (events.length === 0) return <p className="text-base-content/70">No history yet.</p>;
  return (
    <ol className="space-y-2" data-testid="order-history">
      {events.map((e) => (
        <li key={`${e.at}-${e.event}`} className="flex flex-wrap gap-x-3">
          <span className="font-medium">{eventWords[e.event] ?? e.event}</span>
          <time dateTime={e.at} className="text-base-content/70">
            {orderDateTime(e.at)}
          </time>
          <span className="text-base-content/70">
            by {e.actor === 'provider' ? 'the card processor' : e.actor}
          </span>
          {e.note ? <span className="w-full text-sm">{e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * When a shipped order left: one parcel's carrier and tracking number beside the address; an order
 * sent in several parcels says so, and the shipments list has each one's.
 */
export function Shipment({
  order,
}: {
  order: Pick<Order, 'status' | 'shippedAt' | 'carrier' | 'trackingNumber' | 'shipments'>;
}) {
  if (order.status !== 'shipped') return null;
  const when = order.shippedAt ? ` on ${orderDate(order.shippedAt)}` : '';
  const [only, ...more] = order.shipments;
  if (only && more.length > 0)
    return (
      <p data-testid="shipment">
        Shipped in {formatNumber(order.shipments.length)} parcels, the last{when}. Each parcel's carrier and
        tracking number are under Shipments.
      </p>
    );
  const carrier = only ? only.carrier : order.carrier;
  const tracking = only ? only.trackingNumber : order.trackingNumber;
  return (
    <p data-testid="shipment">
      Shipped{when}
      {carrier ? ` with ${carrier}` : ''}
      {tracking ? (
        <>
          {'. Tracking number: '}
          <span className="font-mono font-semibold">{tracking}</span>
        </>
      ) : null}
      .
    </p>
  );
}
