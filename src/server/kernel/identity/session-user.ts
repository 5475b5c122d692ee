import type { FastifyRequest } from 'fastify';
import type { AccountRole } from '../../../contract/roles';
import { AppError } from '../errors';
import type { Auth } from './auth';

/** The signed-in person as our routes see them; emails are lower-case. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** A customer, or one of the staff roles (contract/roles.ts). */
  role: AccountRole;
  /** The session token, which is also this session's bearer token (see `mayShowToken`). */
  token: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** The signed-in person of a request, loaded once per request (null: nobody signed in). */
    userOf: (request: FastifyRequest) => Promise<SessionUser | null>;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user of a route that declares `signedIn` or a permission (never null there: the guard loaded them). */
export function signedIn(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please log in to continue');
  return request.user;
}
