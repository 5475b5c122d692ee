import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { HIDDEN_SECRET, type MailList, type MailView } from '../../../contract/mail';
import { recordAudit } from '../audit';
import type { Db } from '../db';
import { mails } from '../db';
import { AppError } from '../errors';
import type { Delivery } from '../outbox';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Sends one mail at most once per key. The row is written first (insert ... on conflict do
 * nothing), so a redelivered outbox message finds it: already sent, nothing more happens; still
 * pending (the SMTP server was down), it is sent now. Without a mailer the row is the mail, kept.
 * A failure to reach the SMTP server throws, so the outbox tries again later.
 *
 * The delivery takes the pending row over with its fencing token before sending, and marks it sent
 * only while it still holds it: a delivery whose lease ran out (its send cut off by the signal)
 * cannot send or mark after a later delivery of the same message took the mail over.
 */
export async function deliverMail(
  db: Db,
  mailer: Mailer | undefined,
  delivery: Delivery,
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
      secret: mail.secret ?? null,
      status: mailer ? 'pending' : 'kept',
    })
    .onConflictDoNothing({ target: mails.key });
  if (!mailer) return;
  const [row] = await db
    .update(mails)
    .set({ fence: delivery.fence })
    .where(
      and(
        eq(mails.key, key),
        eq(mails.status, 'pending'),
        or(isNull(mails.fence), lt(mails.fence, delivery.fence)),
      ),
    )
    .returning();
  // Sent already, or a later delivery of the message holds it.
  if (!row) return;
  delivery.signal.throwIfAborted();
  // The recorded version is sent, so a retry sends what the first attempt would have; files are
  // the caller's, drawn from what does not change.
  await mailer(
    {
      id: key,
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
    },
    delivery.signal,
  );
  // Once the SMTP server has it, the store keeps no usable copy of its secret (the recipient's
  // mailbox has the mail): the Mailbox shows the link masked from then on.
  await db
    .update(mails)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      ...(row.secret
        ? { html: masked(row.html, row.secret), text: masked(row.text, row.secret), secret: null }
        : {}),
    })
    .where(and(eq(mails.id, row.id), eq(mails.fence, delivery.fence), eq(mails.status, 'pending')));
}

const masked = (content: string, secret: string) => content.replaceAll(secret, HIDDEN_SECRET);

type MailRow = typeof mails.$inferSelect;

const summary = (r: MailRow) => ({
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

/**
 * One mail as a member of staff opens it. A mail may hold a live secret (a reset or confirmation
 * link's token: kept, without SMTP, or waiting for the SMTP server): whoever reads it can open the
 * recipient's account, so it is masked for every reader but the recipient (decision 079; an admin
 * helping a customer in once read it, and nothing said who had). The recipient reading their own
 * is recorded in the audit log, in the read's transaction.
 */
export async function getMail(db: Db, id: number, viewer: { email: string }): Promise<MailView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(mails).where(eq(mails.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'No mail with that id');
    const show = row.secret !== null && row.toAddress === viewer.email;
    const hide = row.secret !== null && !show;
    const secret = row.secret ?? '';
    if (show)
      await recordAudit(tx, {
        action: 'mail.secret_shown',
        subjectType: 'mail',
        subjectId: String(row.id),
        after: { to: row.toAddress, subject: row.subject, status: row.status },
      });
    return {
      ...summary(row),
      html: hide ? masked(row.html, secret) : row.html,
      text: hide ? masked(row.text, secret) : row.text,
      secretHidden: hide || row.html.includes(HIDDEN_SECRET),
    };
  });
}
