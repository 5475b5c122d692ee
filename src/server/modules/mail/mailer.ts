import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Hands a mail to the SMTP server; throws when the server cannot be reached or refuses it. */
export type Mailer = (mail: OutgoingMail) => Promise<void>;

/** How long the SMTP server may take before the attempt counts as failed (and is retried later). */
const TIMEOUT_MS = 15_000;

/** A nodemailer transport for SMTP_URL, sending from MAIL_FROM (docs/decisions/021). */
export function smtpMailer(smtp: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return async (mail) => {
    await transport.sendMail({ from: smtp.from, ...mail });
  };
}
