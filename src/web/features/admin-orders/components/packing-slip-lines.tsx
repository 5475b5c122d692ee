import type { PackingSlip } from '@contract/packing-slip';
import { formatNumber } from '@web/lib/format';

/**
 * The packing slip's lines, printed with the order page: each product with the numbers on its
 * shelf label (SKU, part number), how many were ordered and how many go in this parcel.
 */
export function PackingSlipLines({ slip }: { slip: PackingSlip | undefined }) {
  if (!slip) return <p>Loading the packing slip…</p>;
  return (
    <table className="table table-sm" data-testid="packing-slip">
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">SKU</th>
          <th scope="col">Part number</th>
          <th scope="col">Ordered</th>
          <th scope="col">To pack</th>
        </tr>
      </thead>
      <tbody>
        {slip.lines.map((line) => (
          <tr key={line.productId}>
            <td>{line.name}</td>
            <td className="font-mono">{line.sku ?? '—'}</td>
            <td className="font-mono">{line.partNumber ?? '—'}</td>
            <td className="tabular-nums">{formatNumber(line.quantity)}</td>
            <td className="tabular-nums">{formatNumber(line.toShip)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
