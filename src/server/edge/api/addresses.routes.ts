import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SavedAddress, SavedAddressInput } from '../../../contract/addresses';
import { DeletedCount } from '../../../contract/orders';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { perSession } from '../../kernel/limits';
import { addAddress, deleteAddress, listAddresses, updateAddress } from '../../modules/addresses';

const IdParams = z.object({ id: z.string().max(100) });

/** The signed-in customer's address book. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const writes = { rateLimit: perSession(app.config.rateLimits.cartWritesPerMinute) };

  app.get(
    '/addresses',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['addresses'],
        summary: 'Your saved addresses, the default first',
        response: { 200: z.array(SavedAddress), ...errorResponses(401) },
      },
    },
    async (request) => listAddresses(app.db, signedIn(request).id),
  );

  app.post(
    '/addresses',
    {
      config: { access: 'signedIn', ...writes },
      schema: {
        tags: ['addresses'],
        summary: 'Save an address (the first one becomes the default)',
        body: SavedAddressInput,
        response: { 201: SavedAddress, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addAddress(app.db, signedIn(request).id, request.body)),
  );

  app.put(
    '/addresses/:id',
    {
      config: { access: 'signedIn', ...writes },
      schema: {
        tags: ['addresses'],
        summary: 'Change a saved address, or make it the default',
        params: IdParams,
        body: SavedAddressInput,
        response: { 200: SavedAddress, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => updateAddress(app.db, signedIn(request).id, request.params.id, request.body),
  );

  app.delete(
    '/addresses/:id',
    {
      config: { access: 'signedIn', ...writes },
      schema: {
        tags: ['addresses'],
        summary: 'Delete a saved address (orders keep their own copy)',
        params: IdParams,
        response: { 200: DeletedCount, ...errorResponses(401, 404) },
      },
    },
    async (request) => deleteAddress(app.db, signedIn(request).id, request.params.id),
  );
};
