import type { StoreSettings } from '../../../contract/settings';
import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Mailer } from '../../kernel/mail-delivery';
import { subscribe } from '../../kernel/outbox';
import type { MailContext } from '../mail';
import { ADMIN_NOTIFY_TOPICS, adminNotifyHandler, adminNotifyWants } from './admin-notify';

/** The admins' notices (a paid order, a customer's request, a new message, the low-stock digest) and who wants them. */
export const notificationsModule: ModuleDescriptor<{
  db: Db;
  mailer: Mailer | undefined;
  mail: MailContext;
  settings: { current(): StoreSettings };
}> = {
  name: 'edge/notifications',
  tables: ['admin_notification_settings'],
  // The admins to notify, and the message a notice is about.
  reads: ['contact_messages', 'user'],
  subscribers: ({ db, mailer, mail, settings }) => [
    subscribe(
      'admin-notify',
      ADMIN_NOTIFY_TOPICS,
      adminNotifyHandler(db, mailer, mail, () => settings.current().inventory.lowStockFactor),
      adminNotifyWants,
    ),
  ],
};

export { getNotifications, setNotifications } from './notifications.service';
