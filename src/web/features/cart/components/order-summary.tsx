import type { ReactNode } from 'react';
import { taxRateWords } from '../../../../contract/pricing';
import { formatCents } from '../../../lib/format';

/** Orders placed before the method's name was kept say only which of the two flat methods it was. */
const flatName: Record<string, string> = { standard: 'Standard shipping', express: 'Express shipping' };

export interface SummaryTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  shippingMethod?: string | null;
  /** The method's name ("Express shipping", or a zone's own). */
  shippingLabel?: string | null;
  /** The part of the tax charged on shipping, where the place taxes it. */
  shippingTaxCents?: number;
  taxRateBasisPoints?: number | null;
}

/** The server's subtotal, shipping, tax and total, as it sent them. */
export function OrderSummary({
  totals,
  estimated = false,
  children,
}: {
  totals: SummaryTotals;
  /** Before the address is known the tax is the store's default rate. */
  estimated?: boolean;
  children?: ReactNode;
}) {
  const method = totals.shippingMethod
    ? (totals.shippingLabel ?? flatName[totals.shippingMethod] ?? totals.shippingMethod)
    : 'Shipping';
  const rate =
    !estimated && totals.taxRateBasisPoints !== undefined && totals.taxRateBasisPoints !== null
      ? ` (${taxRateWords(totals.taxRateBasisPoints)})`
      : '';
  const rows: [string, string, number][] = [
    ['subtotal', 'Subtotal', totals.subtotalCents],
    ['shipping', method, totals.shippingCents],
    ['tax', estimated ? 'Estimated tax' : `Tax${rate}`, totals.taxCents],
  ];
  return (
    <dl className="space-y-1" data-testid="order-summary">
      {children}
      {rows.map(([key, label, cents]) => (
        <div key={key} className="flex justify-between gap-4">
          <dt>{label}</dt>
          <dd className="tabular-nums">{key === 'shipping' && cents === 0 ? 'Free' : formatCents(cents)}</dd>
        </div>
      ))}
      {totals.shippingTaxCents ? (
        <div className="flex justify-between gap-4 text-sm text-base-content/70">
          <dt>of which tax on shipping</dt>
          <dd className="tabular-nums">{formatCents(totals.shippingTaxCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-t border-base-300 pt-2 text-lg font-bold">
        <dt>{estimated ? 'Estimated total' : 'Total'}</dt>
        <dd className="tabular-nums" data-testid="summary-total">
          {formatCents(totals.totalCents)}
        </dd>
      </div>
    </dl>
  );
}
