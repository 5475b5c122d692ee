import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Review, ReviewCreated, ReviewInput, ReviewListQuery } from '../../../contract/reviews';
import { errorResponses } from '../../http/openapi';
import { signedIn } from '../../plugins/auth';
import { perSession } from '../../plugins/rate-limits';
import { addReview, listReviews } from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    {
      schema: {
        tags: ['reviews'],
        summary: "The store's reviews, newest first; with ?toolId= that product's",
        querystring: ReviewListQuery,
        response: { 200: z.array(Review), ...errorResponses(400) },
      },
    },
    async (request) => listReviews(app.db, request.query.toolId),
  );

  app.post(
    '/review',
    {
      preHandler: app.requireUser,
      config: { rateLimit: perSession(app.config.rateLimits.reviewsPerMinute) },
      schema: {
        tags: ['reviews'],
        summary: 'Review the store, or a product with toolId (commenter = your account name)',
        body: ReviewInput,
        response: { 201: ReviewCreated, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addReview(app.db, signedIn(request), request.body)),
  );
};
