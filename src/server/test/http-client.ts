import { STRONG_PASSWORD, type TestSession, uniqueEmail } from './sessions';

/**
 * Real HTTP calls to a store process (see server-process.ts), as a browser or an API client makes
 * them: the session travels as the cookie better-auth set, or as its bearer token.
 */

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: unknown;
}

/** How a signed-in call proves who it is: the browser's cookie or an API client's bearer token. */
export type Credential = 'cookie' | 'bearer';

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  { session, via = 'cookie', json }: { session?: TestSession; via?: Credential; json?: unknown } = {},
): Promise<HttpAnswer> {
  // Node's fetch sends Sec-Fetch-Mode like a browser, so the store expects what a browser on its own
  // page sends with it: the page's origin.
  // One connection per call: a kept-alive socket the store closes as idle just when the next call
  // goes out on it answers ECONNRESET, which a loaded machine makes likely (the client's idle timer
  // fires late). No test here is about connection reuse.
  const headers: Record<string, string> = { origin: baseUrl, connection: 'close' };
  if (session && via === 'cookie') headers.cookie = session.cookie;
  if (session && via === 'bearer') headers.authorization = `Bearer ${session.token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body };
}

function sessionFrom(answer: HttpAnswer, email: string, name: string): TestSession {
  if (answer.status !== 200)
    throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = answer.headers.get('set-auth-token') ?? '';
  if (!cookie || !token) throw new Error('sign-in answered 200 without a session cookie and token');
  return { email, name, cookie, token };
}

/** Signs up through better-auth's real endpoint and returns the session it opened. */
export async function signUpOverHttp(
  baseUrl: string,
  { email = uniqueEmail(), name = 'Test Customer', password = STRONG_PASSWORD } = {},
): Promise<TestSession> {
  const answer = await call(baseUrl, 'POST', '/api/auth/sign-up/email', { json: { email, name, password } });
  return sessionFrom(answer, email.toLowerCase(), name);
}

export async function signInOverHttp(
  baseUrl: string,
  email: string,
  password = STRONG_PASSWORD,
): Promise<TestSession> {
  const answer = await call(baseUrl, 'POST', '/api/auth/sign-in/email', { json: { email, password } });
  return sessionFrom(answer, email.toLowerCase(), '');
}

/** A product an admin adds through POST /api/tool; resolves with its id. */
export async function addProductOverHttp(
  baseUrl: string,
  admin: TestSession,
  {
    name,
    availableQuantity,
    minimumOrderQuantity = 1,
    price = 24.75,
  }: {
    name: string;
    availableQuantity: number;
    minimumOrderQuantity?: number;
    price?: number;
  },
): Promise<string> {
  const answer = await call(baseUrl, 'POST', '/api/tool', {
    session: admin,
    via: 'bearer',
    json: {
      name,
      price,
      available_quantity: availableQuantity,
      minimum_order_quantity: minimumOrderQuantity,
      description: ['Made for the reliability checks.'],
      image: '/images/tools/torque-wrench.svg',
    },
  });
  if (answer.status !== 201)
    throw new Error(`adding a tool failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body as { insertedId: string }).insertedId;
}
