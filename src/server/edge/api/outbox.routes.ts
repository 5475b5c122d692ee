import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OutboxList, OutboxQuery } from '../../../contract/outbox';
import { errorResponses } from '../../kernel/http';
import { listOutbox, retryDeadMessage } from '../../kernel/outbox';

/** Admins see what the store still has to send, and what it gave up on (dead letters). */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage/outbox',
    {
      config: { access: 'outbox.read' },
      schema: {
        tags: ['manage'],
        summary: 'Outgoing messages by status; dead letters by default (admin)',
        querystring: OutboxQuery,
        response: { 200: OutboxList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOutbox(app.db, request.query.status),
  );

  app.post(
    '/manage/outbox/:id/retry',
    {
      config: { access: 'outbox.retry' },
      schema: {
        tags: ['manage'],
        summary: 'Send a dead letter again (admin)',
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: z.object({ retried: z.literal(true) }), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const retried = await retryDeadMessage(app.db, request.params.id);
      // Queued again without being published: this instance's idle lanes look again soon (decision 094).
      app.jobs.wake(app.outbox.subscriptions.map((s) => s.name));
      return retried;
    },
  );
};
