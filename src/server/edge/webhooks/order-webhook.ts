import { createHmac } from 'node:crypto';
import type { MessageHandler } from '../../kernel/outbox';

/** How long a receiver may take before the delivery counts as failed (and is tried again later). */
const TIMEOUT_MS = 10_000;

/**
 * The `X-Signature` header of a webhook request: `t=<unix seconds>,v1=<hex>`, where v1 is the
 * HMAC-SHA256 of `${t}.${body}` under the secret. The time is signed with the body, so a receiver
 * that refuses an old `t` cannot be fed a recorded request again later (README, "Order webhook").
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * The `order-webhook` subscriber: each change of an order's status is POSTed as JSON to
 * ORDER_WEBHOOK_URL (a shipping service, an accounting system). The `Idempotency-Key` header is
 * the same on every redelivery, so a receiver that remembers it acts once; with a secret, the body
 * and the time of sending are signed (webhookSignature). Without an address there is nothing to
 * send and the message is delivered as is.
 */
export function orderWebhookHandler(
  target: { url: string; secret: string | undefined } | undefined,
  now: () => Date = () => new Date(),
): MessageHandler<'order.status_changed'> {
  return async (message, delivery) => {
    if (!target) return;
    const body = JSON.stringify({ id: message.key, topic: message.topic, data: message.payload });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'idempotency-key': message.key,
    };
    if (target.secret) headers['x-signature'] = webhookSignature(target.secret, body, now());
    const answer = await fetch(target.url, {
      method: 'POST',
      headers,
      body,
      // Whichever ends first: the receiver's time, or the delivery's lease.
      signal: AbortSignal.any([delivery.signal, AbortSignal.timeout(TIMEOUT_MS)]),
    });
    // The body is read so the connection can be reused; its content does not matter.
    await answer.arrayBuffer().catch(() => undefined);
    if (!answer.ok) throw new Error(`receiver answered ${answer.status}`);
  };
}
