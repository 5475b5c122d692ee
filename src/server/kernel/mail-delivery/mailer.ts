import { createHash } from 'node:crypto';
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Text in the mail that opens the recipient's account (a reset link's token): the Mailbox hides
   * it from whoever should not use it, and forgets it once the SMTP server accepted the mail.
   */
  secret?: string;
  /**
   * Files the mail carries (a purchase order's PDF and CSV). Not kept with the mail's row: they are
   * drawn again from what does not change (a sent order) on each attempt, and the Mailbox shows
   * the mail's text, which names them.
   */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Hands a mail to the SMTP server; throws when the server cannot be reached or refuses it, or when
 * `signal` aborts first (the connection is closed before the mail is handed over). `id` names the
 * mail the same way on every attempt.
 */
export type Mailer = (mail: OutgoingMail & { id: string }, signal?: AbortSignal) => Promise<void>;

/** How long the SMTP server may take before the attempt counts as failed (and is retried later). */
const TIMEOUT_MS = 15_000;

/** One address and nothing else: what `to` must be before it goes near an SMTP server. */
const ONE_ADDRESS = /^[^\s,;<>"()\\]+@[^\s,;<>"()\\]+$/;

/**
 * A mail's recipient as nodemailer takes it: an address object, so nodemailer never parses a list
 * or a display name out of it. Anything but one bare address is refused (the outbox keeps the
 * message as failed) rather than sent to whatever a parser would make of it.
 */
export function recipientOf(to: string): { name: string; address: string } {
  if (!ONE_ADDRESS.test(to)) throw new Error('A mail is sent to exactly one bare address');
  return { name: '', address: to };
}

/** A nodemailer transport for SMTP_URL, sending from MAIL_FROM (docs/decisions/021). */
export function smtpMailer(smtp: { url: string; from: string }): Mailer {
  // nodemailer is loaded with the first mail sent, not with every process (decision 069).
  let transport: Promise<Transporter> | undefined;
  const transportOnce = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: smtp.url,
        connectionTimeout: TIMEOUT_MS,
        greetingTimeout: TIMEOUT_MS,
        socketTimeout: TIMEOUT_MS,
      }),
    );
    return transport;
  };
  const domain = smtp.from.match(/@([^>\s]+)/)?.[1] ?? 'localhost';
  return async ({ id, ...mail }, signal) => {
    // Only the store's own words go into headers: the subject is written by the templates, and
    // the recipient is one checked address.
    await (await transportOnce()).sendMail({
      from: smtp.from,
      to: recipientOf(mail.to),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      // The same Message-ID on every attempt: should a mail go out twice after all (the server
      // took it but the answer was lost), mail programs show it once.
      messageId: `<${createHash('sha256').update(id).digest('hex').slice(0, 32)}@${domain}>`,
      ...(signal ? { signal } : {}),
    });
  };
}
