import { formatCents } from '@contract/money';
import { pages } from '@contract/pages';
import type { PricedLine } from '@contract/pricing';
import { CoreChargeLine } from '@web/shared/pricing/core-charge-line';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QuantityStepper } from './quantity-stepper';

/**
 * One line of the cart: picture, name, unit price, quantity, line total and what is wrong with it,
 * and under it the part's core charge as a priced line of its own when it has one.
 */
export function CartLineItem({
  line,
  busy,
  error,
  onQuantity,
  onRemove,
  fit,
}: {
  line: PricedLine;
  /** Whether it fits the vehicle being shopped for, when one is chosen. */
  fit?: ReactNode;
  busy: boolean;
  /** The store's refusal of the last change to this line. */
  error: string | null;
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}) {
  const productPage = pages.product.path(line.productId);
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-2 border-b border-base-300 py-4 sm:grid-cols-[5rem_minmax(0,1fr)_auto]">
      <img
        src={line.image}
        alt=""
        width={80}
        height={60}
        loading="lazy"
        className="row-span-2 aspect-[4/3] w-16 rounded object-cover sm:w-20"
      />
      <div className="min-w-0">
        <h2 className="font-semibold break-words">
          <Link to={productPage} className="link-hover">
            {line.name}
          </Link>
        </h2>
        <p className="text-sm text-base-content/70">
          {formatCents(line.unitPriceCents)} each
          {line.listUnitPriceCents === undefined ? null : (
            <>
              {' '}
              <span data-testid="trade-price">
                (your trade price; list <s>{formatCents(line.listUnitPriceCents)}</s>)
              </span>
            </>
          )}
        </p>
        {fit ? <div className="mt-1">{fit}</div> : null}
        {line.problem ? (
          <p className="mt-1 text-sm text-error" data-testid="line-problem">
            {line.problem}
          </p>
        ) : null}
        {error ? (
          <p className="mt-1 text-sm text-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="col-start-2 flex flex-wrap items-center justify-between gap-2 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end">
        <QuantityStepper
          label={`Quantity of ${line.name}`}
          value={line.quantity}
          min={line.minimum}
          max={Math.max(line.available, line.minimum)}
          busy={busy}
          onChange={onQuantity}
        />
        <p className="font-semibold tabular-nums" data-testid="line-total">
          {formatCents(line.lineTotalCents)}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-error"
          onClick={onRemove}
          disabled={busy}
          aria-label={`Remove ${line.name}`}
        >
          Remove
        </button>
      </div>
      <CoreChargeLine line={line} className="col-span-full text-sm" />
    </li>
  );
}
