import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactMessageCreated, ContactMessageInput } from '../../../contract/contact';
import { errorResponses } from '../../kernel/http';
import { perAddress } from '../../kernel/limits';
import { saveContactMessage } from '../../modules/contact';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { access: 'public', rateLimit: perAddress(app.config.rateLimits.contactPerMinute) },
      schema: {
        tags: ['contact'],
        summary: 'Send the store a message',
        body: ContactMessageInput,
        response: { 201: ContactMessageCreated, ...errorResponses(400, 413) },
      },
    },
    async (request, reply) => {
      const created = await saveContactMessage(app.db, app.outbox, request.body);
      return reply.status(201).send(created);
    },
  );
};
