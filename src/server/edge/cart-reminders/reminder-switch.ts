import type { StoreSettings } from '../../../contract/settings';

/**
 * Whether the store sends cart reminders: the one place that says so (decision 060). The owner
 * switches them in Settings (order holds and caps); CART_REMINDERS is the default of a new store.
 * The job and the mail ask here each time, so a change is followed within a run, on every
 * instance.
 */
export function cartRemindersOn(settings: { current(): Pick<StoreSettings, 'orders'> }): boolean {
  return settings.current().orders.cartReminders;
}
