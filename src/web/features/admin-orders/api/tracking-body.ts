/** A parcel's carrier and tracking number as the ship forms hold them, or "no tracking" said on purpose. */
export interface Tracking {
  carrier: string;
  trackingNumber: string;
  noTracking: boolean;
}

/** The tracking part of a ship request (PUT /manage/:id, POST /manage/:id/shipments). */
export const trackingBody = (t: Tracking) =>
  t.noTracking
    ? { noTracking: true as const, ...(t.carrier.trim() ? { carrier: t.carrier.trim() } : {}) }
    : { carrier: t.carrier.trim(), trackingNumber: t.trackingNumber.trim() };
