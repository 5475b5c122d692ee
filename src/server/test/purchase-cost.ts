import type { FastifyInstance } from 'fastify';
import type { Database } from '../kernel/db/database';
import type { TestSession } from './sessions';

/**
 * One purchase the way the web app makes it with the simulated processor, as an API client with a
 * bearer token: place the order, open the payment, charge the 4242 card, report the transaction.
 * Returns the statements the database received for it (the bench prints the same figure).
 */
export async function statementsPerPurchase(
  app: FastifyInstance,
  database: Database,
  buyer: TestSession,
  productId: string,
): Promise<{ statements: number; status: string }> {
  const headers = { authorization: `Bearer ${buyer.token}` };
  const before = database.queryCount();
  const placed = await app.inject({
    method: 'POST',
    url: '/api/order',
    headers,
    payload: { orderId: productId, orderQuantity: 1, phone: '01712345678' },
  });
  if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  const orderId = placed.json()._id as string;
  const intent = await app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers,
    payload: { orderId },
  });
  if (intent.statusCode !== 200) throw new Error(`intent: ${intent.statusCode} ${intent.body}`);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/payments/simulated/confirm',
    headers,
    payload: {
      clientSecret: intent.json().clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: buyer.name,
      email: buyer.email,
    },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode} ${confirmed.body}`);
  const paid = await app.inject({
    method: 'PATCH',
    url: `/api/order/${orderId}`,
    headers,
    payload: { orderId, transactionId: confirmed.json().transactionId },
  });
  if (paid.statusCode !== 200) throw new Error(`mark paid: ${paid.statusCode} ${paid.body}`);
  return { statements: database.queryCount() - before, status: paid.json().status };
}
