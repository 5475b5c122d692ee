import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InsertedId,
  NewToolInput,
  Tool,
  ToolChanges,
  ToolDeleted,
  ToolListQuery,
} from '../../../contract/catalog';
import { errorResponses } from '../../http/openapi';
import { signedIn } from '../../plugins/auth';
import { catalogSearchLimit } from '../../plugins/rate-limits';
import { createAnswerCache } from './answer-cache';
import { replyWith } from './cached-reply';
import { addTool, deleteTool, updateTool } from './catalog.service';
import { catalogAnswers } from './catalog-answers';

/** A 304 has no body: what the client sent If-None-Match for is still the answer. */
const notModified = { 304: z.void().describe('Not modified: the ETag sent in If-None-Match is current') };

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  // The public reads are served from memory until the tools table changes (decision 007).
  const cache = createAnswerCache(app.database.changes, 'tools');
  app.addHook('onClose', async () => cache.close());
  const answers = catalogAnswers(app.db, cache);

  app.get(
    '/tool',
    {
      config: { rateLimit: catalogSearchLimit(app.config.rateLimits.catalogSearchPerMinute) },
      schema: {
        tags: ['catalog'],
        summary: 'List tools (search, sort, paging); the total is in X-Total-Count, the ETag allows 304',
        querystring: ToolListQuery,
        response: { 200: z.array(Tool), ...notModified, ...errorResponses(400) },
      },
    },
    (request, reply) => replyWith(request, reply, answers.list(request.query)),
  );

  app.get(
    '/purchase/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One tool; the ETag allows 304',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: Tool, ...notModified, ...errorResponses(404) },
      },
    },
    (request, reply) => replyWith(request, reply, answers.tool(request.params.id)),
  );

  const IdParams = z.object({ id: z.string().max(100) });

  app.post(
    '/tool',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Add a product (admin)',
        body: NewToolInput,
        response: { 201: InsertedId, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await addTool(app.db, request.body)),
  );

  app.patch(
    '/tool/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: "Change a product's price, stock or description (admin)",
        params: IdParams,
        body: ToolChanges,
        response: { 200: Tool, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateTool(app.db, request.params.id, request.body, signedIn(request).id),
  );

  app.delete(
    '/tool/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['catalog'],
        summary: 'Delete a product (admin); one with orders is retired instead',
        params: IdParams,
        response: { 200: ToolDeleted, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => deleteTool(app.db, request.params.id),
  );
};
