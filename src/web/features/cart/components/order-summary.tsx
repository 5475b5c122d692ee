import type { ReactNode } from 'react';
import type { Totals } from '../../../../contract/pricing';
import { formatCents } from '../../../lib/format';

const shippingName = { standard: 'Standard shipping', express: 'Express shipping' } as const;

/** The server's subtotal, shipping, tax and total, as it sent them. */
export function OrderSummary({
  totals,
  estimated = false,
  children,
}: {
  totals: Pick<Totals, 'subtotalCents' | 'shippingCents' | 'taxCents' | 'totalCents'> & {
    shippingMethod?: Totals['shippingMethod'] | null;
  };
  /** Before the address is known the tax is the store's default rate. */
  estimated?: boolean;
  children?: ReactNode;
}) {
  const rows = [
    ['Subtotal', totals.subtotalCents],
    [totals.shippingMethod ? shippingName[totals.shippingMethod] : 'Shipping', totals.shippingCents],
    [estimated ? 'Estimated tax' : 'Tax', totals.taxCents],
  ] as const;
  return (
    <dl className="space-y-1" data-testid="order-summary">
      {children}
      {rows.map(([label, cents]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd className="tabular-nums">
            {label.endsWith('shipping') && cents === 0 ? 'Free' : formatCents(cents)}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-base-300 pt-2 text-lg font-bold">
        <dt>{estimated ? 'Estimated total' : 'Total'}</dt>
        <dd className="tabular-nums" data-testid="summary-total">
          {formatCents(totals.totalCents)}
        </dd>
      </div>
    </dl>
  );
}
