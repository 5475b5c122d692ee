import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShipInput, ShipmentInput } from '../../../contract/after-sale';
import {
  DeletedCount,
  DeskOrder,
  ManageOrdersQuery,
  OrderEvent,
  STATS_DAYS,
  StoreStats,
} from '../../../contract/orders';
import { PackingSlip } from '../../../contract/packing-slip';
import { publicStoreInfo } from '../../kernel/config';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  cancelUnpaidOrder,
  createShipment,
  orderHistory,
  sendReceipt,
  shipOrder,
} from '../../modules/orders';
import { forDesk, getAnyOrder, listAllOrders, packingSlip, storeStats } from '../manage';

const IdParams = z.object({ id: z.string().max(100) });

/**
 * The admin's order desk (the spec's /manage calls) and overview. Order changes go through the
 * orders module; each answer is the order as the caller's role may read it (`forDesk`).
 */
export const manageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage',
    {
      config: { access: 'orders.read' },
      schema: {
        tags: ['manage'],
        summary:
          'All orders (admin), optionally of one status, or those behind a figure of the books (paid or refunded in a period, to a state, of a product); staff read them without money',
        querystring: ManageOrdersQuery,
        response: { 200: z.array(DeskOrder), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { role } = signedIn(request);
      const { status, ...behind } = request.query;
      return (await listAllOrders(app.db, status, behind)).map((order) => forDesk(order, role));
    },
  );

  app.get(
    '/manage/stats',
    {
      config: { access: 'reports.read' },
      schema: {
        tags: ['manage'],
        summary: 'Sales of the last 30 days, orders by status and low-stock products (admin)',
        response: { 200: StoreStats, ...errorResponses(401, 403) },
      },
    },
    async () => storeStats(app.db, STATS_DAYS, app.settings.current().inventory.lowStockFactor),
  );

  app.get(
    '/manage/:id',
    {
      config: { access: 'orders.read' },
      schema: {
        tags: ['manage'],
        summary: 'Any order with its lines, address and payment (admin); staff read it without money',
        params: IdParams,
        response: { 200: DeskOrder, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => forDesk(await getAnyOrder(app.db, request.params.id), signedIn(request).role),
  );

  app.get(
    '/manage/:id/receipt.pdf',
    {
      config: { access: 'orders.money' },
      schema: {
        tags: ['manage'],
        summary: "Any order's receipt as a PDF (managers and the owner: it is all money)",
        params: IdParams,
        response: { ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendReceipt(
        reply,
        await getAnyOrder(app.db, request.params.id),
        publicStoreInfo(app.config, app.settings.current()),
      ),
  );

  app.get(
    '/manage/:id/packing-slip',
    {
      config: { access: 'orders.read' },
      schema: {
        tags: ['manage'],
        summary:
          "An order's packing slip: each line's product, SKU, part number, quantity and what is left to ship (admin)",
        params: IdParams,
        response: { 200: PackingSlip, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => packingSlip(app.db, request.params.id),
  );

  app.put(
    '/manage/:id',
    {
      config: { access: 'orders.ship' },
      schema: {
        tags: ['manage'],
        summary:
          "Ship a paid order (admin); only pending orders can be shipped. No body ships it without tracking (the spec's Ship button); a body gives the carrier and tracking number, or says noTracking",
        params: IdParams,
        body: ShipInput,
        response: { 200: DeskOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const me = signedIn(request);
      return forDesk(
        await shipOrder(app.db, app.outbox, request.params.id, me.id, request.body ?? {}),
        me.role,
      );
    },
  );

  app.post(
    '/manage/:id/shipments',
    {
      config: { access: 'orders.ship' },
      schema: {
        tags: ['manage'],
        summary:
          'Ship some lines (quantities per product) or, without lines, every unit left, as one parcel with its carrier and tracking number (admin)',
        params: IdParams,
        body: ShipmentInput,
        response: { 201: DeskOrder, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const order = await createShipment(app.db, app.outbox, request.params.id, me.id, request.body);
      return reply.status(201).send(forDesk(order, me.role));
    },
  );

  app.delete(
    '/manage/:id',
    {
      config: { access: 'orders.cancel' },
      schema: {
        tags: ['manage'],
        summary: 'Cancel an unpaid order (admin); its stock returns',
        params: IdParams,
        response: { 200: DeletedCount, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) =>
      cancelUnpaidOrder(app.db, app.outbox, request.params.id, { userId: signedIn(request).id, admin: true }),
  );

  app.get(
    '/manage/:id/history',
    {
      config: { access: 'orders.read' },
      schema: {
        tags: ['manage'],
        summary: "Any order's history, oldest first (admin)",
        params: IdParams,
        response: { 200: z.array(OrderEvent), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => orderHistory(app.db, request.params.id),
  );
};
