import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Category,
  InsertedId,
  NewToolInput,
  Suggestion,
  SuggestQuery,
  Tool,
  ToolChanges,
  ToolDeleted,
  ToolDetails,
  ToolFacets,
  ToolListQuery,
  VehicleQuery,
} from '../../../contract/catalog';
import { Brand, FitmentBulkAnswer, FitmentBulkInput, RelatedProducts } from '../../../contract/catalog-admin';
import { isUuid } from '../../../contract/ids';
import { notFound } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { catalogSearchLimit, uncountedListQuery } from '../../kernel/limits';
import {
  addFitmentRange,
  addProduct,
  answersByAddress,
  CATALOG_TABLES,
  catalogAnswers,
  catalogAvailability,
  createAnswerCache,
  defaultAnswerCacheOptions,
  deleteProduct,
  replyWith,
  updateProduct,
} from '../../modules/catalog';

/** A 304 has no body: what the client sent If-None-Match for is still the answer. */
const notModified = { 304: z.void().describe('Not modified: the ETag sent in If-None-Match is current') };

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public reads are served from memory until a catalog table changes (decision 007).
  // A change of availability alone updates the figures instead (decision 094).
  const cache = createAnswerCache(
    app.database.changes,
    CATALOG_TABLES,
    defaultAnswerCacheOptions,
    catalogAvailability(app.db),
  );
  app.addHook('onClose', async () => cache.close());
  const answers = catalogAnswers(app.db, cache);
  // An address answered from memory before is answered again before its query is parsed: the
  // busiest reads of the store (the list's first pages, a product) skip validation and the guard.
  const byAddress = answersByAddress(cache);
  app.addHook('onRequest', byAddress.onRequest);

  app.get(
    '/tool',
    {
      config: {
        access: 'public',
        rateLimit: catalogSearchLimit(app.config.rateLimits.catalogSearchPerMinute),
      },
      schema: {
        tags: ['catalog'],
        summary:
          'List tools (search by name, description, brand or part number, with typo tolerance; filters by category, brand, price, stock and vehicle; sort, paging); the total is in X-Total-Count, the ETag allows 304',
        querystring: ToolListQuery,
        response: { 200: z.array(Tool), ...notModified, ...errorResponses(400) },
      },
    },
    (request, reply) => {
      const answer = answers.list(request.query);
      // Only what the search limit does not count (the plain first pages) skips it next time.
      if (uncountedListQuery(request.query)) byAddress.remember(request, answer);
      replyWith(request, reply, answer);
    },
  );

  app.get(
    '/tool/facets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'How many tools each filter choice would show, for the same query as GET /tool',
        querystring: ToolListQuery,
        response: { 200: ToolFacets, ...notModified, ...errorResponses(400) },
      },
    },
    (request, reply) => replyWith(request, reply, answers.facets(request.query)),
  );

  app.get(
    '/tool/suggest',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Suggestions while typing in the search box: part numbers, products, brands, categories',
        querystring: SuggestQuery,
        response: { 200: z.array(Suggestion), ...notModified, ...errorResponses(400) },
      },
    },
    (request, reply) => replyWith(request, reply, answers.suggest(request.query.q)),
  );

  app.get(
    '/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'The category tree, with how many tools each holds',
        response: { 200: z.array(Category), ...notModified },
      },
    },
    (request, reply) => replyWith(request, reply, answers.categories()),
  );

  app.get(
    '/purchase/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          'One tool with its part numbers and fitment; with year, make and model, whether it fits that vehicle. The ETag allows 304',
        params: z.object({ id: z.string().max(100) }),
        querystring: VehicleQuery,
        response: { 200: ToolDetails, ...notModified, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => {
      const answer = answers.tool(request.params.id, request.query);
      byAddress.remember(request, answer);
      replyWith(request, reply, answer);
    },
  );

  app.get(
    '/purchase/:id/related',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary:
          'Parts that fit the same vehicle (the one named by year, make and model, else any this part fits) and parts bought with this one',
        params: z.object({ id: z.string().max(100) }),
        querystring: VehicleQuery,
        response: { 200: RelatedProducts, ...notModified, ...errorResponses(400, 404) },
      },
    },
    (request, reply) => replyWith(request, reply, answers.related(request.params.id, request.query)),
  );

  app.get(
    '/brands',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'The brands, in the order the store shows them, with how many tools each has',
        response: { 200: z.array(Brand), ...notModified },
      },
    },
    (request, reply) => replyWith(request, reply, answers.brands()),
  );

  const IdParams = z.object({ id: z.string().max(100) });

  app.post(
    '/tool/:id/fitment',
    {
      config: { access: 'products.write' },
      schema: {
        tags: ['catalog'],
        summary:
          "Add one year range for several vehicles to a product's fitment; rows it has are skipped (admin)",
        params: IdParams,
        body: FitmentBulkInput,
        response: { 200: FitmentBulkAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound('Tool');
      const me = signedIn(request);
      return addFitmentRange(app.db, request.params.id, request.body, { id: me.id, name: me.name });
    },
  );

  app.post(
    '/tool',
    {
      config: { access: 'products.write' },
      schema: {
        tags: ['catalog'],
        summary: 'Add a product (admin)',
        body: NewToolInput,
        response: { 201: InsertedId, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addProduct(app.db, request.body, signedIn(request))),
  );

  app.patch(
    '/tool/:id',
    {
      config: { access: 'products.write' },
      // A product's whole fitment list (up to 1,000 rows) travels in one edit.
      bodyLimit: 1024 * 1024,
      schema: {
        tags: ['catalog'],
        summary:
          'The product editor: change any field of a product, whatever its status; kept in its history (admin)',
        params: IdParams,
        body: ToolChanges,
        response: { 200: Tool, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateProduct(app.db, request.params.id, request.body, signedIn(request)),
  );

  app.delete(
    '/tool/:id',
    {
      config: { access: 'products.write' },
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product (admin); one with orders is retired instead',
        params: IdParams,
        response: { 200: ToolDeleted, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deleteProduct(app.db, request.params.id, signedIn(request)),
  );
};
