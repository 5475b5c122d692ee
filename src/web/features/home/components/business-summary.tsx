/** The fixed figures of docs/requirements.md §2.3; the small change figures are the store's own marketing copy. */
const tiles = [
  { title: 'Countries', value: '31', change: '↗ 3 new this year' },
  { title: 'Repaired Work', value: '4,200', change: '↗ 12% over last year' },
  { title: 'Satisfied Customer', value: '1,200', change: '↗ 8% over last year' },
  { title: 'New Customer', value: '1,200', change: '↗ 21% over last year' },
] as const;

export function BusinessSummary() {
  return (
    <dl className="stats stats-vertical w-full bg-base-100 border border-base-300 shadow-sm lg:stats-horizontal">
      {tiles.map((tile) => (
        <div key={tile.title} className="stat place-items-center">
          <dt className="stat-title">{tile.title}</dt>
          <dd className="stat-value text-orange-700">{tile.value}</dd>
          <dd className="stat-desc">{tile.change}</dd>
        </div>
      ))}
    </dl>
  );
}
