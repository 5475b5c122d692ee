import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreInfo } from '../../../contract/store';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary: "The store's name, wordmark and contact details",
        response: { 200: StoreInfo },
      },
    },
    async () => app.config.store,
  );
};
