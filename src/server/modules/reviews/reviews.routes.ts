import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Review, ReviewCreated, ReviewInput } from '../../../contract/reviews';
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
        summary: 'All reviews, newest first',
        response: { 200: z.array(Review) },
      },
    },
    async () => listReviews(app.db),
  );

  app.post(
    '/review',
    {
      preHandler: app.requireUser,
      config: { rateLimit: perSession(app.config.rateLimits.reviewsPerMinute) },
      schema: {
        tags: ['reviews'],
        summary: 'Review the store (commenter = your account name)',
        body: ReviewInput,
        response: { 201: ReviewCreated, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addReview(app.db, signedIn(request), request.body)),
  );
};
