import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import { STORE_CREDIT_REASON_LABELS } from '@contract/store-credit';
import { orderDate } from '@web/shared/orders/order-parts';
import { useStoreCredit } from '@web/shared/store-credit/store-credit-calls';
import { Link } from 'react-router';

/** An entry's amount, signed: "+$12.50" given, "−$12.50" spent. */
export const signedCents = (cents: number) => `${cents < 0 ? '−' : '+'}${formatCents(Math.abs(cents))}`;

/**
 * The customer's store credit on My Profile (decision 100): the balance and its latest entries,
 * each with why it moved and the order it came from or went to. An account that never had any
 * says so in a line.
 */
export function MyStoreCredit() {
  const credit = useStoreCredit();
  if (!credit.data) return null;
  const { balanceCents, entries } = credit.data;
  return (
    <section
      aria-labelledby="my-store-credit-title"
      className="card bg-base-200"
      data-testid="my-store-credit"
    >
      <div className="card-body gap-2">
        <h3 id="my-store-credit-title" className="text-lg font-semibold">
          Store credit
        </h3>
        {balanceCents === 0 && entries.length === 0 ? (
          <p>No store credit.</p>
        ) : (
          <>
            <p>
              Balance:{' '}
              <span className="font-semibold tabular-nums" data-testid="store-credit-balance">
                {formatCents(balanceCents)}
              </span>
              {balanceCents > 0 ? '. It is used at checkout when you choose to.' : ''}
            </p>
            {entries.length > 0 ? (
              <ul className="divide-y divide-base-300 text-sm" aria-label="Latest store credit entries">
                {entries.map((entry) => (
                  <li
                    key={`${entry.at}-${entry.reason}-${entry.deltaCents}`}
                    className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2"
                    data-testid="store-credit-entry"
                  >
                    <time dateTime={entry.at} className="text-base-content/70">
                      {orderDate(entry.at)}
                    </time>
                    <span className="min-w-0 flex-1 break-words">
                      {STORE_CREDIT_REASON_LABELS[entry.reason]}
                      {entry.orderNumber ? (
                        <>
                          {' '}
                          {entry.orderId ? (
                            <Link to={pages.order.path(entry.orderId)} className="link">
                              {entry.orderNumber}
                            </Link>
                          ) : (
                            entry.orderNumber
                          )}
                        </>
                      ) : null}
                    </span>
                    <span
                      className={`tabular-nums font-medium${entry.deltaCents < 0 ? '' : ' text-success'}`}
                    >
                      {signedCents(entry.deltaCents)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
