import { pages } from '@contract/pages';
import type { StorePolicies } from '@contract/policies';
import { Link } from 'react-router';

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
/** 12.5 -> "12.5 %", 15 -> "15 %". */
const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')} %`;

/** The returns page, written from the owner's return window and restocking fee. */
export function ReturnPolicy({ returns }: { returns: StorePolicies['returns'] }) {
  const { windowDays, restockingFeePercent } = returns;
  const open = windowDays > 0;
  return (
    <div className="space-y-8">
      <section aria-labelledby="returns-window" className="space-y-2">
        <h2 id="returns-window" className="text-2xl font-semibold">
          {open ? 'Return window' : 'No returns'}
        </h2>
        <p data-testid="return-window">
          {open
            ? `You can send parts back within ${days(windowDays)} of the day they shipped.`
            : 'Parts are not taken back once they have shipped. If a part arrives damaged or is not what you ordered, contact us.'}
        </p>
      </section>
      {open ? (
        <>
          <section aria-labelledby="returns-how" className="space-y-2">
            <h2 id="returns-how" className="text-2xl font-semibold">
              How to return a part
            </h2>
            <ol className="list-decimal space-y-1 pl-5">
              <li>
                Open the order: signed in, from{' '}
                <Link className="link" to={pages.myOrders.path}>
                  My Orders
                </Link>
                ; as a guest, from the link in the order's e-mail.
              </li>
              <li>
                Choose Return parts, the parts and how many, and why. A part that does not fit: say which
                vehicle.
              </li>
              <li>Send the parts back. We check them when they arrive.</li>
            </ol>
          </section>
          <section aria-labelledby="returns-money" className="space-y-2">
            <h2 id="returns-money" className="text-2xl font-semibold">
              What you get back
            </h2>
            <p data-testid="restocking-fee">
              {restockingFeePercent > 0
                ? `What you paid for the parts, with their share of tax, less a restocking fee of ${percent(restockingFeePercent)} of what they sold for.`
                : 'What you paid for the parts, with their share of tax. There is no restocking fee.'}
            </p>
            <p>The money goes back to the card you paid with.</p>
          </section>
        </>
      ) : null}
      <section aria-labelledby="returns-cores" className="space-y-2">
        <h2 id="returns-cores" className="text-2xl font-semibold">
          Core charges
        </h2>
        <p>
          Some parts carry a core charge: a deposit you get back in full, with no fee, when the old part comes
          back to us.
        </p>
      </section>
      <p>
        Questions about a return?{' '}
        <Link className="link" to={pages.contact.path}>
          Contact us
        </Link>
        .
      </p>
    </div>
  );
}
