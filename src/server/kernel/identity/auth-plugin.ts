import { setTimeout as sleep } from 'node:timers/promises';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_UP_CONFIRM_MESSAGE } from '../../../contract/accounts';
import type { ErrorEnvelope } from '../../../contract/errors';
import type { AuthConfig } from '../config';
import { roleFromColumn } from '../db';
import { AppError } from '../errors';
import { clientKey, codeForStatus } from '../http';
import { type Auth, CLIENT_ADDRESS_HEADER } from './auth';
import { createAuthRateLimiter } from './auth-rate-limit';
import { createSessionCache } from './session-cache';
import type { SessionUser } from './session-user';

/** The calls that check or create a password: their attempts are limited (auth-rate-limit.ts). */
const SIGN_IN = '/api/auth/sign-in/email';
const SIGN_UP = '/api/auth/sign-up/email';
const RESET_REQUEST = '/api/auth/request-password-reset';
const CHANGE_PASSWORD = '/api/auth/change-password';

/**
 * A reset request answers no sooner than this: a known address writes a token and an outbox row
 * that an unknown one does not, and the difference must not show in the answer's timing.
 */
const RESET_REQUEST_FLOOR_MS = 250;

/** A wrong e-mail or password is 401; anything else was refused before a password was checked. */
function signInOutcome(status: number): 'failed' | 'succeeded' | 'unchecked' {
  if (status === 401) return 'failed';
  return status < 400 ? 'succeeded' : 'unchecked';
}

function refuseAttempt(reply: FastifyReply, waitSeconds: number) {
  const body: ErrorEnvelope = {
    error: {
      code: 'RATE_LIMITED',
      message: `Too many attempts. Please wait ${Math.ceil(waitSeconds / 60)} minute(s) and try again.`,
    },
  };
  return reply.status(429).header('retry-after', String(waitSeconds)).send(body);
}

/**
 * The better-auth endpoints the store uses; every other one under /api/auth/* is refused with 404
 * before better-auth sees it. better-auth and its plugins bring many more (the admin plugin's
 * impersonation, bans, role and password changes; session lists; password resets with no mail to
 * send them): powers the store gives no one, or flows the store does not offer. An
 * allow-list, so an endpoint a better-auth upgrade adds stays closed until someone opens it here
 * (docs/decisions/008-auth-endpoints-the-store-uses.md).
 */
const OPEN_ENDPOINTS: Record<string, ReadonlySet<string>> = {
  GET: new Set([
    // The web app's session read (every page) and API clients' check of their token.
    '/api/auth/get-session',
    // Where better-auth sends the browser when a Google / single sign-on attempt fails early.
    '/api/auth/error',
  ]),
  POST: new Set([
    '/api/auth/sign-up/email',
    '/api/auth/sign-in/email',
    // Starts Google or the configured OIDC provider (genericOAuth registers it as a social provider).
    '/api/auth/sign-in/social',
    '/api/auth/sign-out',
    // A signed-in user's own name and photo (contract/accounts.ts AccountChangesInput).
    '/api/auth/update-user',
    // "Forgot password?": the link is mailed (account-messages.ts, then edge/mail/subscribers/account-subscriber.ts), then the new password
    // is set with its token; the account's sessions all end.
    RESET_REQUEST,
    '/api/auth/reset-password',
    // The profile's "Change password": the current one is asked; the other sessions end.
    CHANGE_PASSWORD,
    // Listing and ending sessions go through the store's own /api/account/sessions, which never
    // shows another session's token (better-auth's list-sessions answers every token).
  ]),
};
/** The provider's return: GET, or POST for providers that answer with form_post. */
const PROVIDER_CALLBACK = /^\/api\/auth\/callback\/[A-Za-z0-9_-]{1,64}$/;

/** The mailed confirmation link (REQUIRE_EMAIL_VERIFICATION only): confirms, signs in, goes home. */
const VERIFY_EMAIL = '/api/auth/verify-email';

/** Whether the store uses this better-auth endpoint; `pathname` is the one better-auth will route. */
function isOpenEndpoint(method: string, pathname: string, config: AuthConfig): boolean {
  if (method === 'GET' && pathname === VERIFY_EMAIL) return config.requireEmailVerification;
  return OPEN_ENDPOINTS[method]?.has(pathname) === true || PROVIDER_CALLBACK.test(pathname);
}

