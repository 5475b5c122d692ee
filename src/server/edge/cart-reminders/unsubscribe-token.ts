import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The key of a reminder mail's unsubscribe link (decision 060): `<account id>.<signature>`, signed
 * with the store's secret, so it needs no sign-in, cannot be made for another account, and never
 * expires (an unsubscribe is honoured for good, whenever the link is followed).
 */
const signature = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`cart-reminders-unsubscribe:${userId}`).digest('base64url');

export const unsubscribeToken = (secret: string, userId: string) => `${userId}.${signature(secret, userId)}`;

/** The account a key names, or undefined when it is malformed or altered. */
export function readUnsubscribeToken(secret: string, token: string): string | undefined {
  const at = token.lastIndexOf('.');
  if (at <= 0) return undefined;
  const userId = token.slice(0, at);
  const expected = Buffer.from(signature(secret, userId));
  const given = Buffer.from(token.slice(at + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
