import type { Config } from '../../config/config';

/**
 * Whether the store sends cart reminders: the one place that says so (decision 060). Today the
 * owner's switch is CART_REMINDERS (on by default); when settings move into the store, this reads
 * them instead, and the job and the mail, which ask here each time, follow within a run.
 */
export async function cartRemindersOn(config: Pick<Config, 'cartReminders'>): Promise<boolean> {
  return config.cartReminders;
}
