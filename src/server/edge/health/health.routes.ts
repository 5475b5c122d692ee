import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../kernel/errors';

const Status = z.object({ status: z.string() });

/** /healthz: the process answers. /readyz: it can also reach its database (load balancers use it). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Status } } },
    async () => ({
      status: 'ok',
    }),
  );

  app.get(
    '/readyz',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: Status } } },
    async (request) => {
      try {
        await app.database.ping();
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        throw new AppError('UNAVAILABLE', 'The database is not reachable');
      }
      return { status: 'ready' };
    },
  );
};
