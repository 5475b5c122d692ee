import { call, type HttpAnswer } from '../../src/server/test/http-client';
import type { TestSession } from '../../src/server/test/sessions';
import type { Random } from './seeded-random';

/**
 * Signed-in customers ordering, paying and cancelling against one store process, and the ledger
 * of everything the store acknowledged to them: only an answer received in full counts. What was
 * sent without an answer (the process died first) is in doubt, and the audit accepts either outcome.
 */

export interface AckedOrder {
  id: string;
  productId: string;
  quantity: number;
  email: string;
}

export interface Ledger {
  /** 201 received for POST /api/order. */
  orders: Map<string, AckedOrder>;
  /** The store said paid: the card confirmation, the PATCH, or "already paid". */
  paid: Set<string>;
  /** The store said deleted (deletedCount 1). */
  cancelled: Set<string>;
}

export const emptyLedger = (): Ledger => ({ orders: new Map(), paid: new Set(), cancelled: new Set() });

export interface LoadProduct {
  id: string;
  initial: number;
  /** How likely an order is for this tool rather than another. */
  weight: number;
}

export interface Customer {
  session: TestSession;
  random: Random;
  /** Acknowledged orders nobody has tried to pay or cancel yet. */
  open: string[];
  /** Orders whose payment was started but not acknowledged: retried later, never cancelled. */
  payingInDoubt: string[];
}

/** One life of the store process under load: from its start to its SIGKILL. */
export class LoadRound {
  requests = 0;
  responses = 0;
  unanswered = 0;
  /** Orders refused because the stock ran out: the store's correct answer, not a failure. */
  refused = 0;
  inFlight = 0;
  inFlightAtKill = 0;
  killed = false;
  /** Answers the store should never give under this load (5xx, a lost order's 404...). */
  readonly unexpected: string[] = [];

  constructor(
    readonly baseUrl: string,
    /** The kill comes with the answer numbered this (the "random moment", counted in answers). */
    readonly killAfterResponses: number,
    private readonly onKill: () => void,
  ) {}

  kill() {
    if (this.killed) return;
    this.killed = true;
    // The call whose answer triggers the kill is already counted out: these are the others.
    this.inFlightAtKill = this.inFlight;
    this.onKill();
  }

  /** One HTTP call; rejects with `Unanswered` when the connection fails (the process is gone). */
  async send(method: string, path: string, options: Parameters<typeof call>[3]): Promise<HttpAnswer> {
    this.requests += 1;
    this.inFlight += 1;
    let answer: HttpAnswer;
    try {
      answer = await call(this.baseUrl, method, path, options);
    } catch (error) {
      this.unanswered += 1;
      throw new Unanswered(`${method} ${path}`, error);
    } finally {
      this.inFlight -= 1;
    }
    this.responses += 1;
    if (this.responses >= this.killAfterResponses) this.kill();
    return answer;
  }

  note(what: string, answer: HttpAnswer) {
    this.unexpected.push(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
}

export class Unanswered extends Error {
  constructor(what: string, cause: unknown) {
    super(`${what} got no answer`, { cause });
  }
}

const PHONE = '01712345678';

function pickProduct(products: LoadProduct[], random: Random): LoadProduct {
  const total = products.reduce((sum, t) => sum + t.weight, 0);
  let point = random.next() * total;
  for (const product of products) {
    point -= product.weight;
    if (point < 0) return product;
  }
  return products[products.length - 1] as LoadProduct;
}

/**
 * Pays as the web app does with the simulated processor (intent, card, PATCH). Any one of the
 * three answers saying "paid" is an acknowledgment: the processor marks the order paid itself.
 */
async function pay(round: LoadRound, ledger: Ledger, customer: Customer, orderId: string) {
  const session = customer.session;
  customer.payingInDoubt.push(orderId);
  const intent = await round.send('POST', '/api/create-payment-intent', { session, json: { orderId } });
  if (intent.status === 409) {
    // "already paid": an earlier attempt, cut off before its answer, went through.
    ledger.paid.add(orderId);
  } else if (intent.status !== 200) {
    return round.note(`create-payment-intent for ${orderId}`, intent);
  } else {
    const confirm = await round.send('POST', '/api/payments/simulated/confirm', {
      session,
      json: {
        clientSecret: (intent.body as { clientSecret: string }).clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: session.name,
        email: session.email,
      },
    });
    if (confirm.status !== 200) return round.note(`simulated confirm for ${orderId}`, confirm);
    ledger.paid.add(orderId);
    const { transactionId } = confirm.body as { transactionId: string };
    const patched = await round.send('PATCH', `/api/order/${orderId}`, {
      session,
      json: { orderId, transactionId },
    });
    if (patched.status !== 200 || (patched.body as { status?: string }).status !== 'pending') {
      return round.note(`PATCH order ${orderId}`, patched);
    }
  }
  customer.payingInDoubt = customer.payingInDoubt.filter((id) => id !== orderId);
}

async function placeOrder(round: LoadRound, ledger: Ledger, customer: Customer, products: LoadProduct[]) {
  const product = pickProduct(products, customer.random);
  const quantity = customer.random.int(1, 3);
  const payNow = customer.random.next() < 0.5;
  const answer = await round.send('POST', '/api/order', {
    session: customer.session,
    json: { orderId: product.id, orderQuantity: quantity, phone: PHONE },
  });
  if (answer.status === 409 || answer.status === 400) {
    // Sold out, or more than is left: refused, and nothing may have changed.
    round.refused += 1;
    return;
  }
  if (answer.status !== 201) return round.note('POST /api/order', answer);
  const { _id: id } = answer.body as { _id: string };
  ledger.orders.set(id, { id, productId: product.id, quantity, email: customer.session.email });
  if (payNow) await pay(round, ledger, customer, id);
  else customer.open.push(id);
}

async function cancel(round: LoadRound, ledger: Ledger, customer: Customer, orderId: string) {
  const answer = await round.send('DELETE', `/api/order/${orderId}`, { session: customer.session });
  if (answer.status !== 200) return round.note(`DELETE order ${orderId}`, answer);
  ledger.cancelled.add(orderId);
}

/** One customer's next step, chosen by their own seeded sequence. */
async function step(round: LoadRound, ledger: Ledger, customer: Customer, products: LoadProduct[]) {
  const roll = customer.random.next();
  if (roll < 0.1 && customer.payingInDoubt.length > 0) {
    return pay(round, ledger, customer, customer.payingInDoubt.shift() as string);
  }
  if (roll < 0.2 && customer.open.length > 0) {
    // Taken off the list before the call: a cancel in doubt is never retried or paid.
    return cancel(round, ledger, customer, customer.open.shift() as string);
  }
  if (roll < 0.3 && customer.open.length > 0) {
    return pay(round, ledger, customer, customer.open.shift() as string);
  }
  if (roll < 0.4) {
    const email = encodeURIComponent(customer.session.email);
    const list = await round.send('GET', `/api/order?userEmail=${email}`, { session: customer.session });
    if (list.status !== 200) round.note('GET /api/order', list);
    return;
  }
  return placeOrder(round, ledger, customer, products);
}

/** Runs a customer until the process is killed: their last call then goes unanswered. */
export async function runCustomer(
  round: LoadRound,
  ledger: Ledger,
  customer: Customer,
  products: LoadProduct[],
) {
  while (!round.killed) {
    try {
      await step(round, ledger, customer, products);
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
      if (!round.killed) round.unexpected.push(`${error.message} while the store was running`);
      return;
    }
  }
}
