import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../kernel/outbox/outbox';
import { orderWebhookHandler } from './order-webhook';

/**
 * The order webhook as a receiver sees it: a real HTTP server here, checking each request the way
 * the README tells receivers to (written out here, not imported, as a receiver would write it).
 */

const SECRET = 'whsec-test-secret';
const TOLERANCE_SECONDS = 300;

/** The README's check: the signature over `${t}.${body}`, and `t` within five minutes of now. */
function verify(header: string, rawBody: string, secret: string, nowSeconds: number): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2)));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface Received {
  signature: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}

let server: Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        signature: req.headers['x-signature'] as string | undefined,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/order-events`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const message: OutboxMessage<'order.status_changed'> = {
  id: 1,
  subscriber: 'order-webhook',
  topic: 'order.status_changed',
  key: 'order:7f0c:pay',
  payload: { orderId: '7f0c', event: 'pay', from: 'unpaid', to: 'pending', at: '2026-11-24T10:00:00.000Z' },
  attempts: 1,
  createdAt: new Date('2026-11-24T10:00:00Z'),
};
const delivery = { fence: 1, signal: new AbortController().signal };
const sentAt = new Date('2026-11-24T10:00:05Z');
const seconds = (at: Date) => at.getTime() / 1000;

async function deliverOnce(secret: string | undefined): Promise<Received> {
  const before = received.length;
  await orderWebhookHandler({ url, secret }, () => sentAt)(message, delivery);
  expect(received).toHaveLength(before + 1);
  return received.at(-1) as Received;
}

describe('the order webhook signature', () => {
  it("passes a receiver's check when fresh, and is tied to its time and body", async () => {
    const request = await deliverOnce(SECRET);
    expect(request.idempotencyKey).toBe(message.key);
    expect(JSON.parse(request.body)).toEqual({
      id: message.key,
      topic: message.topic,
      data: message.payload,
    });
    const signature = request.signature as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(signature.startsWith(`t=${seconds(sentAt)},`)).toBe(true);

    // Fresh: the receiver's clock a few seconds on.
    expect(verify(signature, request.body, SECRET, seconds(sentAt) + 3)).toBe(true);
    // The same signature over another body, or another time, does not verify.
    const otherBody = request.body.replace('"to":"pending"', '"to":"shipped"');
    expect(otherBody).not.toBe(request.body);
    expect(verify(signature, otherBody, SECRET, seconds(sentAt))).toBe(false);
    const laterTime = signature.replace(`t=${seconds(sentAt)}`, `t=${seconds(sentAt) + 600}`);
    expect(verify(laterTime, request.body, SECRET, seconds(sentAt) + 600)).toBe(false);
    // A recorded request sent again after the tolerance is refused, though its signature is right.
    expect(verify(signature, request.body, SECRET, seconds(sentAt) + TOLERANCE_SECONDS + 1)).toBe(false);
    // Another secret does not verify it either.
    expect(verify(signature, request.body, 'another-secret', seconds(sentAt))).toBe(false);
  });

  it('signs each attempt with its own time, and sends no signature without a secret', async () => {
    const first = await deliverOnce(SECRET);
    const later = new Date(sentAt.getTime() + 90_000);
    await orderWebhookHandler({ url, secret: SECRET }, () => later)(message, delivery);
    const again = received.at(-1) as Received;
    expect(again.idempotencyKey).toBe(first.idempotencyKey);
    expect(again.signature).not.toBe(first.signature);
    expect(verify(again.signature as string, again.body, SECRET, seconds(later))).toBe(true);

    expect((await deliverOnce(undefined)).signature).toBeUndefined();
  });
});
