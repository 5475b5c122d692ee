import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminNotifications } from '../../../contract/inbox';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { getNotifications, setNotifications } from '../notifications';

/** The signed-in admin's own notification e-mails: new paid orders, new contact messages. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage/notifications',
    {
      config: { access: 'notifications.own' },
      schema: {
        tags: ['manage'],
        summary: 'Which notification e-mails this admin gets (admin)',
        response: { 200: AdminNotifications, ...errorResponses(401, 403) },
      },
    },
    async (request) => getNotifications(app.db, signedIn(request).id),
  );

  app.put(
    '/manage/notifications',
    {
      config: { access: 'notifications.own' },
      schema: {
        tags: ['manage'],
        summary: 'Turn the notification e-mails of this admin on or off (admin)',
        body: AdminNotifications,
        response: { 200: AdminNotifications, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => setNotifications(app.db, signedIn(request).id, request.body),
  );
};
