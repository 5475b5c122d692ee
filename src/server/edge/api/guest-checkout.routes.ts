import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Return } from '../../../contract/after-sale';
import {
  GuestCancelInput,
  GuestCheckoutAnswer,
  GuestCheckoutInput,
  GuestMarkPaidInput,
  GuestOrderToken,
  GuestOrderView,
  GuestReturnInput,
  GuestSimulatedConfirmInput,
  OrderLookupAnswer,
  OrderLookupInput,
} from '../../../contract/guest';
import { Order } from '../../../contract/orders';
import { PaymentConfirmed, PaymentIntentAnswer } from '../../../contract/payments';
import { guestCheckout, guestMarkPaid, guestSimulatedConfirm } from '../../flows';
import { publicStoreInfo } from '../../kernel/config';
import { clientKey, errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { perAddress } from '../../kernel/limits';
import { orderLimitsOf } from '../../kernel/settings';
import {
  claimGuestOrderByLink,
  guestCancel,
  guestOrder,
  guestReturn,
  guestReturns,
  lookUpOrder,
  lookupLimiters,
  sendReceipt,
  viewGuestOrder,
} from '../../modules/orders';
import type { SimulatedProvider } from '../../modules/payments';
import { guestPaymentIntent } from '../../modules/payments';

/**
 * Guest checkout and a guest's order (decision 059). No sign-in: the checkout is limited per
 * address like other anonymous writes; every call about an order carries the order's signed key
 * (`token`: a query parameter the request log hides, or in the body).
 */
export function guestRoutes(secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    const limiters = lookupLimiters(app.db);

    app.post(
      '/guest/checkout',
      {
        config: { access: 'public', rateLimit: perAddress(app.config.rateLimits.ordersPerMinute) },
        schema: {
          tags: ['checkout'],
          summary:
            "Check out a visitor's cart without an account; the same idempotency key answers with the same order",
          body: GuestCheckoutInput,
          response: {
            200: GuestCheckoutAnswer,
            201: GuestCheckoutAnswer,
            ...errorResponses(400, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const answer = await guestCheckout(
          app.db,
          app.outbox,
          app.payments,
          secret,
          request.body,
          orderLimitsOf(app.settings.current()),
          app.pricingRules(),
          clientKey(request),
        );
        return reply.status(answer.replayed ? 200 : 201).send(answer);
      },
    );

    app.post(
      '/guest/order/lookup',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary: 'Find a guest order by its number and e-mail; guesses are limited',
          body: OrderLookupInput,
          response: { 200: OrderLookupAnswer, ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request) => lookUpOrder(app.db, secret, limiters, request.body, clientKey(request)),
    );

    app.get(
      '/guest/order',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary: "A guest's order, opened with its signed key (409 once it joined an account: sign in)",
          querystring: GuestOrderToken,
          response: { 200: GuestOrderView, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => viewGuestOrder(app.db, secret, request.query.token),
    );

    app.get(
      '/guest/order/receipt.pdf',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary: "A guest's order as a printable PDF receipt",
          querystring: GuestOrderToken,
          response: { ...errorResponses(400, 404, 409) },
        },
      },
      async (request, reply) =>
        sendReceipt(
          reply,
          await guestOrder(app.db, secret, request.query.token),
          publicStoreInfo(app.config, app.settings.current()),
        ),
    );

    app.post(
      '/guest/order/payment-intent',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: "Open the payment of a guest's unpaid order; the amount comes from the order",
          body: GuestOrderToken,
          response: { 200: PaymentIntentAnswer, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => guestPaymentIntent(app.db, app.payments, secret, request.body.token),
    );

    app.post(
      '/guest/order/paid',
      {
        config: { access: 'public' },
        schema: {
          tags: ['payments'],
          summary: "Mark a guest's order paid after the provider confirmed the payment",
          body: GuestMarkPaidInput,
          response: { 200: Order, ...errorResponses(400, 402, 404, 409) },
        },
      },
      async (request) => guestMarkPaid(app.db, app.outbox, app.payments, secret, request.body, request.log),
    );

    app.post(
      '/guest/order/claim',
      {
        config: { access: 'signedIn' },
        schema: {
          tags: ['checkout'],
          summary: "Add a guest's order to the signed-in account with its e-mail, from the order mail's link",
          body: GuestOrderToken,
          response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => claimGuestOrderByLink(app.db, secret, request.body.token, signedIn(request)),
    );

    app.post(
      '/guest/order/cancel',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary: "Cancel a guest's unpaid order, or ask to cancel a paid one that has not shipped",
          body: GuestCancelInput,
          response: { 200: Order, ...errorResponses(400, 404, 409) },
        },
      },
      async (request) => guestCancel(app.db, app.outbox, secret, request.body),
    );

    app.post(
      '/guest/order/returns',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary:
            "Send shipped parts of a guest's order back: the same rules as a customer's return request, with the order's key",
          body: GuestReturnInput,
          response: { 201: Return, ...errorResponses(400, 404, 409) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await guestReturn(
              app.db,
              app.outbox,
              secret,
              request.body,
              app.settings.current().returns.windowDays,
            ),
          ),
    );

    app.get(
      '/guest/order/returns',
      {
        config: { access: 'public' },
        schema: {
          tags: ['checkout'],
          summary: "A guest's order's returns, oldest first, opened with its key",
          querystring: GuestOrderToken,
          response: { 200: z.array(Return), ...errorResponses(400, 404) },
        },
      },
      async (request) => guestReturns(app.db, secret, request.query.token),
    );

    if (app.payments.name === 'simulated') {
      const simulated = app.payments as SimulatedProvider;
      app.post(
        '/guest/order/simulated-confirm',
        {
          config: { access: 'public' },
          schema: {
            tags: ['payments'],
            summary: "Test mode: charge a card for a guest's order with the simulated processor",
            body: GuestSimulatedConfirmInput,
            response: { 200: PaymentConfirmed, ...errorResponses(400, 402, 404, 409) },
          },
        },
        async (request) =>
          guestSimulatedConfirm(app.db, app.outbox, simulated, secret, request.body, request.log),
      );
    }
  };
}
