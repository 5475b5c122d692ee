import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { QUOTE_STATUS_LABELS, type SentQuote, staffOrderMessages } from '@contract/staff-orders';
import { QueryState } from '@web/components/ui/query-state';
import { TableScroll } from '@web/components/ui/table-scroll';
import { ApiError } from '@web/lib/api-client';
import { formatNumber } from '@web/lib/format';
import { AddressBlock, orderDate } from '@web/shared/orders/order-parts';
import { OrderSummary } from '@web/shared/pricing/order-summary';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAcceptQuote, useSentQuote } from '../api/quote-calls';

/**
 * A quote the store sent the signed-in customer (decision 103), opened by its link: the parts at
 * their prices (a trade price below list shows the list price struck), shipping, tax and total as
 * the store priced them, where it ships, the store's note and until when it holds. Accepting an
 * open quote places its order, which opens on its payment page.
 */
export function QuotePage() {
  const { token = '' } = useParams();
  const quote = useSentQuote(token);

  if (quote.error instanceof ApiError && (quote.error.code === 'NOT_FOUND' || quote.error.status === 400)) {
    return (
      <div className="mx-auto max-w-xl space-y-3">
        <h1 className="text-3xl font-bold">Quote not found</h1>
        <p role="alert">
          We could not find this quote. Check that you are signed in with the account it was sent to, or ask
          us to send it again.
        </p>
        <Link to={pages.myOrders.path} className="btn">
          My Orders
        </Link>
      </div>
    );
  }

  return (
    <QueryState query={quote} empty={null}>
      {(data) => <QuoteView quote={data} token={token} />}
    </QueryState>
  );
}

function QuoteView({ quote, token }: { quote: SentQuote; token: string }) {
  const accept = useAcceptQuote(token);
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const { priced } = quote;
  const expires = orderDate(quote.expiresAt);
  const blocked = priced.lines.some((l) => l.problem);

  const onAccept = async () => {
    setProblem(null);
    try {
      const { order } = await accept.mutateAsync();
      navigate(pages.payment.path(order._id));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The quote could not be accepted. Try again.');
    }
  };

  return (
    <article className="mx-auto max-w-3xl space-y-6" aria-labelledby="quote-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 id="quote-title" className="text-3xl font-bold">
            Your quote
          </h1>
          <p className="text-base-content/70">
            For {quote.customerName}, sent{' '}
            <time dateTime={quote.createdAt}>{orderDate(quote.createdAt)}</time>
          </p>
        </div>
        <span className="badge badge-outline h-auto" data-testid="quote-status">
          {QUOTE_STATUS_LABELS[quote.status]}
        </span>
      </div>

      {quote.status === 'open' ? (
        <p className="font-medium" data-testid="quote-valid-until">
          Valid until <time dateTime={quote.expiresAt}>{expires}</time>
        </p>
      ) : quote.status === 'expired' ? (
        <p role="status" className="alert alert-warning">
          {staffOrderMessages.quoteExpired(expires)}
        </p>
      ) : (
        <div role="status" className="alert alert-info flex flex-wrap">
          <span>You accepted this quote: its order is in your orders.</span>
          {quote.orderId ? (
            <Link className="link font-semibold" to={pages.order.path(quote.orderId)}>
              Open the order
            </Link>
          ) : null}
        </div>
      )}

      {quote.note ? (
        <section aria-labelledby="quote-note" className="space-y-1">
          <h2 id="quote-note" className="text-lg font-semibold">
            A note from us
          </h2>
          <p className="whitespace-pre-line break-words">{quote.note}</p>
        </section>
      ) : null}

      <section aria-labelledby="quote-lines" className="space-y-2">
        <h2 id="quote-lines" className="text-lg font-semibold">
          Parts ({formatNumber(priced.itemCount)})
        </h2>
        <TableScroll label="Parts of this quote">
          <table className="table table-cards">
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">Quantity</th>
                <th scope="col">Unit price</th>
                <th scope="col">Line total</th>
              </tr>
            </thead>
            <tbody>
              {priced.lines.map((line) => (
                <tr key={line.productId} data-testid="quote-line">
                  <th scope="row" data-label="Part" className="font-medium break-words">
                    {line.name}
                    {line.problem ? (
                      <span className="block text-sm font-normal text-error">{line.problem}</span>
                    ) : null}
                  </th>
                  <td data-label="Quantity" className="tabular-nums">
                    {formatNumber(line.quantity)}
                  </td>
                  <td data-label="Unit price" className="tabular-nums">
                    {line.listUnitPriceCents !== undefined &&
                    line.listUnitPriceCents > line.unitPriceCents ? (
                      <>
                        <s className="mr-1 text-base-content/60" data-testid="list-price">
                          <span className="sr-only">List price </span>
                          {formatCents(line.listUnitPriceCents)}
                        </s>{' '}
                      </>
                    ) : null}
                    <span data-testid="unit-price">{formatCents(line.unitPriceCents)}</span>
                  </td>
                  <td data-label="Line total" className="tabular-nums" data-testid="line-total">
                    {formatCents(line.lineTotalCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="quote-ship-to" className="space-y-2">
          <h2 id="quote-ship-to" className="text-lg font-semibold">
            Ship to
          </h2>
          <AddressBlock address={quote.address} phone={quote.address.phone} />
        </section>
        <section aria-labelledby="quote-amounts" className="space-y-2">
          <h2 id="quote-amounts" className="text-lg font-semibold">
            Total
          </h2>
          <OrderSummary totals={priced.totals} discount={priced.discount} />
          {priced.codeVerdict && !priced.codeVerdict.applied ? (
            <p className="text-sm text-base-content/70">{priced.codeVerdict.message}</p>
          ) : null}
        </section>
      </div>

      {quote.status === 'open' ? (
        <div className="space-y-2">
          {problem ? (
            <p role="alert" className="alert alert-error">
              {problem}
            </p>
          ) : null}
          {blocked ? (
            <p className="text-sm text-base-content/70">
              Some parts cannot be ordered as quoted: ask us for a new quote.
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-primary w-full sm:w-auto"
            disabled={accept.isPending}
            onClick={() => void onAccept()}
          >
            {accept.isPending ? (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            ) : null}
            Accept quote
          </button>
          <p className="text-sm text-base-content/70">Accepting places the order; you pay for it next.</p>
        </div>
      ) : null}
    </article>
  );
}
