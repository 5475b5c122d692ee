import type { FastifyInstance } from 'fastify';

export interface TestSession {
  email: string;
  name: string;
  /** `cookie` header value carrying the session, as a browser would send it. */
  cookie: string;
  /** The bearer token better-auth hands out with the session. */
  token: string;
}

export const STRONG_PASSWORD = 'Spanner#42';
let counter = 0;

/** A unique email per call, so test files never collide on a shared PostgreSQL. */
export const uniqueEmail = (prefix = 'customer') =>
  `${prefix}${++counter}x${Date.now().toString(36)}@example.com`;

function sessionFrom(
  res: Awaited<ReturnType<FastifyInstance['inject']>>,
  email: string,
  name: string,
): TestSession {
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const setCookie = res.headers['set-cookie'];
  const cookies = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = String(res.headers['set-auth-token'] ?? '');
  return { email, name, cookie: cookies, token };
}

/** Signs up through the real better-auth endpoint and returns the session it opened. */
export async function signUp(
  app: FastifyInstance,
  { email = uniqueEmail(), name = 'Test Customer', password = STRONG_PASSWORD } = {},
): Promise<TestSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name, password },
    remoteAddress: `10.1.${counter % 250}.${(counter * 7) % 250}`,
  });
  return sessionFrom(res, email.toLowerCase(), name);
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = STRONG_PASSWORD,
): Promise<TestSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email, password },
  });
  return sessionFrom(res, email.toLowerCase(), '');
}
