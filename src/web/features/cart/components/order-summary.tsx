import type { ReactNode } from 'react';
import { type AppliedDiscount, discountRowLabel, freeShippingNote } from '../../../../contract/discounts';
import type { Totals } from '../../../../contract/pricing';
import { formatCents } from '../../../lib/format';

const shippingName = { standard: 'Standard shipping', express: 'Express shipping' } as const;

/** The server's subtotal, discount, shipping, tax and total, as it sent them. */
export function OrderSummary({
  totals,
  discount = null,
  estimated = false,
  children,
}: {
  totals: Pick<Totals, 'subtotalCents' | 'shippingCents' | 'taxCents' | 'totalCents'> & {
    discountCents?: number;
    shippingMethod?: Totals['shippingMethod'] | null;
  };
  /** The discount in these totals (its name for the row; free shipping for the shipping row). */
  discount?: AppliedDiscount | null;
  /** Before the address is known the tax is the store's default rate. */
  estimated?: boolean;
  children?: ReactNode;
}) {
  const shipping = totals.shippingMethod ? shippingName[totals.shippingMethod] : 'Shipping';
  const rows: { label: string; value: string; testId?: string }[] = [
    { label: 'Subtotal', value: formatCents(totals.subtotalCents) },
  ];
  if (discount && (totals.discountCents ?? 0) > 0)
    rows.push({
      label: discountRowLabel(discount),
      value: `-${formatCents(totals.discountCents ?? 0)}`,
      testId: 'summary-discount',
    });
  rows.push(
    {
      label:
        discount && discount.shippingCents > 0 ? `${shipping} (${freeShippingNote(discount)})` : shipping,
      value: totals.shippingCents === 0 ? 'Free' : formatCents(totals.shippingCents),
    },
    { label: estimated ? 'Estimated tax' : 'Tax', value: formatCents(totals.taxCents) },
  );
  return (
    <dl className="space-y-1" data-testid="order-summary">
      {children}
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4">
          <dt className="min-w-0 break-words">{row.label}</dt>
          <dd className="shrink-0 tabular-nums" data-testid={row.testId}>
            {row.value}
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
