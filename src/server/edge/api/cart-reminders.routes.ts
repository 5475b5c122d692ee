import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  UNSUBSCRIBE_LINK_INVALID,
  UnsubscribeAnswer,
  UnsubscribeInput,
} from '../../../contract/cart-reminders';
import { AppError } from '../../kernel/errors';
import { errorResponses } from '../../kernel/http';
import { readUnsubscribeToken, unsubscribe } from '../cart-reminders';

/** The reminder mail's unsubscribe (decision 060): its signed key is the credential. */
export function cartReminderRoutes(secret: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/cart-reminders/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          tags: ['cart'],
          summary: 'Stop cart reminder mails for good, with the key from a reminder',
          body: UnsubscribeInput,
          response: { 200: UnsubscribeAnswer, ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const userId = readUnsubscribeToken(secret, request.body.token);
        if (!userId) throw new AppError('NOT_FOUND', UNSUBSCRIBE_LINK_INVALID);
        await unsubscribe(app.db, userId);
        return { unsubscribed: true as const };
      },
    );
  };
}
