import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOTAL_COUNT_HEADER, Tool, ToolListQuery } from '../../../contract/catalog';
import { errorResponses } from '../../http/openapi';
import { getTool, listTools } from './catalog.service';

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
};
