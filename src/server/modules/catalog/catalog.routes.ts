import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InsertedId,
  NewToolInput,
  TOTAL_COUNT_HEADER,
  Tool,
  ToolChanges,
  ToolDeleted,
  ToolListQuery,
} from '../../../contract/catalog';
import { errorResponses } from '../../http/openapi';
import { addTool, deleteTool, getTool, listTools, updateTool } from './catalog.service';

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tool',
    {
      schema: {
        tags: ['catalog'],
        summary: 'List tools (search, sort, paging); the total is in X-Total-Count',
        querystring: ToolListQuery,
        response: { 200: z.array(Tool), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const { tools, total } = await listTools(app.db, request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return tools;
    },
  );

  app.get(
    '/purchase/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One tool',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: Tool, ...errorResponses(404) },
      },
    },
    async (request) => getTool(app.db, request.params.id),
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
    async (request) => updateTool(app.db, request.params.id, request.body),
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
