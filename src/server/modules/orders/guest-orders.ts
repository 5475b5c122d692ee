import { eq } from 'drizzle-orm';
import type { Return, ReturnInput } from '../../../contract/after-sale';
import {
  claimMessages,
  type GuestOrderView,
  ORDER_IN_ACCOUNT,
  ORDER_LINK_INVALID,
} from '../../../contract/guest';
import type { Order } from '../../../contract/orders';
import type { Db } from '../../kernel/db';
import { orders } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import type { SessionUser } from '../../kernel/identity';
import type { Outbox } from '../../kernel/outbox';
import { cancelUnpaidOrder, requestCancellation } from './cancel';
import { claimGuestOrder } from './guest-claim';
import { type OrderLink, readOrderLink } from './guest-order-links';
import { toOneOrder } from './order-read';
import type { OrderRow } from './order-state';
import { requestReturn, returnsOf } from './returns';

/**
 * What a guest's order link lets its holder do (decision 059): see the order, download its
 * receipt, pay it, cancel it while unpaid or ask to cancel it once paid, and send shipped parts
 * back (a return asked as a customer asks one). Nothing else: the address and the order's history
 * are for an account (the order joins one when claimed).
 */

/** The order a key names, whoever it belongs to now; a bad, altered or expired key, or a vanished order, is one 404. */
async function linkedOrder(
  db: Db,
  secret: string,
  token: string,
): Promise<{ row: OrderRow; link: OrderLink }> {
  const link = readOrderLink(secret, token);
  if (!link) throw new AppError('NOT_FOUND', ORDER_LINK_INVALID);
  const [row] = await db.select().from(orders).where(eq(orders.id, link.orderId));
  if (!row) throw new AppError('NOT_FOUND', ORDER_LINK_INVALID);
  return { row, link };
}

/**
 * The order a key opens. Once the order joined an account, no key opens it any more (decision
 * 073): it is that account's, seen and cancelled by signing in, and a key that was forwarded, or
 * read from a shared mailbox, must not keep acting on it. The answer says to sign in.
 */
export async function openOrderLink(
  db: Db,
  secret: string,
  token: string,
): Promise<{ row: OrderRow; link: OrderLink }> {
  const opened = await linkedOrder(db, secret, token);
  if (opened.row.userId !== null) throw new AppError('CONFLICT', ORDER_IN_ACCOUNT);
  return opened;
}

export async function viewGuestOrder(db: Db, secret: string, token: string): Promise<GuestOrderView> {
  const { row, link } = await openOrderLink(db, secret, token);
  return {
    order: await toOneOrder(db, row),
    expiresAt: link.expiresAt.toISOString(),
    // A key opens an order without an account only (openOrderLink).
    claimed: false,
  };
}

export async function guestOrder(db: Db, secret: string, token: string): Promise<Order> {
  return toOneOrder(db, (await openOrderLink(db, secret, token)).row);
}

/**
 * Cancel: an unpaid order is cancelled at once (its stock returns, nothing was charged); a paid
 * one nothing of which shipped is a request an admin decides, as for a customer.
 */
export async function guestCancel(
  db: Db,
  outbox: Outbox,
  secret: string,
  input: { token: string; note?: string },
): Promise<Order> {
  const { row } = await openOrderLink(db, secret, input.token);
  if (row.status === 'unpaid') {
    await cancelUnpaidOrder(db, outbox, row.id, { orderLink: true });
    return guestOrder(db, secret, input.token);
  }
  return requestCancellation(db, outbox, row.id, { orderLink: true }, input.note);
}

/**
 * A guest's order joins the signed-in account that has its e-mail, when they open the order from
 * its mail's link: holding that link shows they read that mailbox, which an account whose address
 * nobody confirmed cannot show otherwise (decision 059). A key from a lookup or the checkout's page
 * proves less (number and e-mail may be known to others), so only the mail's key claims.
 */
export async function claimGuestOrderByLink(
  db: Db,
  secret: string,
  token: string,
  me: Pick<SessionUser, 'id' | 'email'>,
): Promise<Order> {
  const { row, link } = await linkedOrder(db, secret, token);
  if (link.kind !== 'mail') throw new AppError('FORBIDDEN', claimMessages.mailLinkOnly);
  if (row.userEmail.toLowerCase() !== me.email.toLowerCase())
    throw new AppError('FORBIDDEN', claimMessages.otherEmail);
  if (row.userId !== null && row.userId !== me.id) throw new AppError('CONFLICT', claimMessages.otherAccount);
  // Only an order still without an account moves; a second claim finds it already theirs. From
  // now on the key opens nothing: the answer is the account's order.
  await claimGuestOrder(db, row.id, me.id);
  const [claimed] = await db.select().from(orders).where(eq(orders.id, row.id));
  if (!claimed) throw new AppError('NOT_FOUND', ORDER_LINK_INVALID);
  return toOneOrder(db, claimed);
}

/** A return of a guest's shipped parts: the same rules as a customer's (window, units left, vehicle). */
export async function guestReturn(
  db: Db,
  outbox: Outbox,
  secret: string,
  input: ReturnInput & { token: string },
  windowDays: number,
): Promise<Return> {
  const { row } = await openOrderLink(db, secret, input.token);
  const { token: _token, ...asked } = input;
  return requestReturn(db, outbox, { orderLink: true }, row.id, asked, windowDays);
}

/** The returns of a guest's order, oldest first, as its page shows them. */
export async function guestReturns(db: Db, secret: string, token: string): Promise<Return[]> {
  const { row } = await openOrderLink(db, secret, token);
  return returnsOf(db, row.id);
}
