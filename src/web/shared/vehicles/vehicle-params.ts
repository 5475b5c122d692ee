import type { Vehicle } from '@contract/catalog';

/** A vehicle as the /tools address names it; undefined clears it. */
export const vehicleParams = (v: Vehicle | undefined) => ({
  year: v ? String(v.year) : undefined,
  make: v?.make,
  model: v?.model,
  engine: v?.engine || undefined,
});
