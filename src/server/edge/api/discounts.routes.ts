import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Discount, DiscountInput, DiscountList } from '../../../contract/discounts';
import { errorResponses } from '../../kernel/http';
import {
  createDiscount,
  endDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from '../../modules/discounts';

const IdParams = z.object({ id: z.string().max(100) });

/**
 * Managers' discounts. Every route is behind the admin guard for now; the permission each needs
 * once roles exist is named in its summary (discounts.read, discounts.write).
 */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/discounts',
    {
      config: { access: 'discounts.read' },
      schema: {
        tags: ['discounts'],
        summary: 'Every discount, newest first (discounts.read)',
        response: { 200: DiscountList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ discounts: await listDiscounts(app.db) }),
  );

  app.get(
    '/discounts/:id',
    {
      config: { access: 'discounts.read' },
      schema: {
        tags: ['discounts'],
        summary: 'One discount (discounts.read)',
        params: IdParams,
        response: { 200: Discount, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getDiscount(app.db, request.params.id),
  );

  app.post(
    '/discounts',
    {
      config: { access: 'discounts.write' },
      schema: {
        tags: ['discounts'],
        summary: 'Create a discount code or an automatic discount (discounts.write)',
        body: DiscountInput,
        response: { 201: Discount, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.status(201).send(await createDiscount(app.db, request.body)),
  );

  app.put(
    '/discounts/:id',
    {
      config: { access: 'discounts.write' },
      schema: {
        tags: ['discounts'],
        summary: 'Change a discount; uses already taken stay counted (discounts.write)',
        params: IdParams,
        body: DiscountInput,
        response: { 200: Discount, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateDiscount(app.db, request.params.id, request.body),
  );

  app.post(
    '/discounts/:id/end',
    {
      config: { access: 'discounts.write' },
      schema: {
        tags: ['discounts'],
        summary: 'End a discount now; orders that took it keep it (discounts.write)',
        params: IdParams,
        response: { 200: Discount, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => endDiscount(app.db, request.params.id),
  );
};
