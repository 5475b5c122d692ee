import { and, desc, eq, sql } from 'drizzle-orm';
import type { MailList, MailView } from '../../../contract/mail';
import type { Db } from '../../db/database';
import { mails } from '../../db/schema';
import { AppError } from '../../errors';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Sends one mail at most once per key. The row is written first (insert ... on conflict do
 * nothing), so a redelivered outbox message finds it: already sent, nothing more happens; still
 * pending (the SMTP server was down), it is sent now. Without a mailer the row is the mail, kept.
 * A failure to reach the SMTP server throws, so the outbox tries again later.
 */
export async function deliverMail(
  db: Db,
  mailer: Mailer | undefined,
  key: string,
  mail: OutgoingMail,
  orderId: string | null = null,
): Promise<void> {
  await db
    .insert(mails)
    .values({
      key,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      orderId,
      status: mailer ? 'pending' : 'kept',
    })
    .onConflictDoNothing({ target: mails.key });
  if (!mailer) return;
  const [row] = await db.select().from(mails).where(eq(mails.key, key));
  if (!row || row.status === 'sent') return;
  // The recorded version is sent, so a retry sends what the first attempt would have.
  await mailer({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text });
  await db
    .update(mails)
    .set({ status: 'sent', sentAt: sql`now()` })
    .where(and(eq(mails.id, row.id), eq(mails.status, row.status)));
}

const summary = (r: typeof mails.$inferSelect) => ({
  id: r.id,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  orderId: r.orderId,
  createdAt: r.createdAt.toISOString(),
  sentAt: r.sentAt?.toISOString() ?? null,
});

/** The Mailbox: the latest mails, newest first (ids grow with each mail recorded). */
export async function listMails(db: Db, smtpConfigured: boolean, limit = 200): Promise<MailList> {
  const rows = await db.select().from(mails).orderBy(desc(mails.id)).limit(limit);
  return { smtpConfigured, mails: rows.map(summary) };
}

export async function getMail(db: Db, id: number): Promise<MailView> {
  const [row] = await db.select().from(mails).where(eq(mails.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'No mail with that id');
  return { ...summary(row), html: row.html, text: row.text };
}
