import { refundLineWords, refundStatusWords } from '@contract/after-sale';
import { formatCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { formatNumber } from '@web/lib/format';
import { creditNoteUrl } from './after-sale';
import { orderDate } from './order-parts';

/** An order's parcels and refunds, as the admin and the customer both read them. */

/** What naming an order's lines needs: the customer's order or the desk's, money or not. */
type Named = { lines: ReadonlyArray<{ productId: string; name: string }> };

export const lineName = (order: Named, productId: string) =>
  order.lines.find((l) => l.productId === productId)?.name ?? productId;

export function ShipmentList({ order }: { order: Named & Pick<Order, 'shipments'> }) {
  if (order.shipments.length === 0) return <p className="text-base-content/70">Nothing has shipped yet.</p>;
  return (
    <ol className="space-y-3" data-testid="shipments">
      {order.shipments.map((s, i) => (
        <li key={s.id} className="rounded-box border border-base-300 p-3">
          <p className="font-medium">
            Parcel {i + 1}, shipped <time dateTime={s.at}>{orderDate(s.at)}</time>
            {s.carrier ? ` with ${s.carrier}` : ''}
          </p>
          {s.trackingNumber ? (
            <p>
              Tracking number: <span className="font-mono font-semibold">{s.trackingNumber}</span>
            </p>
          ) : null}
          <ul className="list-disc ps-5">
            {s.lines.map((l) => (
              <li key={l.productId}>
                {formatNumber(l.quantity)} × {lineName(order, l.productId)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** `creditNotes` false where the reader has no credit note to open (a guest's order page). */
export function RefundList({
  order,
  admin,
  creditNotes = true,
}: {
  order: Order;
  admin: boolean;
  creditNotes?: boolean;
}) {
  if (order.refunds.length === 0) return <p className="text-base-content/70">No refunds.</p>;
  return (
    <ol className="space-y-3" data-testid="refunds">
      {order.refunds.map((r) => (
        <li key={r.id} className="rounded-box border border-base-300 p-3">
          <p className="font-medium">
            {formatCents(r.amountCents)} · {refundStatusWords[r.status]} ·{' '}
            <time dateTime={r.at}>{orderDate(r.at)}</time>
          </p>
          <p className="text-sm">Reason: {r.reason}</p>
          {r.lines.length > 0 ? (
            <ul className="list-disc ps-5 text-sm">
              {r.lines.map((l) => (
                <li key={l.productId}>{refundLineWords(order, l)}</li>
              ))}
            </ul>
          ) : null}
          {r.shippingCents > 0 ? <p className="text-sm">Shipping: {formatCents(r.shippingCents)}</p> : null}
          {(r.storeCreditCents ?? 0) > 0 ? (
            <p className="text-sm" data-testid="refund-store-credit">
              {formatCents(r.storeCreditCents)} as store credit
            </p>
          ) : null}
          {(r.onAccountCents ?? 0) > 0 ? (
            <p className="text-sm" data-testid="refund-on-account">
              {formatCents(r.onAccountCents ?? 0)} taken off the invoice
            </p>
          ) : null}
          {(r.balanceCents ?? 0) > 0 ? (
            <p className="text-sm" data-testid="refund-balance">
              {formatCents(r.balanceCents ?? 0)} no longer owed for parts added
            </p>
          ) : null}
          {r.failure ? (
            <p className="text-error text-sm" role="status">
              {r.failure}
            </p>
          ) : null}
          {r.status === 'succeeded' && creditNotes ? (
            <a
              className="link text-sm"
              href={creditNoteUrl(order._id, r.id, admin)}
              download={`credit-note-${order.number}-${r.id}.pdf`}
            >
              Credit note PDF
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
