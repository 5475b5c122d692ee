import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../contract/errors';
import {
  accessRequests,
  authEndpointRequests,
  type MatrixRequest,
  needsSample,
  requestFor,
} from '../test/access-requests';
import {
  type Access,
  ALLOWED_ANSWER,
  accessTableOf,
  authEndpointTable,
  type Outcome,
  OWN_THINGS,
  type Role,
} from '../test/access-table';
import { type AccessWorld, createAccessWorld } from '../test/access-world';
import { STRONG_PASSWORD } from '../test/sessions';

/**
 * The authorization matrix: every route the app registers (collected from Fastify itself), called
 * as every role, each answer checked against the access the route declares in its own options
 * (`config.access`, read back from the app's `routeAccess()` through src/server/test/access-table.ts).
 * Signed-in roles are tried with the session cookie (as the web app sends it) and with
 * `Authorization: Bearer` (as the spec's API clients do); every GET of ours is tried as HEAD too.
 */

type Via = 'none' | 'cookie' | 'bearer';
interface Caller {
  role: Role;
  via: Via;
}

const CALLERS: Caller[] = [
  { role: 'anonymous', via: 'none' },
  { role: 'customer', via: 'cookie' },
  { role: 'customer', via: 'bearer' },
  { role: 'other', via: 'cookie' },
  { role: 'other', via: 'bearer' },
  { role: 'staff', via: 'cookie' },
  { role: 'manager', via: 'bearer' },
  { role: 'owner', via: 'cookie' },
  { role: 'owner', via: 'bearer' },
];

const REFUSAL_CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

let world: AccessWorld;
let accessTable: Record<string, Access>;
beforeAll(async () => {
  world = await createAccessWorld();
  accessTable = accessTableOf(world.access);
});
afterAll(() => world?.close());

function sessionHeaders(caller: Caller, method: string): Record<string, string> {
  if (caller.role === 'anonymous') return {};
  const account = world[caller.role];
  if (caller.via === 'bearer') return { authorization: `Bearer ${account.token}` };
  // A browser names the page's origin on every change; better-auth refuses cookie POSTs without one.
  return method === 'GET' || method === 'HEAD'
    ? { cookie: account.cookie }
    : { cookie: account.cookie, origin: 'http://localhost:80' };
}

/** Why an answer is not the expected outcome; undefined when it is. */
function mismatch(expected: Outcome, status: number, body: string, checkCode: boolean): string | undefined {
  if (expected === 'ok') return status >= 200 && status < 400 ? undefined : `${status}`;
  if (status !== expected) return `${status}`;
  if (!checkCode || !body) return undefined;
  const parsed = ErrorEnvelope.safeParse(JSON.parse(body));
  const code = parsed.success ? parsed.data.error.code : 'no error envelope';
  return code === REFUSAL_CODES[expected] ? undefined : `${status} ${code}`;
}

interface Unexpected {
  call: string;
  caller: string;
  expected: string;
  got: string;
  answer: string;
}

/** Calls each route as each caller (and each GET as HEAD too), returning what did not match. */
async function runMatrix(
  table: Record<string, Access>,
  requestOf: (key: string) => ((w: AccessWorld) => MatrixRequest | Promise<MatrixRequest>) | undefined,
): Promise<{ unexpected: Unexpected[]; calls: number }> {
  const unexpected: Unexpected[] = [];
  let calls = 0;
  for (const [key, access] of Object.entries(table)) {
    const build = requestOf(key);
    if (!build) throw new Error(`no request for ${key}`);
    for (const caller of CALLERS) {
      // better-auth routes GET and POST only (it answers HEAD with 404), so its routes skip HEAD.
      const headToo = key.startsWith('GET ') && !key.startsWith('GET /api/auth/');
      const methods = headToo ? ['GET', 'HEAD'] : [key.split(' ')[0] ?? ''];
      for (const method of methods) {
        const { stripe, ...request } = await build(world);
        const app = stripe ? world.stripeApp : world.app;
        const res = await app.inject({
          ...request,
          method: method as MatrixRequest['method'],
          headers: { ...(request.headers as Record<string, string>), ...sessionHeaders(caller, method) },
        });
        calls += 1;
        const expected = access[caller.role];
        // better-auth answers in its own shape (docs/decisions/004); a HEAD answer has no body. Its
        // endpoints the store does not use are refused by us, in our envelope (docs/decisions/008).
        const checkCode = method !== 'HEAD' && (!request.url.startsWith('/api/auth/') || expected === 404);
        const got = mismatch(expected, res.statusCode, res.body, checkCode);
        if (got !== undefined) {
          unexpected.push({
            call: `${method} ${request.url.slice(0, 70)}`,
            caller: `${caller.role} (${caller.via})`,
            expected: String(expected),
            got,
            answer: res.body.slice(0, 120).replace(/\s+/g, ' '),
          });
        }
      }
    }
  }
  return { unexpected, calls };
}

/** The unexpected outcomes as an aligned table, for the failure message. */
function formatUnexpected(rows: Unexpected[]): string {
  if (!rows.length) return '';
  const columns: Array<keyof Unexpected> = ['call', 'caller', 'expected', 'got', 'answer'];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ');
  return [line(columns), ...rows.map((r) => line(columns.map((c) => r[c])))].join('\n');
}

describe('the access the routes declare and the routes the app registers', () => {
  it('has a declaration for every registered route', () => {
    // The store would not have started otherwise (edge/api/access-guard.ts); Fastify's own list is
    // compared with the app's, so a route the collector missed fails here.
    expect(world.routes.filter((route) => !world.access.has(route))).toEqual([]);
    expect([...world.access.keys()].filter((key) => !world.routes.includes(key))).toEqual([]);
  });

  it('names no route the app does not register in its samples and expectations', () => {
    const named = [
      ...Object.keys(accessRequests),
      ...Object.keys(OWN_THINGS),
      ...Object.keys(ALLOWED_ANSWER),
    ];
    expect(named.filter((key) => !world.access.has(key))).toEqual([]);
  });

  it('has a realistic request for every route that needs more than its address', () => {
    expect(Object.keys(accessTable).filter((key) => requestFor(key) === undefined)).toEqual([]);
    expect(Object.keys(authEndpointTable).filter((key) => !(key in authEndpointRequests))).toEqual([]);
    // What needs a sample: a route with params or a body; a GET or DELETE of a fixed address does not.
    expect(['POST /api/review', 'GET /api/order/:id', 'GET /*'].map(needsSample)).toEqual([true, true, true]);
    expect(['GET /api/store', 'DELETE /api/cart'].map(needsSample)).toEqual([false, false]);
  });
});

describe('every route called as every role', () => {
  it('answers exactly as the access table says', async () => {
    const { unexpected, calls } = await runMatrix(accessTable, requestFor);
    expect(formatUnexpected(unexpected)).toBe('');
    expect(calls).toBeGreaterThanOrEqual(Object.keys(accessTable).length * CALLERS.length);
    // About 1,100 calls, each a real request; it waits for answers, never for time.
  }, 180_000);

  it("better-auth's account and admin endpoints behind /api/auth/* answer as the table says", async () => {
    const { unexpected } = await runMatrix(authEndpointTable, (key) =>
      key in authEndpointRequests
        ? authEndpointRequests[key as keyof typeof authEndpointRequests]
        : undefined,
    );
    expect(formatUnexpected(unexpected)).toBe('');
    // Every refused call named the bystander: it is still there, unbanned, with its name and password
    // (its role is the store's own promotion's business: PUT /api/user/admin/:email above).
    const res = await world.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: world.bystander.email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Matrix Bystander', banned: false });
  });
});
