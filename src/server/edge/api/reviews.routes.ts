import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../contract/ids';
import {
  ModeratedReview,
  ModerationPage,
  ModerationQuery,
  OwnReview,
  OwnReviewsQuery,
  ReplyInput,
  Review,
  ReviewCreated,
  ReviewInput,
  ReviewListQuery,
} from '../../../contract/reviews';
import { notFound } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { perSession } from '../../kernel/limits';
import {
  addReview,
  listForModeration,
  listOwnReviews,
  listReviews,
  moderateReview,
  replyToReview,
} from '../../modules/reviews';

const IdParams = z.object({ id: z.string().max(100) });
const reviewId = (id: string) => {
  if (!isUuid(id)) throw notFound('Review');
  return id;
};

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: "The store's published reviews, newest first; with ?productId= that product's",
        querystring: ReviewListQuery,
        response: { 200: z.array(Review), ...errorResponses(400) },
      },
    },
    async (request) => listReviews(app.db, request.query.productId),
  );

  app.post(
    '/review',
    {
      config: { access: 'signedIn', rateLimit: perSession(app.config.rateLimits.reviewsPerMinute) },
      schema: {
        tags: ['reviews'],
        summary:
          'Review the store, or a product with productId (commenter = your account name); held for approval as the settings say',
        body: ReviewInput,
        response: { 201: ReviewCreated, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addReview(app.db, signedIn(request), request.body, app.settings.current().reviews.hold)),
  );

  app.get(
    '/review/mine',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['reviews'],
        summary: 'Your own reviews, those awaiting approval too; with ?productId= of that product',
        querystring: OwnReviewsQuery,
        response: { 200: z.array(OwnReview), ...errorResponses(400, 401) },
      },
    },
    async (request) => listOwnReviews(app.db, signedIn(request).id, request.query.productId),
  );

  app.get(
    '/reviews',
    {
      config: { access: 'reviews.moderate' },
      schema: {
        tags: ['reviews'],
        summary:
          'Reviews of one status for moderation, held ones by default, newest first (reviews.moderate)',
        querystring: ModerationQuery,
        response: { 200: ModerationPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listForModeration(app.db, request.query),
  );

  for (const [verb, status] of [
    ['publish', 'published'],
    ['hide', 'hidden'],
  ] as const) {
    app.post(
      `/reviews/:id/${verb}`,
      {
        config: { access: 'reviews.moderate' },
        schema: {
          tags: ['reviews'],
          summary: `${verb === 'publish' ? 'Publish' : 'Hide'} a review (reviews.moderate)`,
          params: IdParams,
          response: { 200: ModeratedReview, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => moderateReview(app.db, reviewId(request.params.id), status),
    );
  }

  app.put(
    '/reviews/:id/reply',
    {
      config: { access: 'reviews.moderate' },
      schema: {
        tags: ['reviews'],
        summary: "The store's public reply to a review; an empty one removes it (reviews.moderate)",
        params: IdParams,
        body: ReplyInput,
        response: { 200: ModeratedReview, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => replyToReview(app.db, reviewId(request.params.id), request.body.reply),
  );
};