/**
 * With REQUIRE_EMAIL_VERIFICATION every successful sign-up gets this one body: better-auth answers
 * a known address with a made-up account (new id, times) and a new one with the real account, and
 * neither may tell which it was.
 */
function sameSignUpAnswer(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length' && key !== 'set-auth-token')
      reply.header(key, value);
  });
  return reply
    .type('application/json; charset=utf-8')
    .send({ status: true, message: SIGN_UP_CONFIRM_MESSAGE });
}

/** JSON text of a parsed body; one nested thousands deep overflows the stack and is refused (400). */
function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (error instanceof RangeError)
      throw new AppError('VALIDATION_FAILED', 'The request body is nested too deeply');
    throw error;
  }
}

function toWebRequest(request: FastifyRequest, url: URL): Request {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // The address better-auth records on a session is the one Fastify resolved, never a header a
  // client wrote (auth.ts CLIENT_ADDRESS_HEADER).
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? bodyText(request.body) : undefined,
  });
}

/**
 * Whether the browser reached the store over HTTPS: the public URL says so, or the request came in
 * over TLS or through a trusted proxy that says it did (X-Forwarded-Proto, honoured per TRUST_PROXY).
 */
function overHttps(request: FastifyRequest, config: AuthConfig): boolean {
  return config.publicUrl?.startsWith('https://') === true || request.protocol === 'https';
}

/** A cookie that also travels over plain HTTP could be read on the way: Secure whenever HTTPS is used. */
function secured(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/**
 * Whether the answer may carry the session token. A browser marks every request it sends with
 * Sec-Fetch-Site, and page scripts can neither drop nor forge that header: anything such a request
 * gets back, an injected script could read too, so a browser's cookie session never sees its token
 * (the HttpOnly cookie is the whole point). API clients (Node's fetch, curl, apps) send no
 * Sec-Fetch-Site and keep receiving the bearer token they ask for. `GET /api/auth/get-session`
 * with a cookie never shows it, whatever the client: only a bearer client already holding it does.
 */
export function mayShowToken(request: FastifyRequest, pathname?: string): boolean {
  if (request.headers['sec-fetch-site'] !== undefined) return false;
  if (pathname === '/api/auth/get-session') return request.headers.authorization !== undefined;
  return true;
}

/** better-auth's answer without the session token: `token` in sign-in/up, `session.token` in get-session. */
function withoutToken(bytes: Buffer): Buffer {
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    return bytes;
  }
  if (typeof body !== 'object' || body === null) return bytes;
  const answer = body as { token?: unknown; session?: { token?: unknown } | null };
  if (typeof answer.token === 'string') answer.token = null;
  if (answer.session && typeof answer.session === 'object' && 'token' in answer.session)
    delete answer.session.token;
  return Buffer.from(JSON.stringify(answer));
}

async function sendWebResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  config: AuthConfig,
  pathname: string,
) {
  reply.status(response.status);
  const showToken = mayShowToken(request, pathname);
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie' || (!showToken && key === 'set-auth-token')) return;
    reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', overHttps(request, config) ? cookies.map(secured) : cookies);
  const bytes = response.body ? Buffer.from(await response.arrayBuffer()) : null;
  // Some refusals come with no body, `null`, or plain text (a disabled path's "Not Found"): the
  // caller still gets the error envelope saying what happened.
  const json = response.headers.get('content-type')?.includes('application/json') === true;
  if (response.status >= 400 && (!json || !bytes?.length || bytes.toString() === 'null')) {
    const body: ErrorEnvelope = {
      error: { code: codeForStatus(response.status), message: messageForStatus(response.status) },
    };
    return reply.removeHeader('content-length').type('application/json; charset=utf-8').send(body);
  }
  if (!showToken && json && bytes?.length)
    return reply.removeHeader('content-length').send(withoutToken(bytes));
  return reply.send(bytes);
}

function messageForStatus(status: number): string {
  if (status === 401) return 'Please log in to continue';
  if (status === 403) return 'You may not do this';
  if (status >= 500) return 'Something went wrong on our side. Please try again.';
  return 'The request could not be completed';
}

/**
 * Mounts better-auth at /api/auth/* and gives the guard (edge/api/access-guard.ts) and the routes
 * `userOf`. The auth
 * endpoints answer in better-auth's own `{ code, message }` shape, which its web client reads;
 * everything else of ours uses the error envelope (docs/decisions/004-accounts-with-better-auth.md).
 */
