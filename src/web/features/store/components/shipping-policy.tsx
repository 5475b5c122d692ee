import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import type { StorePolicies } from '@contract/policies';
import { Link } from 'react-router';

type Shipping = StorePolicies['shipping'];
type Method = Shipping['zones'][number]['methods'][number];

const pounds = (lb: number) => `${lb} lb`;

/** A method's price by the parcel's weight: one price, or one per weight bracket. */
function bracketsInWords(brackets: Method['brackets']): string[] {
  if (brackets.length === 1 && brackets[0]?.upToLb === null) {
    return [`${formatCents(brackets[0].priceCents)}, whatever the parcel weighs`];
  }
  let from = 0;
  return brackets.map((b) => {
    const line =
      b.upToLb === null
        ? `over ${pounds(from)}: ${formatCents(b.priceCents)}`
        : `up to ${pounds(b.upToLb)}: ${formatCents(b.priceCents)}`;
    if (b.upToLb !== null) from = b.upToLb;
    return line;
  });
}

/** The heaviest parcel a method takes, when its last bracket stops at a weight. */
const heaviest = (brackets: Method['brackets']) => {
  const last = brackets.at(-1);
  return last && last.upToLb !== null ? last.upToLb : null;
};

const freeInWords = (cents: number | null) =>
  cents === null ? 'Never free' : `Free on parts of ${formatCents(cents)} or more`;

/**
 * The shipping page, written from the owner's shipping settings: the flat standard and express
 * rates of a store without zones, or each zone's places and methods priced by weight.
 */
export function ShippingPolicy({ shipping }: { shipping: Shipping }) {
  const { flat, zones } = shipping;
  return (
    <div className="space-y-8">
      {zones.length === 0 ? (
        <section aria-labelledby="shipping-rates" className="space-y-3">
          <h2 id="shipping-rates" className="text-2xl font-semibold">
            Rates
          </h2>
          <ul className="space-y-3" data-testid="shipping-rates">
            <li className="rounded-box border border-base-300 p-4">
              <p className="font-semibold">
                {flat.standard.name}: {formatCents(flat.standardCents)}
              </p>
              <p className="text-sm text-base-content/70">{flat.standard.estimate}, by ground.</p>
              <p>
                {flat.freeStandardOverCents === null
                  ? 'Charged on every order.'
                  : `Free when the parts in your order come to ${formatCents(flat.freeStandardOverCents)} or more.`}
              </p>
            </li>
            <li className="rounded-box border border-base-300 p-4">
              <p className="font-semibold">
                {flat.express.name}: {formatCents(flat.expressCents)}
              </p>
              <p className="text-sm text-base-content/70">{flat.express.estimate}, by air.</p>
            </li>
          </ul>
        </section>
      ) : (
        zones.map((zone, index) => (
          <section key={zone.name} aria-labelledby={`zone-${index}`} className="space-y-3">
            <h2 id={`zone-${index}`} className="text-2xl font-semibold">
              {zone.name}
            </h2>
            <p className="text-sm text-base-content/70">Ships to: {zone.areas.join(', ')}</p>
            <ul className="space-y-3">
              {zone.methods.map((method) => {
                const limit = heaviest(method.brackets);
                return (
                  <li key={method.name} className="rounded-box border border-base-300 p-4">
                    <p className="font-semibold">{method.name}</p>
                    <p className="text-sm text-base-content/70">
                      {method.estimate ? `${method.estimate}, ` : ''}
                      {method.mode === 'air' ? 'by air' : 'by ground'}.
                    </p>
                    <ul className="list-disc pl-5">
                      {bracketsInWords(method.brackets).map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                    {limit !== null ? (
                      <p className="text-sm">Parcels over {pounds(limit)} are not sent this way.</p>
                    ) : null}
                    <p>{freeInWords(method.freeOverCents)}.</p>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      <section aria-labelledby="shipping-how" className="space-y-2">
        <h2 id="shipping-how" className="text-2xl font-semibold">
          How shipping is worked out
        </h2>
        <ul className="list-disc space-y-1 pl-5">
          {zones.length > 0 ? (
            <li>
              A parcel is priced by its weight: the parts' own weights added up, a part without one counted as{' '}
              {pounds(shipping.defaultWeightLb)}.
            </li>
          ) : null}
          <li>
            Free shipping counts what the parts sell for; a core charge (the deposit on a part whose old one
            you send back) does not count towards it.
          </li>
          <li>
            Batteries, aerosols and other parts that may not fly travel by ground only: an order with one
            offers ground methods.
          </li>
          {zones.length > 0 ? (
            <li>We ship only to the places named above. For anywhere else, contact us for a quote.</li>
          ) : null}
          <li>
            Your cart and checkout show the shipping and tax of your order before you pay.{' '}
            <Link className="link" to={pages.cart.path}>
              Open your cart
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
