import { formatCents } from '@contract/money';
import { type CoreCharged, CoreChargeLine } from '@web/shared/pricing/core-charge-line';

/** A line of a checkout's order summary: the server's priced line and what is wrong with it, if anything. */
export interface SummaryLine extends CoreCharged {
  productId: string;
  lineTotalCents: number;
  problem: string | null;
}

/** The lines of a checkout's order summary (signed in or as a guest): each part, its total and its core charge. */
export function SummaryLines({ lines }: { lines: SummaryLine[] }) {
  return (
    <ul className="space-y-2 text-sm">
      {lines.map((line) => (
        <li key={line.productId} className="space-y-1">
          <div className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {line.name} × {line.quantity}
              {line.problem ? <span className="block text-error">{line.problem}</span> : null}
            </span>
            <span className="tabular-nums">{formatCents(line.lineTotalCents)}</span>
          </div>
          <CoreChargeLine line={line} />
        </li>
      ))}
    </ul>
  );
}
