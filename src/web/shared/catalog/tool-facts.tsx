import type { Tool } from '@contract/catalog';
import { formatNumber } from '@web/lib/format';

/** The spec's 'Available Quantity' and 'Order Quantity' (the minimum), as a definition list. */
export function ProductQuantities({ tool, className = '' }: { tool: Tool; className?: string }) {
  return (
    <dl className={`grid grid-cols-2 gap-x-3 ${className}`}>
      <dt className="text-base-content/70">Available Quantity</dt>
      <dd className="text-right font-medium">{formatNumber(tool.available_quantity)}</dd>
      <dt className="text-base-content/70">
        Order Quantity <span className="text-xs">(minimum order)</span>
      </dt>
      <dd className="text-right font-medium">{formatNumber(tool.minimum_order_quantity)}</dd>
    </dl>
  );
}

/** The description lines as a list. */
export function ProductDescription({ tool, className = '' }: { tool: Tool; className?: string }) {
  return (
    <ul className={`list-disc space-y-1 pl-5 ${className}`}>
      {tool.description.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
