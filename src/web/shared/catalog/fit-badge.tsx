import type { FitVerdict } from '@contract/catalog';

/** "Fits your 2014 Honda Civic", or a warning that it does not; nothing without a vehicle. */
export function FitBadge({
  fits,
  vehicle,
  size = 'sm',
}: {
  fits?: FitVerdict;
  vehicle?: string;
  size?: 'sm' | 'lg';
}) {
  if (!fits || !vehicle) return null;
  const big = size === 'lg';
  if (fits === 'no') {
    return (
      <p
        className={`alert alert-warning ${big ? '' : 'py-1 px-2 text-sm'}`}
        role={big ? 'alert' : undefined}
        data-fit="no"
      >
        <span aria-hidden="true">⚠</span>
        <span>Does not fit your {vehicle}</span>
      </p>
    );
  }
  return (
    <p className={`badge badge-success ${big ? 'badge-lg' : ''} h-auto gap-1 py-1`} data-fit={fits}>
      <span aria-hidden="true">✓</span>
      {fits === 'universal' ? `Fits your ${vehicle} (universal fit)` : `Fits your ${vehicle}`}
    </p>
  );
}
