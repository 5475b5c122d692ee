import type { ModuleDescriptor } from '../jobs/module-descriptor';

/** One row per mail, written by `deliverMail`; the Mailbox reads it. */
export const mailDeliveryModule: ModuleDescriptor = { name: 'kernel/mail-delivery', tables: ['mails'] };
