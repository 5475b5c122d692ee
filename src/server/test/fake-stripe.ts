import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { centsToDecimal } from '../../contract/money';

/**
 * A small stand-in for Stripe's API on 127.0.0.1, so the real `stripe` SDK can be exercised
 * offline (fake only at the network boundary). It speaks just what the store
 * uses: create and retrieve PaymentIntents, with idempotency keys and `expand[]=latest_charge`.
 * Tests drive the card side through `succeed`/`fail` and read what the SDK sent in `requests`.
 */

/** A form value as Stripe's encoding nests it: `metadata[orderId]=x` becomes `{ metadata: { orderId: 'x' } }`. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  query: FormObject;
  body: FormObject;
  /** The body as it arrived, to check nothing was sent JSON-encoded by mistake. */
  rawBody: string;
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  status: 'succeeded';
  payment_intent: string;
  payment_method_details: { type: 'card'; card: { brand: string; last4: string } };
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: 'card_error' } | null;
  livemode: false;
  created: number;
}

/**
 * Parses an `application/x-www-form-urlencoded` string with Stripe's bracket nesting
 * (`a[b]=1`, `list[0]=x`, `list[]=y`) into plain objects; indexed and empty brackets become arrays.
 */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    const head = match?.[1] ?? rawKey;
    const parts = [head, ...[...(match?.[2] ?? '').matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '')];
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string;
      const last = i === parts.length - 1;
      const nextIsList = !last && /^\d*$/.test(parts[i + 1] as string);
      if (Array.isArray(node)) {
        const index = part === '' ? node.length : Number(part);
        if (last) node[index] = value;
        else {
          node[index] ??= nextIsList ? [] : {};
          node = node[index] as FormObject | FormValue[];
        }
      } else if (last) {
        node[part] = value;
      } else {
        node[part] ??= nextIsList ? [] : {};
        node = node[part] as FormObject | FormValue[];
      }
    }
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function stripeError(status: number, message: string, type = 'invalid_request_error') {
  return { status, body: { error: { type, message } } };
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  metadata: Record<string, string>;
  status: 'pending' | 'succeeded' | 'failed';
  failure_reason: string | null;
  created: number;
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: pass as `stripe.apiUrl`. */
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  /** The card was charged: the intent succeeds with a visa ending 4242 (or the card given). */
  succeed(intentId: string, card?: { brand: string; last4: string }): FakePaymentIntent;
  /** A card was declined: the intent stays payable and carries the error, as Stripe's does. */
  fail(intentId: string, code?: string): FakePaymentIntent;
  /** A webhook event as Stripe would send it about this intent (`latest_charge` not expanded). */
  event(
    type: string,
    intentId: string,
    overrides?: Partial<FakePaymentIntent>,
  ): { id: string; object: 'event'; type: string; data: { object: FakePaymentIntent } };
  refunds: Map<string, FakeRefund>;
  /** Refunds created from now on answer `pending` (the bank takes its time), until `settleRefund`. */
  holdRefunds(hold: boolean): void;
  /** A held refund is decided; its webhook event is returned for the test to sign and send. */
  settleRefund(
    refundId: string,
    status: 'succeeded' | 'failed',
  ): { id: string; object: 'event'; type: string; data: { object: FakeRefund } };
  /** Requests the SDK made for one method and path prefix, oldest first. */
  calls(method: string, pathPrefix: string): RecordedRequest[];
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const byIdempotencyKey = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const refundByKey = new Map<string, FakeRefund>();
  let holding = false;

  const withExpansions = (intent: FakePaymentIntent, expand: FormValue | undefined) => {
    const wanted = Array.isArray(expand) ? expand : expand === undefined ? [] : [expand];
    if (wanted.includes('latest_charge') && intent.latest_charge) {
      return { ...intent, latest_charge: charges.get(intent.latest_charge) ?? null };
    }
    return intent;
  };

  const handle = (request: RecordedRequest): { status: number; body: unknown } => {
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return stripeError(401, 'Invalid API Key provided', 'authentication_error');
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      const key = request.headers['idempotency-key'];
      const replay = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
      if (replay) return { status: 200, body: replay };
      const { amount, currency, metadata, automatic_payment_methods } = request.body;
      if (typeof amount !== 'string' || !/^\d+$/.test(amount) || Number(amount) < 50) {
        return stripeError(400, 'Invalid amount');
      }
      if (typeof currency !== 'string') return stripeError(400, 'Missing required param: currency.');
      const intentId = id('pi');
      const intent: FakePaymentIntent = {
        id: intentId,
        object: 'payment_intent',
        amount: Number(amount),
        currency,
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (metadata && typeof metadata === 'object' && !Array.isArray(metadata)
          ? metadata
          : {}) as Record<string, string>,
        automatic_payment_methods:
          automatic_payment_methods && typeof automatic_payment_methods === 'object'
            ? { enabled: (automatic_payment_methods as FormObject).enabled === 'true' }
            : null,
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      if (typeof key === 'string') byIdempotencyKey.set(key, intent);
      return { status: 200, body: intent };
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      // Stripe's refunds: one per idempotency key, never more in total than the charge.
      const key = request.headers['idempotency-key'];
      const replay = typeof key === 'string' ? refundByKey.get(key) : undefined;
      if (replay) return { status: 200, body: replay };
      const intent = intents.get(String(request.body.payment_intent ?? ''));
      if (intent?.status !== 'succeeded')
        return stripeError(400, `No such payment_intent: '${request.body.payment_intent}'`);
      const amount = Number(request.body.amount ?? intent.amount);
      const given = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id && r.status !== 'failed')
        .reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount < 1 || given + amount > intent.amount)
        return stripeError(
          400,
          `Refund amount ($${centsToDecimal(amount)}) is greater than unrefunded amount on charge`,
        );
      const refund: FakeRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        metadata: (typeof request.body.metadata === 'object' && !Array.isArray(request.body.metadata)
          ? request.body.metadata
          : {}) as Record<string, string>,
        status: holding ? 'pending' : 'succeeded',
        failure_reason: null,
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      if (typeof key === 'string') refundByKey.set(key, refund);
      return { status: 200, body: refund };
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1] as string));
      if (!intent) return stripeError(404, `No such payment_intent: '${retrieve[1]}'`);
      return { status: 200, body: withExpansions(intent, request.query.expand) };
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path}).`);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        query: parseStripeForm(url.search.slice(1)),
        body: parseStripeForm(rawBody),
        rawBody,
      };
      requests.push(recorded);
      const { status, body } = handle(recorded);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mustFind = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`fake Stripe has no intent ${intentId}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    charges,
    succeed(intentId, card = { brand: 'visa', last4: '4242' }) {
      const intent = mustFind(intentId);
      const charge: FakeCharge = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        status: 'succeeded',
        payment_intent: intent.id,
        payment_method_details: { type: 'card', card },
      };
      charges.set(charge.id, charge);
      Object.assign(intent, { status: 'succeeded', latest_charge: charge.id, last_payment_error: null });
      return intent;
    },
    fail(intentId, code = 'card_declined') {
      const intent = mustFind(intentId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { code, message: 'Your card was declined.', type: 'card_error' },
      });
      return intent;
    },
    event(type, intentId, overrides = {}) {
      return {
        id: id('evt'),
        object: 'event',
        type,
        data: { object: { ...mustFind(intentId), ...overrides } },
      };
    },
    refunds,
    holdRefunds(hold) {
      holding = hold;
    },
    settleRefund(refundId, status) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`fake Stripe has no refund ${refundId}`);
      Object.assign(refund, {
        status,
        failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null,
      });
      return { id: id('evt'), object: 'event', type: 'refund.updated', data: { object: { ...refund } } };
    },
    calls(method, pathPrefix) {
      return requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
