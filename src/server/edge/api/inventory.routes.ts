import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../contract/ids';
import { StockAdjustmentInput, StockLedger } from '../../../contract/inventory';
import { notFound } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { adjustStock, stockLedger } from '../../modules/inventory';

const IdParams = z.object({ id: z.string().max(100) });

/** A product's stock ledger and the admin's adjustments of it. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tool/:id/stock',
    {
      config: { access: 'products.read' },
      schema: {
        tags: ['inventory'],
        summary: "A product's stock and its latest movements, newest first (admin)",
        params: IdParams,
        response: { 200: StockLedger, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Tool');
      return stockLedger(app.db, request.params.id);
    },
  );

  app.post(
    '/tool/:id/stock',
    {
      config: { access: 'stock.write' },
      schema: {
        tags: ['inventory'],
        summary: "Adjust a product's stock by a delta, or set it to a counted number (admin)",
        params: IdParams,
        body: StockAdjustmentInput,
        response: { 200: StockLedger, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Tool');
      await adjustStock(app.db, request.params.id, request.body, signedIn(request).id);
      return stockLedger(app.db, request.params.id);
    },
  );
};
