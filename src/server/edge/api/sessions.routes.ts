import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RevokedCount, SessionList, SessionParams } from '../../../contract/accounts';
import { errorResponses } from '../../kernel/http';
import { signedIn } from '../../kernel/identity';
import { listSessions, revokeOtherSessions, revokeSession } from '../../modules/accounts';

/** The signed-in devices of the caller's own account: listed, and ended one by one or all but this one. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/account/sessions',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's active sessions (devices), this one marked current",
        response: { 200: SessionList, ...errorResponses(401) },
      },
    },
    async (request) => ({ sessions: await listSessions(app.auth, signedIn(request)) }),
  );

  app.delete(
    '/account/sessions/:id',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out one other session of the signed-in user',
        params: SessionParams,
        response: { 200: RevokedCount, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => {
      await revokeSession(app.auth, signedIn(request), request, request.params.id);
      return { revoked: 1 };
    },
  );

  app.post(
    '/account/sessions/revoke-others',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign out every session of the signed-in user but this one',
        response: { 200: RevokedCount, ...errorResponses(401) },
      },
    },
    async (request) => ({ revoked: await revokeOtherSessions(app.auth, signedIn(request), request) }),
  );
};
