import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Review } from '../../../contract/reviews';
import { listReviews } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: 'All reviews, newest first',
        response: { 200: z.array(Review) },
      },
    },
    async () => listReviews(app.db),
  );
};
