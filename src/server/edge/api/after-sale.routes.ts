import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  afterSaleMessages,
  CancelPaidInput,
  CoreReturnInput,
  FitmentCorrectionInput,
  ManageReturnsQuery,
  RefundInput,
  RefundQuote,
  RefundQuoteInput,
  Return,
  ReturnDecisionInput,
  ReturnReceivedInput,
  ReturnRefundInput,
} from '../../../contract/after-sale';
import { Order } from '../../../contract/orders';
import { ReportQuery, SalesReport } from '../../../contract/reports';
import { cancelPaidOrder, refundOrder, refundReturn } from '../../flows';
import { publicStoreInfo } from '../../kernel/config';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  correctFitmentFromReturn,
  decideReturn,
  listReturns,
  quoteRefund,
  quoteReturnRefund,
  receiveReturn,
  requestCoreReturn,
  sendCreditNote,
} from '../../modules/orders';
import { exportOrders, getAnyOrder, salesReport } from '../manage';

const IdParams = z.object({ id: z.string().max(100) });
const KeyHeaders = z.object({
  'idempotency-key': z
    .string({ error: afterSaleMessages.keyRequired })
    .trim()
    .min(8, afterSaleMessages.keyRequired)
    .max(200, afterSaleMessages.keyRequired),
});

/** The admin's after-sale desk: refunds and cancelling paid orders. Changes go through the orders module. */
export const afterSaleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/manage/:id/refunds',
    {
      config: { access: 'refunds.create' },
      schema: {
        tags: ['manage'],
        summary:
          'Refund lines (with their share of tax), shipping or an amount through the card provider (admin); the same Idempotency-Key answers with the same refund',
        params: IdParams,
        headers: KeyHeaders,
        body: RefundInput,
        response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      refundOrder(
        app.db,
        app.outbox,
        app.payments,
        request.params.id,
        request.body,
        request.headers['idempotency-key'],
        signedIn(request).id,
      ),
  );

  app.post(
    '/manage/:id/refunds/quote',
    {
      config: { access: 'refunds.create' },
      schema: {
        tags: ['manage'],
        summary:
          'What a refund of these lines, shipping or amount would give back, with its tax, or why it would be refused; nothing is refunded (admin)',
        params: IdParams,
        body: RefundQuoteInput,
        response: { 200: RefundQuote, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => quoteRefund(app.db, request.params.id, request.body, app.payments.name),
  );

  app.post(
    '/manage/:id/cancel',
    {
      config: { access: 'orders.cancel' },
      schema: {
        tags: ['manage'],
        summary:
          'Cancel a paid order nothing of which has shipped (admin): its stock is released and everything paid refunded; the customer reads the reason',
        params: IdParams,
        body: CancelPaidInput,
        response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      cancelPaidOrder(
        app.db,
        app.outbox,
        app.payments,
        request.params.id,
        request.body.reason,
        signedIn(request).id,
      ),
  );

  app.get(
    '/manage/returns',
    {
      config: { access: 'returns.read' },
      schema: {
        tags: ['manage'],
        summary: 'Returns, newest first, optionally of one status (admin)',
        querystring: ManageReturnsQuery,
        response: { 200: z.array(Return), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listReturns(app.db, request.query.status),
  );

  app.post(
    '/manage/returns/:id/decision',
    {
      config: { access: 'returns.decide' },
      schema: {
        tags: ['manage'],
        summary: 'Approve or refuse a return, with a note the customer reads (admin)',
        params: IdParams,
        body: ReturnDecisionInput,
        response: { 200: Return, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decideReturn(app.db, app.outbox, request.params.id, signedIn(request).id, request.body),
  );

  app.post(
    '/manage/returns/:id/received',
    {
      config: { access: 'returns.receive' },
      schema: {
        tags: ['manage'],
        summary:
          "The returned parts arrived: per line back on the shelf (restock) or written off (damaged); a core return's old parts are counted, never stocked (admin)",
        params: IdParams,
        body: ReturnReceivedInput,
        response: { 200: Return, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      receiveReturn(app.db, app.outbox, request.params.id, signedIn(request).id, request.body.lines),
  );

  app.post(
    '/manage/:id/core-returns',
    {
      config: { access: 'returns.receive' },
      schema: {
        tags: ['manage'],
        summary:
          'Old parts handed in at the desk for their core charge: a core return received at once, to be refunded (admin)',
        params: IdParams,
        body: CoreReturnInput,
        response: { 201: Return, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await requestCoreReturn(
            app.db,
            app.outbox,
            { adminId: signedIn(request).id },
            request.params.id,
            request.body,
          ),
        ),
  );

  app.get(
    '/manage/returns/:id/refund-quote',
    {
      config: { access: 'refunds.create' },
      schema: {
        tags: ['manage'],
        summary:
          'What refunding a received return would give back: its lines with their tax, less the restocking fee; nothing is refunded (admin)',
        params: IdParams,
        response: { 200: RefundQuote, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      quoteReturnRefund(
        app.db,
        request.params.id,
        app.settings.current().returns.restockingFeePercent,
        app.payments.name,
      ),
  );

  app.post(
    '/manage/returns/:id/refund',
    {
      config: { access: 'refunds.create' },
      schema: {
        tags: ['manage'],
        summary:
          "Refund a received return: its lines with their share of tax, less the store's restocking fee (RESTOCKING_FEE_PERCENT) (admin)",
        params: IdParams,
        body: ReturnRefundInput,
        response: { 200: Return, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      refundReturn(
        app.db,
        app.outbox,
        app.payments,
        request.params.id,
        signedIn(request).id,
        app.settings.current().returns.restockingFeePercent,
        request.body?.toStoreCredit === true,
      ),
  );

  app.post(
    '/manage/returns/:id/fitment-correction',
    {
      config: { access: 'products.write' },
      schema: {
        tags: ['manage'],
        summary:
          "A wrong listing corrected from the returns desk: the return's vehicle taken out of the product's fitment (its model year, from every row that claimed it), kept in the product's history and the audit log (admin)",
        params: IdParams,
        body: FitmentCorrectionInput,
        response: { 200: Return, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = signedIn(request);
      return correctFitmentFromReturn(app.db, request.params.id, request.body.productId, {
        id: me.id,
        name: me.name,
      });
    },
  );

  app.get(
    '/manage/reports',
    {
      config: { access: 'reports.read' },
      schema: {
        tags: ['manage'],
        summary:
          'Gross sales, discounts, returns, net sales (as the books define them), tax and shipping collected, units per product and returns by reason for a period (admin)',
        querystring: ReportQuery,
        response: { 200: SalesReport, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => salesReport(app.db, request.query),
  );

  app.get(
    '/manage/reports/orders.csv',
    {
      config: { access: 'reports.read' },
      schema: {
        tags: ['manage'],
        summary: 'Orders paid in a period with their lines, refunds and tax, as CSV, streamed (admin)',
        querystring: ReportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="orders-${request.query.from}-${request.query.to}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(exportOrders(app.db, request.query)),
  );

  app.get(
    '/manage/:id/refunds/:refundId/credit-note.pdf',
    {
      config: { access: 'orders.money' },
      schema: {
        tags: ['manage'],
        summary: "The credit note of one of an order's refunds, as a PDF (admin)",
        params: z.object({ id: z.string().max(100), refundId: z.string().max(100) }),
        response: { ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendCreditNote(
        reply,
        await getAnyOrder(app.db, request.params.id),
        request.params.refundId,
        publicStoreInfo(app.config, app.settings.current()),
      ),
  );
};
