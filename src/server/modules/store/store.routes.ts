import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StoreInfo } from '../../../contract/store';
import { publicStoreInfo } from '../../config/config';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store',
    {
      schema: {
        tags: ['store'],
        summary: "The store's name, wordmark and contact details, and whether it is in test mode",
        response: { 200: StoreInfo },
      },
    },
    async () => publicStoreInfo(app.config, app.settings.current()),
  );
};
