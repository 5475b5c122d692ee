import { and, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../../../kernel/db';
import { mails, orders, rowsOf, user } from '../../../kernel/db';

/**
 * Anyone may type anyone's address into the guest checkout, and the name and street on the order
 * are theirs too. Mails of a guest order nobody has paid are limited so the store cannot be used
 * to flood a stranger's mailbox (decision 073), as the contact form's acknowledgment is: the
 * order's waiting-for-payment mail goes only to an address that confirmed an account, or if few
 * guest orders for that mailbox (however spelled), and few from that network, came in the hour
 * before it. The counts read the orders themselves, so a redelivered message decides the same.
 * The mails that close an unpaid order (cancelled, expired) follow the waiting mail: they go only
 * where it went.
 */
export const UNCONFIRMED_MAIL_LIMITS = {
  /** Guest orders for one mailbox in the hour before, beyond which its waiting mail is not sent. */
  perRecipient: 3,
  /** Guest orders from one network in the hour before, likewise. */
  perNetwork: 10,
  windowMinutes: 60,
};

type GuestOrder = { id: string; userEmail: string; guestClient: string | null; createdAt: Date };

/** Whether the waiting-for-payment mail of this guest order may go to its address. */
export async function mayMailGuestOrder(
  db: Db,
  order: GuestOrder,
  limits = UNCONFIRMED_MAIL_LIMITS,
): Promise<boolean> {
  const since = sql`${order.createdAt.toISOString()}::timestamptz - ${`${limits.windowMinutes} minutes`}::interval`;
  const before = sql`${order.createdAt.toISOString()}::timestamptz`;
  const [counts] = rowsOf<{ confirmed: boolean; recipient: number; network: number }>(
    await db.execute(sql`
      select
        exists (
          select 1 from ${user}
          where email_identity(${user.email}) = email_identity(${order.userEmail}) and ${user.emailVerified}
        ) as confirmed,
        (select count(*) from ${orders}
          where user_id is null and email_identity(user_email) = email_identity(${order.userEmail})
            and created_at >= ${since} and created_at < ${before} and id <> ${order.id})::int as recipient,
        (select count(*) from ${orders}
          where user_id is null and guest_client = ${order.guestClient}
            and created_at >= ${since} and created_at < ${before} and id <> ${order.id})::int as network`),
  );
  if (!counts) return false;
  if (counts.confirmed) return true;
  return Number(counts.recipient) < limits.perRecipient && Number(counts.network) < limits.perNetwork;
}

/** Whether the order's waiting-for-payment mail went out (or was kept, without SMTP). */
export async function waitingMailWent(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mails.id })
    .from(mails)
    .where(and(eq(mails.orderId, orderId), like(mails.key, 'order-mail:order-event:%:place:%')))
    .limit(1);
  return row !== undefined;
}
