import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import type { SessionView } from '../../../contract/accounts';
import { AppError } from '../../kernel/errors';
import type { Auth, SessionUser } from '../../kernel/identity';
import { deviceOf } from './user-agent';

/**
 * The signed-in sessions of an account, through better-auth (which owns the session table). The
 * store answers them itself rather than opening better-auth's list-sessions, which hands the page
 * every session's token: the bearer credential the HttpOnly cookie keeps away from page scripts.
 * Sessions are named by their id instead (docs/decisions/022-passwords-and-sessions.md).
 */

async function activeSessions(auth: Auth, userId: string) {
  const { internalAdapter } = await auth.$context;
  const now = Date.now();
  const all = await internalAdapter.listSessions(userId);
  return all.filter((session) => new Date(session.expiresAt).getTime() > now);
}

/** The account's sessions, the most recently used first, the caller's own marked `current`. */
export async function listSessions(auth: Auth, me: SessionUser): Promise<SessionView[]> {
  const sessions = await activeSessions(auth, me.id);
  return sessions
    .map((session) => ({
      id: session.id,
      device: deviceOf(session.userAgent),
      ipAddress: session.ipAddress || null,
      createdAt: new Date(session.createdAt).toISOString(),
      lastSeenAt: new Date(session.updatedAt).toISOString(),
      current: session.token === me.token,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/**
 * Ends one other session of the caller's account (better-auth's revoke-session). The caller's own
 * is ended by signing out; an id that is not one of the account's sessions is 404, the same
 * whether it belongs to someone else or to no one.
 */
export async function revokeSession(auth: Auth, me: SessionUser, request: FastifyRequest, id: string) {
  const session = (await activeSessions(auth, me.id)).find((s) => s.id === id);
  if (!session) throw new AppError('NOT_FOUND', 'No such session');
  if (session.token === me.token)
    throw new AppError('CONFLICT', 'This is the session you are using: log out to end it');
  await auth.api.revokeSession({ headers: fromNodeHeaders(request.headers), body: { token: session.token } });
}

/** Ends every session of the caller's account but the one making the call; answers how many. */
export async function revokeOtherSessions(auth: Auth, me: SessionUser, request: FastifyRequest) {
  const others = (await activeSessions(auth, me.id)).filter((s) => s.token !== me.token).length;
  await auth.api.revokeOtherSessions({ headers: fromNodeHeaders(request.headers) });
  return others;
}
