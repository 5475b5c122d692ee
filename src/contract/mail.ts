import { z } from 'zod';

/**
 * `kept`: no SMTP server is set up, the mail is only in the store's Mailbox. `pending`: recorded,
 * the SMTP server has not yet accepted it (it is tried again). `sent`: the SMTP server accepted it.
 */
export const mailStatuses = ['kept', 'pending', 'sent'] as const;
export type MailStatus = (typeof mailStatuses)[number];

/** One mail in the admin Mailbox list (GET /manage/mails). */
export const MailSummary = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(mailStatuses),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailSummary = z.infer<typeof MailSummary>;

export const MailList = z.object({
  /** False when no SMTP server is set up: every mail is kept here and none leaves the store. */
  smtpConfigured: z.boolean(),
  mails: z.array(MailSummary),
});
export type MailList = z.infer<typeof MailList>;

/** What a hidden secret (a reset link's token) shows as in an opened mail. */
export const HIDDEN_SECRET = '[hidden]';

/**
 * One mail opened (GET /manage/mails/:id): both versions a customer's mail program may show. A
 * link that opens an account shows as HIDDEN_SECRET (`secretHidden`) to everyone but its own
 * recipient, and to them too once the mail was sent.
 */
export const MailView = MailSummary.extend({ html: z.string(), text: z.string(), secretHidden: z.boolean() });
export type MailView = z.infer<typeof MailView>;
