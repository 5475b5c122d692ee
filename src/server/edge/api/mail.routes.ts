import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MailList, MailView } from '../../../contract/mail';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { getMail, listMails } from '../../kernel/mail-delivery';

/** Admins read every mail the store sent or, without an SMTP server, kept instead of sending. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/manage/mails',
    {
      config: { access: 'mailbox.read' },
      schema: {
        tags: ['manage'],
        summary: 'The Mailbox: mails sent or kept, newest first (admin)',
        response: { 200: MailList, ...errorResponses(401, 403) },
      },
    },
    async () => listMails(app.db, Boolean(app.config.smtp)),
  );

  app.get(
    '/manage/mails/:id',
    {
      config: { access: 'mailbox.read' },
      schema: {
        tags: ['manage'],
        summary: 'One mail with its HTML and text versions (admin)',
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: MailView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMail(app.db, request.params.id, signedIn(request)),
  );
};
