import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InboxList, InboxMessage, InboxReplyInput, InboxUnread, InboxUpdate } from '../../../contract/inbox';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { getInboxMessage, listInbox, markInbox, replyToMessage, unreadCount } from '../../modules/contact';

const IdParams = z.object({ id: z.string().max(100) });

/** The admin Inbox: visitors' contact messages, read, handled and answered by the store's staff. */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage/inbox',
    {
      config: { access: 'inbox.read' },
      schema: {
        tags: ['manage'],
        summary: 'Contact messages, newest first, with the unread count (admin)',
        response: { 200: InboxList, ...errorResponses(401, 403) },
      },
    },
    async () => listInbox(app.db),
  );

  app.get(
    '/manage/inbox/unread',
    {
      config: { access: 'inbox.read' },
      schema: {
        tags: ['manage'],
        summary: 'How many contact messages no admin has opened (admin)',
        response: { 200: InboxUnread, ...errorResponses(401, 403) },
      },
    },
    async () => ({ unread: await unreadCount(app.db) }),
  );

  app.get(
    '/manage/inbox/:id',
    {
      config: { access: 'inbox.read' },
      schema: {
        tags: ['manage'],
        summary: 'One contact message with its replies (admin)',
        params: IdParams,
        response: { 200: InboxMessage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getInboxMessage(app.db, request.params.id),
  );

  app.patch(
    '/manage/inbox/:id',
    {
      config: { access: 'inbox.reply' },
      schema: {
        tags: ['manage'],
        summary: 'Mark a contact message read or unread, handled or open (admin)',
        params: IdParams,
        body: InboxUpdate,
        response: { 200: InboxMessage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => markInbox(app.db, request.params.id, request.body),
  );

  app.post(
    '/manage/inbox/:id/replies',
    {
      config: { access: 'inbox.reply' },
      schema: {
        tags: ['manage'],
        summary: 'Reply to a contact message; the reply is mailed to its sender (admin)',
        params: IdParams,
        body: InboxReplyInput,
        response: { 201: InboxMessage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const admin = signedIn(request);
      const message = await replyToMessage(app.db, app.outbox, request.params.id, admin, request.body);
      return reply.status(201).send(message);
    },
  );
};
