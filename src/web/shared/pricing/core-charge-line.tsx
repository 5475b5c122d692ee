import { formatCents } from '@contract/money';
import { CORE_CHARGE_LABEL } from '@contract/summary-words';
import { formatNumber } from '@web/lib/format';

/** A line the server priced with a core charge: its quantity, the charge per unit and their total. */
export interface CoreCharged {
  name: string;
  quantity: number;
  coreChargeCents: number;
  coreTotalCents: number;
}

/**
 * A part's core charge as its own priced line, under the part: "Core charge (refundable)", how it
 * adds up, and the amount the server charged. Nothing when the part has no core charge.
 */
export function CoreChargeLine({
  line,
  className = '',
  note = true,
}: {
  line: CoreCharged;
  className?: string;
  /** Say how the charge comes back (the cart and checkout do; receipts-like lists need not). */
  note?: boolean;
}) {
  if (line.coreTotalCents <= 0) return null;
  return (
    <div className={`flex justify-between gap-3 ${className}`} data-testid="core-charge-line">
      <span className="min-w-0 break-words">
        {CORE_CHARGE_LABEL}
        <span className="block text-base-content/70 text-xs">
          {formatNumber(line.quantity)} × {formatCents(line.coreChargeCents)} for {line.name}
          {note ? ': back to you when the old part comes back' : ''}
        </span>
      </span>
      <span className="shrink-0 tabular-nums" data-testid="core-charge-total">
        {formatCents(line.coreTotalCents)}
      </span>
    </div>
  );
}
