import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contract/ids';

/**
 * The key to a guest's order (decision 059): `<order id>.<expiry>.<kind>.<signature>`, signed with
 * the store's secret (HMAC-SHA256), so it cannot be guessed or altered, and checked without a
 * table. It opens one order: view it, its receipt, pay it, cancel it unpaid or ask to cancel it
 * paid. It never opens an account or another order.
 *
 * - `mail`: the link in the order's mails, the same in every mail of the order, valid for
 *   GUEST_LINK_DAYS from the order's placing (long enough for a return); after that the lookup
 *   by number and e-mail gives a fresh key.
 * - `visit`: what the checkout and a lookup hand to the browser, valid for a day.
 */
export type OrderLinkKind = 'mail' | 'visit';

export const GUEST_LINK_DAYS = 120;
const DAY_MS = 24 * 60 * 60 * 1000;
const VISIT_MS = DAY_MS;

const KIND_CODES: Record<OrderLinkKind, string> = { mail: 'm', visit: 'v' };

const signature = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`guest-order-link:${body}`).digest('base64url');

function sign(secret: string, orderId: string, expiresAt: Date, kind: OrderLinkKind): string {
  const body = `${orderId}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}.${KIND_CODES[kind]}`;
  return `${body}.${signature(secret, body)}`;
}

/** The key the order's mails carry. */
export const mailLinkToken = (secret: string, order: { id: string; createdAt: Date }) =>
  sign(secret, order.id, new Date(order.createdAt.getTime() + GUEST_LINK_DAYS * DAY_MS), 'mail');

/** A key for this browser, for a day: after a checkout or a lookup. */
export const visitToken = (secret: string, orderId: string, now = new Date()) =>
  sign(secret, orderId, new Date(now.getTime() + VISIT_MS), 'visit');

export interface OrderLink {
  orderId: string;
  expiresAt: Date;
  kind: OrderLinkKind;
}

/** The order a key opens, or undefined when it is malformed, altered or expired. */
export function readOrderLink(secret: string, token: string, now = new Date()): OrderLink | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [orderId = '', expiry = '', code = '', given = ''] = parts;
  const expected = Buffer.from(signature(secret, `${orderId}.${expiry}.${code}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return undefined;
  const kind = (Object.keys(KIND_CODES) as OrderLinkKind[]).find((k) => KIND_CODES[k] === code);
  const seconds = Number.parseInt(expiry, 36);
  if (!kind || !isUuid(orderId) || !Number.isFinite(seconds)) return undefined;
  const expiresAt = new Date(seconds * 1000);
  if (expiresAt.getTime() <= now.getTime()) return undefined;
  return { orderId, expiresAt, kind };
}
