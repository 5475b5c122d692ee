import type { ToolDetails } from '@contract/catalog';

const kindLabel = {
  sku: 'SKU',
  maker: 'Part number',
  oem: 'OEM',
  interchange: 'Interchange',
  upc: 'UPC',
} as const;

/** Brand, every number the part is known by, and the vehicles it fits. */
export function PartDetails({ tool }: { tool: ToolDetails }) {
  const numbers = tool.part_numbers ?? [];
  const fitment = tool.fitment ?? [];
  return (
    <div className="space-y-3 text-sm">
      {tool.brand || tool.category_name ? (
        <p>
          {tool.brand ? (
            <>
              Brand: <strong>{tool.brand}</strong>
            </>
          ) : null}
          {tool.brand && tool.category_name ? ' · ' : null}
          {tool.category_name ? <>Category: {tool.category_name}</> : null}
        </p>
      ) : null}
      {numbers.length > 0 ? (
        <div>
          <h2 className="font-semibold">Part numbers</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3">
            {numbers.map((n) => (
              <div key={`${n.kind}-${n.number}-${n.brand}`} className="contents">
                <dt className="text-base-content/70">
                  {kindLabel[n.kind]}
                  {n.kind === 'oem' || n.kind === 'interchange' ? ` (${n.brand})` : ''}
                </dt>
                <dd className="font-mono">{n.number}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : null}
      <div>
        <h2 className="font-semibold">Fitment</h2>
        {tool.universal_fit ? (
          <p>Universal fit: works with any vehicle.</p>
        ) : fitment.length > 0 ? (
          <ul className="list-disc pl-5">
            {fitment.map((f) => (
              <li key={`${f.make}-${f.model}-${f.year_from}-${f.year_to}-${f.engine ?? ''}`}>
                {f.year_from === f.year_to ? f.year_from : `${f.year_from}–${f.year_to}`} {f.make} {f.model}
                {f.engine ? ` (${f.engine})` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p>No vehicle fitment listed.</p>
        )}
      </div>
    </div>
  );
}