export async function registerAuth(app: FastifyInstance, auth: Auth, config: AuthConfig) {
  app.decorate('auth', auth);
  app.decorateRequest('user', null);
  const limits = createAuthRateLimiter(app.db, config.rateLimit);

  app.route({
    config: { access: 'public' },
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      // The same URL parsing better-auth does, so `..`, `%2e` or `//` cannot make the path checked
      // here differ from the path it routes.
      const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
      if (!isOpenEndpoint(request.method, url.pathname, config)) {
        const body: ErrorEnvelope = {
          error: {
            code: 'NOT_FOUND',
            message: `No route for ${request.method} ${url.pathname.slice(0, 200)}`,
          },
        };
        return reply.status(404).send(body);
      }
      if (request.method === 'POST' && url.pathname === SIGN_UP) {
        const wait = await limits.signUp(clientKey(request));
        if (wait > 0) return refuseAttempt(reply, wait);
        if (config.requireEmailVerification) {
          const response = await auth.handler(toWebRequest(request, url));
          if (response.status === 200) return sameSignUpAnswer(reply, response);
          return sendWebResponse(request, reply, response, config, url.pathname);
        }
      }
      if (request.method === 'POST' && url.pathname === RESET_REQUEST) {
        const started = Date.now();
        const email = (request.body as { email?: unknown } | undefined)?.email;
        const gate = await limits.passwordReset(
          clientKey(request),
          typeof email === 'string' ? email : undefined,
        );
        if (gate.refused) return refuseAttempt(reply, gate.waitSeconds);
        if (gate.slowDownMs > 0) await sleep(gate.slowDownMs);
        const response = await auth.handler(toWebRequest(request, url));
        const rest = RESET_REQUEST_FLOOR_MS - (Date.now() - started);
        if (rest > 0) await sleep(rest);
        return sendWebResponse(request, reply, response, config, url.pathname);
      }
      if (request.method === 'POST' && url.pathname === CHANGE_PASSWORD) {
        // A wrong current password is a guess like a failed sign-in, from someone holding a session
        // (a borrowed laptop, a stolen cookie): counted against the address the same way.
        const gate = await limits.signIn(clientKey(request), undefined);
        if (gate.refused) return refuseAttempt(reply, gate.waitSeconds);
        const response = await auth.handler(toWebRequest(request, url));
        const wrong =
          response.status === 400 && (await response.clone().text()).includes('"INVALID_PASSWORD"');
        await gate.settle(wrong ? 'failed' : 'unchecked');
        return sendWebResponse(request, reply, response, config, url.pathname);
      }
      if (request.method === 'POST' && url.pathname === SIGN_IN) {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        const gate = await limits.signIn(clientKey(request), typeof email === 'string' ? email : undefined);
        if (gate.refused) return refuseAttempt(reply, gate.waitSeconds);
        if (gate.slowDownMs > 0) await sleep(gate.slowDownMs);
        const response = await auth.handler(toWebRequest(request, url));
        await gate.settle(signInOutcome(response.status));
        return sendWebResponse(request, reply, response, config, url.pathname);
      }
      return sendWebResponse(
        request,
        reply,
        await auth.handler(toWebRequest(request, url)),
        config,
        url.pathname,
      );
    },
  });

  const sessions = createSessionCache<SessionUser>(app.database.changes);
  app.addHook('onClose', async () => sessions.close());
  const loadUser = async (request: FastifyRequest): Promise<SessionUser | null> => {
    // Both headers exactly as sent, since better-auth reads both: an Authorization header it does
    // not take as a bearer token (HTTP Basic from a proxy, a stale token) leaves the cookie to
    // decide, so neither header alone may stand for the person. Other bytes only miss the cache.
    const { authorization, cookie } = request.headers;
    if (!authorization && !cookie) return null;
    const credential = `${authorization ?? ''}\n${cookie ?? ''}`;
    const known = sessions.get(credential);
    if (known) return known;
    return sessions.load(credential, async () => {
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!found) return null;
      const { user, session } = found;
      const value: SessionUser = {
        id: user.id,
        email: user.email.toLowerCase(),
        name: user.name,
        image: user.image ?? null,
        role: roleFromColumn(user.role),
        token: session.token,
      };
      return { value, expiresAt: new Date(session.expiresAt).getTime() };
    });
  };

  /** The signed-in person, loaded once per request (the guard usually has already). */
  const userOf = async (request: FastifyRequest) => {
    if (!request.user) request.user = await loadUser(request);
    return request.user;
  };

  app.decorate('userOf', userOf);
}
