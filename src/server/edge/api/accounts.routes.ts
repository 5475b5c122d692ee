import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAnswer,
  AuthProviders,
  ModifiedCount,
  Profile,
  ProfileInput,
  TokenAnswer,
  UserListEntry,
  UserRecordInput,
} from '../../../contract/accounts';
import { isStaffRole } from '../../../contract/roles';
import { errorResponses } from '../../kernel/http';
import { mayShowToken } from '../../kernel/identity';
import {
  assertSelf,
  getProfile,
  listUsers,
  promoteToAdmin,
  recordUser,
  saveProfile,
} from '../../modules/accounts';

const EmailParams = z.object({ email: z.string().min(1).max(254) });

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.config;

  app.get(
    '/auth-providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Sign-in providers set up for this store',
        response: { 200: AuthProviders },
      },
    },
    async () => ({
      google: Boolean(auth.google),
      oidc: auth.oidc ? { id: auth.oidc.providerId, name: auth.oidc.name } : null,
    }),
  );

  app.put(
    '/user/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary:
          "Record the signed-in user's display name and photo; answers the bearer token (empty to a browser page)",
        params: EmailParams,
        body: UserRecordInput,
        response: { 200: TokenAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = assertSelf(request.user, request.params.email);
      await recordUser(app.db, me, request.body);
      // A browser's cookie session gets an empty token: page scripts must not read the session's
      // bearer token; API clients get it (kernel/identity/auth-plugin.ts mayShowToken).
      return { token: mayShowToken(request) ? me.token : '' };
    },
  );

  app.get(
    '/admin/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'Whether the signed-in user is an admin (any staff role), and their role',
        params: EmailParams,
        response: { 200: AdminAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const { role } = assertSelf(request.user, request.params.email);
      return { admin: isStaffRole(role), role };
    },
  );

  app.get(
    '/user',
    {
      config: { access: 'customers.read' },
      schema: {
        tags: ['accounts'],
        summary: 'All users (admin)',
        response: { 200: z.array(UserListEntry), ...errorResponses(401, 403) },
      },
    },
    async () => listUsers(app.db),
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: 'roles.write' },
      schema: {
        tags: ['accounts'],
        summary: 'Make a user an admin: a manager (owner)',
        params: EmailParams,
        response: { 200: ModifiedCount, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => promoteToAdmin(app.db, request.params.email),
  );

  app.get(
    '/profile/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: "The signed-in user's profile",
        params: EmailParams,
        response: { 200: Profile, ...errorResponses(401, 403) },
      },
    },
    async (request) => getProfile(app.db, assertSelf(request.user, request.params.email)),
  );

  app.put(
    '/profile/:email',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: "Update the signed-in user's profile",
        params: EmailParams,
        body: ProfileInput,
        response: { 200: ModifiedCount, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveProfile(app.db, assertSelf(request.user, request.params.email), request.body),
  );
};
