import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ImportMappingInput } from '../../../contract/catalog-import';
import {
  PurchaseOrder,
  PurchaseOrderInput,
  PurchaseOrderListQuery,
  PurchaseOrderParams,
  PurchaseOrderSummary,
  ReceiptInput,
  ReorderAnswer,
  ReorderQuery,
  Supplier,
  SupplierDetails,
  SupplierInput,
  SupplierParams,
  SupplierProduct,
  SupplierProductInput,
  SupplierProductParams,
} from '../../../contract/purchasing';
import { csvDownload, errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  createPurchaseOrder,
  createSupplier,
  endPurchaseOrder,
  getPurchaseOrder,
  getSupplier,
  listPurchaseOrders,
  listSuppliers,
  PURCHASE_ORDER_COLUMNS,
  purchaseOrderRows,
  receivePurchaseOrder,
  removeSupplierProduct,
  reorderSuggestions,
  sendPurchaseOrder,
  setSupplierImportMapping,
  setSupplierProduct,
  updatePurchaseOrder,
  updateSupplier,
} from '../../modules/purchasing';

/** Suppliers and purchase orders (decision 097): managers and the owner buy stock here. */
export const purchasingRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { config: { access: 'purchasing.read' as const } };
  const write = { config: { access: 'purchasing.write' as const } };
  const tags = ['purchasing'];

  app.get(
    '/suppliers',
    {
      ...read,
      schema: {
        tags,
        summary: 'The suppliers (manager, owner)',
        response: { 200: Supplier.array(), ...errorResponses(401, 403) },
      },
    },
    async () => listSuppliers(app.db),
  );

  app.post(
    '/suppliers',
    {
      ...write,
      schema: {
        tags,
        summary: 'Add a supplier (manager, owner)',
        body: SupplierInput,
        response: { 201: Supplier, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createSupplier(app.db, request.body)),
  );

  app.get(
    '/suppliers/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'A supplier and what it sells of the catalog (manager, owner)',
        params: SupplierParams,
        response: { 200: SupplierDetails, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getSupplier(app.db, request.params.id),
  );

  app.put(
    '/suppliers/:id',
    {
      ...write,
      schema: {
        tags,
        summary: "Change a supplier's details (manager, owner)",
        params: SupplierParams,
        body: SupplierInput,
        response: { 200: Supplier, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateSupplier(app.db, request.params.id, request.body),
  );

  app.put(
    '/suppliers/:id/import-mapping',
    {
      ...write,
      schema: {
        tags,
        summary:
          "Keep how this supplier's file headers read as the store's columns, for its next file (manager, owner)",
        params: SupplierParams,
        body: ImportMappingInput,
        response: { 200: Supplier, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setSupplierImportMapping(app.db, request.params.id, request.body.mapping),
  );

  app.put(
    '/suppliers/:id/products/:productId',
    {
      ...write,
      schema: {
        tags,
        summary: 'What a supplier sells of one product: its part number, pack size and cost (manager, owner)',
        params: SupplierProductParams,
        body: SupplierProductInput,
        response: { 200: SupplierProduct, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => setSupplierProduct(app.db, request.params.id, request.params.productId, request.body),
  );

  app.delete(
    '/suppliers/:id/products/:productId',
    {
      ...write,
      schema: {
        tags,
        summary: 'The supplier no longer sells this product (manager, owner)',
        params: SupplierProductParams,
        response: { 204: z.void(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSupplierProduct(app.db, request.params.id, request.params.productId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/purchase-orders',
    {
      ...read,
      schema: {
        tags,
        summary: 'Purchase orders, newest first, by status or supplier (manager, owner)',
        querystring: PurchaseOrderListQuery,
        response: { 200: PurchaseOrderSummary.array(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPurchaseOrders(app.db, request.query),
  );

  app.get(
    '/purchase-orders/suggestions',
    {
      ...read,
      schema: {
        tags,
        summary:
          'What to reorder and from whom, from each product’s sales, stock and supplier (manager, owner)',
        querystring: ReorderQuery,
        response: { 200: ReorderAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      reorderSuggestions(app.db, request.query, app.settings.current().inventory.lowStockFactor),
  );

  app.post(
    '/purchase-orders',
    {
      ...write,
      schema: {
        tags,
        summary: 'Draft a purchase order (manager, owner)',
        body: PurchaseOrderInput,
        response: { 201: PurchaseOrder, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPurchaseOrder(app.db, request.body, signedIn(request).id)),
  );

  app.get(
    '/purchase-orders/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'A purchase order with its lines and receipts (manager, owner)',
        params: PurchaseOrderParams,
        response: { 200: PurchaseOrder, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getPurchaseOrder(app.db, request.params.id),
  );

  app.put(
    '/purchase-orders/:id',
    {
      ...write,
      schema: {
        tags,
        summary: "Change a draft's supplier, lines and note (manager, owner)",
        params: PurchaseOrderParams,
        body: PurchaseOrderInput,
        response: { 200: PurchaseOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updatePurchaseOrder(app.db, request.params.id, request.body),
  );

  const step = (path: string, summary: string, run: (id: string) => Promise<PurchaseOrder>) =>
    app.post(
      `/purchase-orders/:id/${path}`,
      {
        ...write,
        schema: {
          tags,
          summary,
          params: PurchaseOrderParams,
          response: { 200: PurchaseOrder, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => run(request.params.id),
    );
  step('send', "Send a draft: it is mailed to the supplier's ordering address (manager, owner)", (id) =>
    sendPurchaseOrder(app.db, app.outbox, id),
  );
  step('cancel', 'Cancel a draft (manager, owner)', (id) => endPurchaseOrder(app.db, id, 'cancel'));
  step('close', 'Close a sent order: what has not come in is no longer expected (manager, owner)', (id) =>
    endPurchaseOrder(app.db, id, 'close'),
  );

  app.post(
    '/purchase-orders/:id/receipts',
    {
      ...write,
      schema: {
        tags,
        summary: 'Count a delivery in: stock moves and each product takes its average cost (manager, owner)',
        params: PurchaseOrderParams,
        body: ReceiptInput,
        response: { 200: PurchaseOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => receivePurchaseOrder(app.db, request.params.id, request.body, signedIn(request).id),
  );

  app.get(
    '/purchase-orders/:id/csv',
    {
      ...read,
      schema: {
        tags,
        summary: "A purchase order as a CSV file for the supplier's system (manager, owner)",
        params: PurchaseOrderParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const order = await getPurchaseOrder(app.db, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${order.number}.csv"`)
        .header('cache-control', 'no-store')
        .send(csvDownload(purchaseOrderRows(order), PURCHASE_ORDER_COLUMNS));
    },
  );
};
