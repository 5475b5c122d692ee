import type { SQL } from 'drizzle-orm';
import type { StoreSettings } from '../../../contract/settings';
import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Mailer } from '../../kernel/mail-delivery';
import { type Outbox, subscribe } from '../../kernel/outbox';
import type { MailContext } from '../mail';
import { cartReminderMailHandler } from './cart-reminder-mail';
import { queueCartReminders } from './cart-reminders';
import { cartRemindersOn } from './reminder-switch';

/** How often carts are checked for a due reminder. */
const CART_REMINDER_SWEEP_MS = 10 * 60_000;

/** Carts untouched for a day get one reminder each (decision 060), while the owner's switch is on. */
export const cartRemindersModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  mailer: Mailer | undefined;
  mail: MailContext;
  secret: string;
  settings: { current(): StoreSettings };
  log: { info(details: object, message: string): void };
  now: () => SQL | undefined;
}> = {
  name: 'edge/cart-reminders',
  tables: ['cart_reminders'],
  // Whose cart sat still, what is in it, and to whom the reminder goes.
  reads: ['cart_activity', 'cart_lines', 'products', 'user'],
  jobs: ({ db, outbox, settings, log, now }) => [
    {
      // Checked often, so a cart is reminded of soon after its day, and cheap when nothing is due.
      name: 'cart-reminders',
      everyMs: CART_REMINDER_SWEEP_MS,
      run: async () => {
        if (!cartRemindersOn(settings)) return;
        const count = await queueCartReminders(db, outbox, now());
        if (count > 0) log.info({ count }, 'queued cart reminders');
      },
    },
  ],
  subscribers: ({ db, mailer, mail, secret, settings }) => [
    subscribe(
      'cart-reminder-mail',
      ['cart.reminder_due'],
      cartReminderMailHandler(db, mailer, mail, secret, settings),
    ),
  ],
};

export { unsubscribe } from './cart-reminders';
export { readUnsubscribeToken } from './unsubscribe-token';
