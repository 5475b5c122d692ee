import type { AppliedDiscount } from '@contract/discounts';
import { formatCents } from '@contract/money';
import { discountRowLabel, freeShippingNote, taxRateWords } from '@contract/summary-words';
import { exemptWords } from '@contract/trade';
import type { ReactNode } from 'react';

/** Orders placed before the method's name was kept say only which of the two flat methods it was. */
const flatName: Record<string, string> = { standard: 'Standard shipping', express: 'Express shipping' };

export interface SummaryTotals {
  /** The lines and their core charges. */
  subtotalCents: number;
  /** The part of the subtotal that is core charges, refunded when the old parts come back. */
  coreChargeCents?: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  shippingMethod?: string | null;
  /** The method's name ("Express shipping", or a zone's own). */
  shippingLabel?: string | null;
  /** The part of the tax charged on shipping, where the place taxes it. */
  shippingTaxCents?: number;
  taxRateBasisPoints?: number | null;
  /** The resale certificate that made it tax exempt (decision 095), said on the tax row. */
  taxExemptCertificate?: string | undefined;
}

/** The server's subtotal, discount, shipping, tax and total, as it sent them. */
export function OrderSummary({
  totals,
  discount = null,
  estimated = false,
  credit,
  children,
}: {
  totals: SummaryTotals & { discountCents?: number };
  /** The discount in these totals (its name for the row; free shipping for the shipping row). */
  discount?: AppliedDiscount | null;
  /** Before the address is known the tax is the store's default rate. */
  estimated?: boolean;
  /**
   * Store credit against the total (decision 100): its row ("Store credit", "Paid with store
   * credit") and, under it, the rest the card pays (`restLabel`; left out when nothing is left).
   */
  credit?: { label: string; cents: number; restLabel: string };
  children?: ReactNode;
}) {
  const shipping = totals.shippingMethod
    ? (totals.shippingLabel ?? flatName[totals.shippingMethod] ?? totals.shippingMethod)
    : 'Shipping';
  const rate =
    !estimated && totals.taxRateBasisPoints !== undefined && totals.taxRateBasisPoints !== null
      ? ` (${taxRateWords(totals.taxRateBasisPoints)})`
      : '';
  const rows: { label: string; value: string; testId?: string; muted?: boolean }[] = [
    { label: 'Subtotal', value: formatCents(totals.subtotalCents) },
  ];
  if ((totals.coreChargeCents ?? 0) > 0)
    rows.push({
      label: 'of which core charges (refundable)',
      value: formatCents(totals.coreChargeCents ?? 0),
      testId: 'summary-core-charges',
      muted: true,
    });
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
    {
      label: totals.taxExemptCertificate
        ? exemptWords(totals.taxExemptCertificate)
        : estimated
          ? 'Estimated tax'
          : `Tax${rate}`,
      value: formatCents(totals.taxCents),
    },
  );
  return (
    <dl className="space-y-1" data-testid="order-summary">
      {children}
      {rows.map((row) => (
        <div
          key={row.label}
          className={`flex justify-between gap-4${row.muted ? ' text-sm text-base-content/70' : ''}`}
        >
          <dt className="min-w-0 break-words">{row.label}</dt>
          <dd className="shrink-0 tabular-nums" data-testid={row.testId}>
            {row.value}
          </dd>
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
      {credit && credit.cents > 0 ? (
        <>
          <div className="flex justify-between gap-4">
            <dt className="min-w-0 break-words">{credit.label}</dt>
            <dd className="shrink-0 tabular-nums" data-testid="summary-store-credit">
              -{formatCents(credit.cents)}
            </dd>
          </div>
          {totals.totalCents > credit.cents ? (
            <div className="flex justify-between gap-4 font-semibold">
              <dt className="min-w-0 break-words">{credit.restLabel}</dt>
              <dd className="shrink-0 tabular-nums" data-testid="summary-card">
                {formatCents(totals.totalCents - credit.cents)}
              </dd>
            </div>
          ) : null}
        </>
      ) : null}
    </dl>
  );
}
