import type { Location } from '@contract/locations';

/** A place as GET /api/locations answers it, for page tests: a warehouse with no address and no stock. */
export const place = (id: string, name: string, pickOrder: number, active = true): Location => ({
  id,
  name,
  kind: 'warehouse',
  line1: null,
  city: null,
  region: null,
  postalCode: null,
  country: 'US',
  pickOrder,
  active,
  onHand: 0,
  incoming: 0,
});
