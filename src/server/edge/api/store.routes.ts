import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StorePolicies } from '../../../contract/policies';
import { StoreInfo } from '../../../contract/store';
import { publicStoreInfo } from '../../kernel/config';
import { storePolicies } from '../store';

export const storeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/store',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        summary: "The store's name, wordmark and contact details, and whether it is in test mode",
        response: { 200: StoreInfo },
      },
    },
    async () => publicStoreInfo(app.config, app.settings.current()),
  );

  app.get(
    '/store/policies',
    {
      config: { access: 'public' },
      schema: {
        tags: ['store'],
        summary:
          "What the shipping and returns pages say: the owner's shipping zones and rates, free-shipping threshold, return window and restocking fee, as in force",
        response: { 200: StorePolicies },
      },
    },
    async () => storePolicies(app.settings.current()),
  );
};
