import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../contract/ids';
import { StockLedger } from '../../../contract/inventory';
import {
  BinInput,
  Location,
  LocationInput,
  LocationList,
  Transfer,
  TransferInput,
  TransferList,
  transferStatuses,
} from '../../../contract/locations';
import { notFound } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import {
  closeTransfer,
  createLocation,
  listLocations,
  listTransfers,
  sendTransfer,
  setBin,
  stockLedger,
  updateLocation,
} from '../../modules/inventory';

const tags = ['inventory'];
const IdParams = z.object({ id: z.string().max(100) });

/** The store's places, a product's bin at each, and transfers between places (decision 099). */
export const locationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/locations',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'The places stock is kept, open ones first in pick order (manager, owner)',
        response: { 200: LocationList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ locations: await listLocations(app.db) }),
  );

  app.post(
    '/locations',
    {
      config: { access: 'settings.write' },
      schema: {
        tags,
        summary: 'Add a place: a warehouse, the shop, a supplier that ships for the store (owner)',
        body: LocationInput,
        response: { 200: Location, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => createLocation(app.db, request.body),
  );

  app.put(
    '/locations/:id',
    {
      config: { access: 'settings.write' },
      schema: {
        tags,
        summary: 'Change a place: name, address, pick order, or close it once it holds nothing (owner)',
        params: IdParams,
        body: LocationInput,
        response: { 200: Location, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateLocation(app.db, request.params.id, request.body),
  );

  app.put(
    '/tool/:id/stock/:location/bin',
    {
      config: { access: 'stock.write' },
      schema: {
        tags,
        summary: 'Where a product sits at a place (manager, owner)',
        params: z.object({ id: z.string().max(100), location: z.string().max(60) }),
        body: BinInput,
        response: { 200: StockLedger, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Tool');
      await stockLedger(app.db, request.params.id, 1);
      await setBin(app.db, request.params.id, request.params.location, request.body.bin);
      return stockLedger(app.db, request.params.id);
    },
  );

  app.get(
    '/transfers',
    {
      config: { access: 'products.read' },
      schema: {
        tags,
        summary: 'Transfers between places, newest first; `status=in_transit` for those on the road',
        querystring: z.object({ status: z.enum(transferStatuses).optional() }),
        response: { 200: TransferList, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      transfers: await listTransfers(app.db, request.query.status ? { status: request.query.status } : {}),
    }),
  );

  app.post(
    '/transfers',
    {
      config: { access: 'stock.write' },
      schema: {
        tags,
        summary: 'Send units from one place to another: they leave the first place now (manager, owner)',
        body: TransferInput,
        response: { 200: Transfer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => sendTransfer(app.db, request.body, signedIn(request).id),
  );

  for (const [step, outcome, summary] of [
    ['receive', 'received', 'The units arrived: they go onto the second place (manager, owner)'],
    ['cancel', 'cancelled', 'Call a transfer off: the units go back where they left (manager, owner)'],
  ] as const)
    app.post(
      `/transfers/:id/${step}`,
      {
        config: { access: 'stock.write' },
        schema: {
          tags,
          summary,
          params: IdParams,
          response: { 200: Transfer, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        if (!isUuid(request.params.id)) throw notFound('Transfer');
        return closeTransfer(app.db, request.params.id, outcome, signedIn(request).id);
      },
    );
};
