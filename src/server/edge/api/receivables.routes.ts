import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CustomerParams } from '../../../contract/customers';
import { isUuid } from '../../../contract/ids';
import {
  AccountInvoices,
  AccountPayment,
  AccountPaymentInput,
  OpenInvoices,
  StatementQuery,
} from '../../../contract/invoices';
import { Order } from '../../../contract/orders';
import { CustomerGroup, CustomerGroupInput, CustomerGroupList } from '../../../contract/trade';
import { publicStoreInfo } from '../../kernel/config';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { orderLimitsOf } from '../../kernel/settings';
import {
  accountTermsOf,
  deleteCustomerGroup,
  getCustomer,
  listCustomerGroups,
  saveCustomerGroup,
} from '../../modules/accounts';
import { OrderNotFound, putOnAccount } from '../../modules/orders';
import {
  invoicesOf,
  openInvoices,
  recordPayment,
  statementOf,
  statementPdf,
} from '../../modules/receivables';

const GroupParams = z.object({ id: z.uuid({ error: 'Customer group was not found' }) });
const IdParams = z.object({ id: z.string().max(100) });

/**
 * Customer groups and orders on account (decision 102): the owner's trade tiers; a trade account's
 * invoices, the payments recorded against them and its monthly statement; the spec's payment page
 * putting an unpaid order on account.
 */
export const receivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const overdueDays = () => orderLimitsOf(app.settings.current()).accountOverdueDays;
  const sendStatement = async (reply: import('fastify').FastifyReply, userId: string, month: string) => {
    const statement = await statementOf(app.db, userId, month);
    const pdf = await statementPdf(statement, publicStoreInfo(app.config, app.settings.current()).wordmark);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="statement-${month}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  };

  app.get(
    '/customer-groups',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: 'The customer groups (trade tiers) with their price lists (manager, owner)',
        response: { 200: CustomerGroupList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ groups: await listCustomerGroups(app.db) }),
  );

  app.post(
    '/customer-groups',
    {
      config: { access: 'trade.write' },
      schema: {
        tags: ['accounts'],
        summary: 'Add a customer group with its price list (manager, owner)',
        body: CustomerGroupInput,
        response: { 201: CustomerGroup, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await saveCustomerGroup(app.db, null, request.body)),
  );

  app.put(
    '/customer-groups/:id',
    {
      config: { access: 'trade.write' },
      schema: {
        tags: ['accounts'],
        summary:
          "Rename a customer group or change its price list: every member's prices change (manager, owner)",
        params: GroupParams,
        body: CustomerGroupInput,
        response: { 200: CustomerGroup, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveCustomerGroup(app.db, request.params.id, request.body),
  );

  app.delete(
    '/customer-groups/:id',
    {
      config: { access: 'trade.write' },
      schema: {
        tags: ['accounts'],
        summary: 'Remove a customer group no trade account is in (manager, owner)',
        params: GroupParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteCustomerGroup(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/account/invoices',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary:
          'Your invoices on account, the payments recorded against them, and where your account stands',
        response: { 200: AccountInvoices, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = signedIn(request).id;
      return invoicesOf(app.db, me, await accountTermsOf(app.db, me), overdueDays());
    },
  );

  app.get(
    '/account/statement.pdf',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: "Your account's statement for a month, as a PDF",
        querystring: StatementQuery,
        response: { ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => sendStatement(reply, signedIn(request).id, request.query.month),
  );

  app.post(
    '/order/:id/on-account',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['orders'],
        summary:
          'Put one of your unpaid orders on your trade account: invoiced within your credit limit and released for shipping, no card',
        params: IdParams,
        response: { 200: Order, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw new OrderNotFound();
      return putOnAccount(app.db, app.outbox, signedIn(request).id, request.params.id, overdueDays());
    },
  );

  app.get(
    '/invoices',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: "The store's open invoices on account, the most overdue first (manager, owner)",
        response: { 200: OpenInvoices, ...errorResponses(401, 403) },
      },
    },
    async () => openInvoices(app.db),
  );

  app.get(
    '/customers/:id/invoices',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary:
          "A customer's invoices on account and payments, and where the account stands (manager, owner)",
        params: CustomerParams,
        response: { 200: AccountInvoices, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await getCustomer(app.db, request.params.id);
      const id = request.params.id;
      return invoicesOf(app.db, id, await accountTermsOf(app.db, id), overdueDays());
    },
  );

  app.get(
    '/customers/:id/statement.pdf',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: "A customer's statement for a month, as a PDF (manager, owner)",
        params: CustomerParams,
        querystring: StatementQuery,
        response: { ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await getCustomer(app.db, request.params.id);
      return sendStatement(reply, request.params.id, request.query.month);
    },
  );

  app.post(
    '/customers/:id/payments',
    {
      config: { access: 'invoices.write' },
      schema: {
        tags: ['accounts'],
        summary:
          'Record a payment received from a trade account against its invoices; with no lines it pays the oldest first (manager, owner)',
        params: CustomerParams,
        body: AccountPaymentInput,
        response: { 201: AccountPayment, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await getCustomer(app.db, request.params.id);
      return reply
        .status(201)
        .send(await recordPayment(app.db, request.params.id, request.body, signedIn(request).id));
    },
  );
};
