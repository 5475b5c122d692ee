import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CancelRequestInput,
  CoreReturnInput,
  OrderAddressInput,
  Return,
  ReturnInput,
} from '../../../contract/after-sale';
import { isUuid } from '../../../contract/ids';
import { DeletedCount, Order, OrderEvent, OrderInput, OrderListQuery } from '../../../contract/orders';
import { MarkPaidInput } from '../../../contract/payments';
import { StoreCredit } from '../../../contract/store-credit';
import { confirmOrderPayment, placeOrder } from '../../flows';
import { publicStoreInfo } from '../../kernel/config';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { perSession } from '../../kernel/limits';
import { orderLimitsOf } from '../../kernel/settings';
import { assertSelf } from '../../modules/accounts';
import { storeCreditOf } from '../../modules/credit';
import {
  cancelUnpaidOrder,
  getOwnOrder,
  listOwnOrders,
  OrderNotFound,
  orderHistory,
  orderNumbersOf,
  requestCancellation,
  requestCoreReturn,
  requestReturn,
  returnsOf,
  sendCreditNote,
  sendReceipt,
  setOrderAddress,
  useStoreCredit,
} from '../../modules/orders';

const IdParams = z.object({ id: z.string().max(100) });

/** Every verb of /order and /order/:id: a customer's own orders. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      config: { access: 'signedIn', rateLimit: perSession(app.config.rateLimits.ordersPerMinute) },
      schema: {
        tags: ['orders'],
        summary: 'Order a tool: reserves the stock; price, name and email come from the store, not the body',
        body: OrderInput,
        response: { 201: Order, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const order = await placeOrder(
        app.db,
        app.outbox,
        signedIn(request),
        request.body,
        orderLimitsOf(app.settings.current()),
        app.pricingRules(),
      );
      return reply.status(201).send(order);
    },
  );

  app.get(
    '/order',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: "The signed-in user's orders (userEmail must be their own)",
        querystring: OrderListQuery,
        response: { 200: z.array(Order), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOwnOrders(app.db, assertSelf(request.user, request.query.userEmail)),
  );

  app.get(
    '/order/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'One of your orders',
        params: IdParams,
        response: { 200: Order, ...errorResponses(401, 404) },
      },
    },
    async (request) => (await getOwnOrder(app.db, signedIn(request), request.params.id)).order,
  );

  app.get(
    '/order/:id/receipt.pdf',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'One of your orders as a printable PDF receipt',
        params: IdParams,
        response: { ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { order } = await getOwnOrder(app.db, signedIn(request), request.params.id);
      return sendReceipt(reply, order, publicStoreInfo(app.config, app.settings.current()));
    },
  );

  app.get(
    '/order/:id/history',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'What happened to one of your orders, oldest first',
        params: IdParams,
        response: { 200: z.array(OrderEvent), ...errorResponses(401, 404) },
      },
    },
    async (request) => orderHistory(app.db, request.params.id, signedIn(request).id),
  );

  app.delete(
    '/order/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel one of your unpaid orders; its stock returns',
        params: IdParams,
        response: { 200: DeletedCount, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) =>
      cancelUnpaidOrder(app.db, app.outbox, request.params.id, {
        userId: signedIn(request).id,
        admin: false,
      }),
  );

  app.patch(
    '/order/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'Mark your order paid after the provider confirmed the payment',
        params: IdParams,
        body: MarkPaidInput,
        response: { 200: Order, ...errorResponses(400, 401, 402, 404, 409) },
      },
    },
    async (request) =>
      confirmOrderPayment(
        app.db,
        app.outbox,
        app.payments,
        signedIn(request),
        request.params.id,
        request.body.transactionId,
        request.log,
      ),
  );

  app.post(
    '/order/:id/store-credit',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          'Spend your store credit on one of your unpaid orders: what it covers the card does not pay, and an order it covers is paid',
        params: IdParams,
        response: { 200: Order, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new OrderNotFound();
      return useStoreCredit(app.db, app.outbox, signedIn(request).id, request.params.id);
    },
  );

  app.get(
    '/account/store-credit',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Your store credit: the balance and its latest entries, newest first',
        response: { 200: StoreCredit, ...errorResponses(401) },
      },
    },
    async (request) => storeCreditOf(app.db, signedIn(request).id, (ids) => orderNumbersOf(app.db, ids)),
  );

  app.post(
    '/order/:id/cancel-request',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'Ask the store to cancel one of your paid orders that has not shipped; an admin decides',
        params: IdParams,
        body: CancelRequestInput,
        response: { 200: Order, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      requestCancellation(app.db, app.outbox, request.params.id, signedIn(request), request.body.reason),
  );

  app.put(
    '/order/:id/address',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          'Give your order its shipping address (from your address book or new): before payment the tax follows it; after payment only while the order waits for one',
        params: IdParams,
        body: OrderAddressInput,
        response: { 200: Order, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) =>
      setOrderAddress(
        app.db,
        app.outbox,
        signedIn(request),
        request.params.id,
        request.body,
        app.settings.current(),
      ),
  );

  app.post(
    '/order/:id/returns',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          'Ask to return shipped parts of your order (quantity and reason per line), within the return window',
        params: IdParams,
        body: ReturnInput,
        response: { 201: Return, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requestReturn(
            app.db,
            app.outbox,
            signedIn(request),
            request.params.id,
            request.body,
            app.settings.current().returns.windowDays,
          ),
        ),
  );

  app.post(
    '/order/:id/core-returns',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          'Send old parts back for the core charge of lines that had one (the refund is the charge and its tax, once the parts arrive)',
        params: IdParams,
        body: CoreReturnInput,
        response: { 201: Return, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requestCoreReturn(
            app.db,
            app.outbox,
            { customer: signedIn(request) },
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/order/:id/returns',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: "Your order's returns and where each stands",
        params: IdParams,
        response: { 200: z.array(Return), ...errorResponses(401, 404) },
      },
    },
    async (request) => returnsOf(app.db, request.params.id, signedIn(request).id),
  );

  app.get(
    '/order/:id/refunds/:refundId/credit-note.pdf',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary: 'The credit note of one refund of your order, as a PDF',
        params: z.object({ id: z.string().max(100), refundId: z.string().max(100) }),
        response: { ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { order } = await getOwnOrder(app.db, signedIn(request), request.params.id);
      return sendCreditNote(
        reply,
        order,
        request.params.refundId,
        publicStoreInfo(app.config, app.settings.current()),
      );
    },
  );
};
