import { asc, eq } from 'drizzle-orm';
import { pages } from '../../../contract/pages';
import type { Db } from '../../kernel/db';
import { cartLines, products, user } from '../../kernel/db';
import type { Mailer, OutgoingMail } from '../../kernel/mail-delivery';
import { deliverMail } from '../../kernel/mail-delivery';
import type { MessageHandler, Topics } from '../../kernel/outbox';
import { linkTo, type MailContext, render } from '../mail';
import { reminderStillDue } from './cart-reminders';
import { cartRemindersOn } from './reminder-switch';
import { unsubscribeToken } from './unsubscribe-token';

/** The reminder: what the cart holds, a way back to it, and a way to stop these mails. */
export function cartReminderMail(
  owner: { email: string; name: string },
  lines: { name: string; quantity: number }[],
  unsubscribeUrl: string,
  ctx: MailContext,
): OutgoingMail {
  return render(owner.email, ctx, {
    subject: `${ctx.brand}: your cart is waiting for you`,
    heading: 'You left parts in your cart',
    paragraphs: [
      `Hello ${owner.name || 'there'},`,
      'Your cart still holds the parts below. Prices and stock are checked again when you check out.',
    ],
    rows: lines.map((l) => [l.name, `x ${l.quantity}`] as [string, string]),
    action: { label: 'Go to your cart', url: linkTo(ctx, pages.cart.path) },
    footerLink: { label: 'Stop cart reminders', url: unsubscribeUrl },
  });
}

/**
 * The `cart-reminder-mail` subscriber. At delivery the reminder is checked again (reminders still
 * on, not unsubscribed, the cart unchanged and not empty): anything that changed since it was
 * queued sends nothing. The mail is recorded under the message's key, so a redelivery sends
 * nothing twice.
 */
export function cartReminderMailHandler(
  db: Db,
  mailer: Mailer | undefined,
  ctx: MailContext,
  secret: string,
  settings: Parameters<typeof cartRemindersOn>[0],
): MessageHandler<'cart.reminder_due'> {
  return async (message, delivery) => {
    const { userId, remindedFor } = message.payload as Topics['cart.reminder_due'];
    if (!cartRemindersOn(settings)) return;
    if (!(await reminderStillDue(db, userId, remindedFor))) return;
    const [owner] = await db
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, userId));
    if (!owner) return;
    const lines = await db
      .select({ name: products.name, quantity: cartLines.quantity })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(eq(cartLines.userId, userId))
      .orderBy(asc(cartLines.addedAt), asc(cartLines.productId));
    const token = unsubscribeToken(secret, userId);
    const mail = cartReminderMail(owner, lines, linkTo(ctx, pages.unsubscribe.withToken(token)), ctx);
    await deliverMail(db, mailer, delivery, `cart-reminder-mail:${message.key}`, mail);
  };
}
