import type { PackingSlip } from '@contract/packing-slip';
import { formatNumber } from '@web/lib/format';

/**
 * The packing slip's lines, printed with the order page: each product with the numbers on its
 * shelf label (SKU, part number), how many were ordered and how many go in this parcel; then the
 * pick list: what is still to ship, place by place in pick order, sorted by bin as the store sends it.
 */
export function PackingSlipLines({ slip }: { slip: PackingSlip | undefined }) {
  if (!slip) return <p>Loading the packing slip…</p>;
  return (
    <div className="space-y-4">
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
      {slip.picks.length > 0 ? (
        <section aria-labelledby="pick-list-title" className="space-y-2" data-testid="pick-list">
          <h4 id="pick-list-title" className="font-semibold">
            Pick list
          </h4>
          {slip.picks.map((place) => {
            const headingId = `pick-${place.locationId}`;
            return (
              <section
                key={place.locationId}
                aria-labelledby={headingId}
                data-location-id={place.locationId}
                className="space-y-1"
              >
                <h5 id={headingId} className="font-medium">
                  {place.locationName}
                </h5>
                <table className="table table-sm" aria-labelledby={headingId}>
                  <thead>
                    <tr>
                      <th scope="col">Bin</th>
                      <th scope="col">SKU</th>
                      <th scope="col">Part number</th>
                      <th scope="col">Product</th>
                      <th scope="col">Quantity</th>
                    </tr>
                  </thead>
                  <tbody>
                    {place.lines.map((line) => (
                      <tr key={`${line.productId}-${line.bin ?? ''}`}>
                        <td className="font-mono">{line.bin ?? 'No bin'}</td>
                        <td className="font-mono">{line.sku ?? '—'}</td>
                        <td className="font-mono">{line.partNumber ?? '—'}</td>
                        <td>{line.name}</td>
                        <td className="tabular-nums">{formatNumber(line.quantity)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            );
          })}
        </section>
      ) : null}
    </div>
  );
}
