import { createHmac } from 'node:crypto';
import type { MessageHandler } from '../../jobs/job-runner';

/** How long a receiver may take before the delivery counts as failed (and is tried again later). */
const TIMEOUT_MS = 10_000;

/**
 * The `order-webhook` subscriber: each change of an order's status is POSTed as JSON to
 * ORDER_WEBHOOK_URL (a shipping service, an accounting system). The `Idempotency-Key` header is
 * the same on every redelivery, so a receiver that remembers it acts once; with a secret, the body
 * is signed (`X-Signature: sha256=<hex HMAC>`). Without an address there is nothing to send and
 * the message is delivered as is.
 */
export function orderWebhookHandler(
  target: { url: string; secret: string | undefined } | undefined,
): MessageHandler {
  return async (message) => {
    if (!target) return;
    const body = JSON.stringify({ id: message.key, topic: message.topic, data: message.payload });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'idempotency-key': message.key,
    };
    if (target.secret) {
      headers['x-signature'] = `sha256=${createHmac('sha256', target.secret).update(body).digest('hex')}`;
    }
    const answer = await fetch(target.url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // The body is read so the connection can be reused; its content does not matter.
    await answer.arrayBuffer().catch(() => undefined);
    if (!answer.ok) throw new Error(`receiver answered ${answer.status}`);
  };
}
