import { trackingMessages } from '@contract/after-sale';
import { TextField } from '@web/components/ui/text-field';
import type { Tracking } from '../api/tracking-body';

export const NO_TRACKING_YET: Tracking = { carrier: '', trackingNumber: '', noTracking: false };

export type TrackingErrors = Partial<Record<'carrier' | 'trackingNumber', string>>;

/** What is missing, in the server's words, before anything is sent. */
export function trackingErrors(t: Tracking): TrackingErrors {
  if (t.noTracking) return {};
  return {
    ...(t.carrier.trim() ? {} : { carrier: trackingMessages.carrier }),
    ...(t.trackingNumber.trim() ? {} : { trackingNumber: trackingMessages.trackingNumber }),
  };
}

/** "with UPS, tracking number 1Z999" or "without a tracking number": what the customer is told. */
export const trackingWords = (t: Tracking) =>
  t.noTracking
    ? `${t.carrier.trim() ? `with ${t.carrier.trim()}, ` : ''}without a tracking number`
    : `with ${t.carrier.trim()}, tracking number ${t.trackingNumber.trim()}`;

/**
 * How a parcel is followed: its carrier and tracking number, or "No tracking" ticked on purpose
 * (handed over at the counter, a local courier). The server holds the same rule; an empty field is
 * never taken for "none".
 */
export function TrackingFields({
  value,
  onChange,
  errors,
}: {
  value: Tracking;
  onChange: (next: Tracking) => void;
  errors: TrackingErrors;
}) {
  return (
    <div className="space-y-1">
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label={value.noTracking ? 'Carrier (optional)' : 'Carrier'}
          value={value.carrier}
          maxLength={60}
          error={errors.carrier}
          onChange={(e) => onChange({ ...value, carrier: e.target.value })}
        />
        <TextField
          label="Tracking number"
          value={value.noTracking ? '' : value.trackingNumber}
          maxLength={60}
          disabled={value.noTracking}
          error={errors.trackingNumber}
          onChange={(e) => onChange({ ...value, trackingNumber: e.target.value })}
        />
      </div>
      <label className="flex w-fit cursor-pointer items-center gap-2 py-1">
        <input
          type="checkbox"
          className="checkbox"
          checked={value.noTracking}
          onChange={(e) => onChange({ ...value, noTracking: e.target.checked })}
        />
        No tracking for this parcel
      </label>
    </div>
  );
}
