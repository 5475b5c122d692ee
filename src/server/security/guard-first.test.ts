import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../contract/errors';
import { may } from '../../contract/roles';
import { createTestApp, type TestApp, testConfig } from '../test/harness';
import { collectRoutes } from '../test/registered-routes';
import { signUp, type TestSession, uniqueEmail } from '../test/sessions';

/**
 * Authorization before validation: every guarded route the store registers, called with a body,
 * params and query it would refuse, answers 401 to nobody signed in and 403 to an account whose
 * role lacks the route's permission. Validation answering first (400, naming the fields a body
 * needs) would describe an admin route to anyone; the guard runs before the body is even read.
 */

let t: TestApp;
let routes: string[];
let customer: TestSession;
let staff: TestSession;

beforeAll(async () => {
  const staffEmail = uniqueEmail('guard-staff');
  const built = await collectRoutes(() =>
    createTestApp({ auth: { ...testConfig().auth, adminEmails: [uniqueEmail('guard-owner')] } }),
  );
  t = built.built;
  routes = built.routes;
  customer = await signUp(t.app, { name: 'Guard Customer' });
  staff = await signUp(t.app, { email: staffEmail, name: 'Guard Staff' });
  await t.app.db.execute(
    // The owner's role control is itself a guarded route; the test's staff member is set directly.
    (await import('drizzle-orm')).sql`update "user" set role = 'staff' where email = ${staffEmail}`,
  );
});
afterAll(() => t?.close());

/**
 * Params no id is (`-x-`: not a number, not a UUID) and a query every route with one refuses. A
 * param past the router's length is refused before any route is found (414), for everyone alike.
 */
const badUrl = (url: string) =>
  `${url.replace(/:[A-Za-z]+/g, '-x-').replace(/\*$/, 'x')}?status=no-such-status&page=-3&from=someday&kind=?`;

/** A body no route accepts: one that does not parse, and one that parses to the wrong shape. */
const BAD_BODIES = [
  { payload: '{"lines": [', type: 'application/json' },
  { payload: JSON.stringify({ unexpected: ['x'.repeat(5000)], price: 'free' }), type: 'application/json' },
];

interface Refusal {
  route: string;
  caller: string;
  got: string;
}

async function refusals(
  caller: 'anonymous' | 'customer' | 'staff',
): Promise<{ refusals: Refusal[]; calls: number }> {
  const session = caller === 'customer' ? customer : caller === 'staff' ? staff : undefined;
  const role = caller === 'anonymous' ? undefined : caller;
  const wrong: Refusal[] = [];
  let calls = 0;
  const declared = t.app.routeAccess();
  for (const route of routes) {
    const [method = '', url = ''] = route.split(' ');
    const access = declared.get(route);
    if (access === undefined || access === 'public') continue;
    // A signed-in caller may call `signedIn` routes, and those of their role: the route decides.
    if (role && (access === 'signedIn' || may(role, access))) continue;
    const expected = role ? 403 : 401;
    const code = role ? 'FORBIDDEN' : 'UNAUTHENTICATED';
    const bodies = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? [undefined] : BAD_BODIES;
    for (const body of bodies) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: badUrl(url),
        headers: {
          ...(session ? { authorization: `Bearer ${session.token}` } : {}),
          ...(body ? { 'content-type': body.type } : {}),
          'idempotency-key': 'x',
        },
        ...(body ? { payload: body.payload } : {}),
      });
      calls += 1;
      const envelope = ErrorEnvelope.safeParse(res.body ? JSON.parse(res.body) : null);
      const gotCode = envelope.success ? envelope.data.error.code : 'no envelope';
      if (res.statusCode !== expected || gotCode !== code)
        wrong.push({ route, caller, got: `${res.statusCode} ${gotCode} ${res.body.slice(0, 100)}` });
    }
  }
  return { refusals: wrong, calls };
}

describe('a guarded route called with a body, params and query it would refuse', () => {
  it('answers 401 to nobody signed in, on every route that needs an account', async () => {
    const { refusals: wrong, calls } = await refusals('anonymous');
    expect(wrong).toEqual([]);
    // Every admin route and every customer route is in the walk.
    expect(calls).toBeGreaterThan(100);
  });

  it('answers 403 to a customer on every staff route', async () => {
    const { refusals: wrong, calls } = await refusals('customer');
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(80);
  });

  it('answers 403 to staff on every route beyond their role', async () => {
    const { refusals: wrong, calls } = await refusals('staff');
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(40);
  });

  it('still validates for whoever may call the route', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/not-a-product',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      payload: '{"quantity": ',
    });
    expect(res.statusCode).toBe(400);
  });
});
