import type { ModuleDescriptor } from '../jobs';

/** One row per mail, written by `deliverMail`; the Mailbox reads it. */
export const mailDeliveryModule: ModuleDescriptor = { name: 'kernel/mail-delivery', tables: ['mails'] };

export { deliverMail, getMail, listMails } from './mail.service';
export { type MailAttachment, type Mailer, type OutgoingMail, smtpMailer } from './mailer';
