import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_MESSAGE, type ProfileInput } from '../../../contract/accounts';
import { loadConfig } from '../../kernel/config/config';
import { account, profiles, session, user } from '../../kernel/db/schema';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { STRONG_PASSWORD, signIn, signUp, type TestSession, uniqueEmail } from '../../test/sessions';

let t: TestApp;
let adminEmail: string;
let admin: TestSession;
let other: TestSession;

beforeAll(async () => {
  adminEmail = uniqueEmail('admin');
  t = await createTestApp({
    auth: {
      ...testConfig().auth,
      adminEmails: [adminEmail],
      // Many sign-ups and sign-ins come from one test client; the limiter has its own tests below.
      rateLimit: { perIp: 10_000, perAccount: 10_000, windowSeconds: 600, slowDownMs: 0 },
    },
  });
  admin = await signUp(t.app, { email: adminEmail, name: 'Store Admin' });
  other = await signUp(t.app, { name: 'Other Customer' });
});
afterAll(() => t?.close());

type Headers = Record<string, string>;
type Method = 'GET' | 'PUT' | 'POST';

const asCookie = (s: TestSession): Headers => ({ cookie: s.cookie });
const asBearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

const call = (method: Method, url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const authPost = (path: string, payload: object, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/${path}`,
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

const VALID_PROFILE: ProfileInput = {
  education: 'BSc Mechanical Engineering',
  address: '12 Gear Street, Dhaka',
  linkedin: 'https://www.linkedin.com/in/someone',
  phone: '01712345678',
};

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  return row;
}

async function userCount(email?: string) {
  const query = t.database.db.select({ n: count() }).from(user);
  const [row] = await (email ? query.where(eq(user.email, email)) : query);
  return row?.n ?? 0;
}

async function profileRow(userId: string) {
  const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** Every call of this issue that needs a signed-in caller, addressed at `email`'s account. */
const protectedCalls: Record<string, (email: string) => [Method, string, object | undefined]> = {
  'PUT /api/user/:email': (email) => ['PUT', `/api/user/${email}`, { displayName: 'Changed Name' }],
  'GET /api/admin/:email': (email) => ['GET', `/api/admin/${email}`, undefined],
  'GET /api/user': () => ['GET', '/api/user', undefined],
  'PUT /api/user/admin/:email': (email) => ['PUT', `/api/user/admin/${email}`, undefined],
  'GET /api/profile/:email': (email) => ['GET', `/api/profile/${email}`, undefined],
  'PUT /api/profile/:email': (email) => ['PUT', `/api/profile/${email}`, VALID_PROFILE],
};
type Route = keyof typeof protectedCalls;
const routes = Object.keys(protectedCalls) as Route[];

const request = (route: Route, email: string, headers: Headers = {}) => {
  const make = protectedCalls[route];
  if (!make) throw new Error(`unknown route ${route}`);
  const [method, url, payload] = make(email);
  return call(method, url, headers, payload);
};

describe('authorization', () => {
  // Every call names a fresh customer's email in its path; the columns say who makes the call.
  // The admin also acts on that customer's email: the per-account calls are for the owner only.
  const ACTORS = ['anonymous', 'customer', 'other customer', 'admin'] as const;
  // biome-ignore format: the expected statuses read best as an aligned table
  const MATRIX: [Route, number, number, number, number][] = [
    //                             anonymous customer other admin
    ['PUT /api/user/:email',       401,      200,     403,  403],
    ['GET /api/admin/:email',      401,      200,     403,  403],
    ['GET /api/user',              401,      403,     403,  200],
    ['PUT /api/user/admin/:email', 401,      403,     403,  200],
    ['GET /api/profile/:email',    401,      200,     403,  403],
    ['PUT /api/profile/:email',    401,      200,     403,  403],
  ];
  const cells = MATRIX.flatMap(([route, ...statuses]) =>
    ACTORS.map((actor, i) => [route, actor, statuses[i] as number] as const),
  );

  it.each(cells)('%s as %s answers %i', async (route, actor, expected) => {
    const customer = await signUp(t.app, { name: 'Matrix Customer' });
    const caller = { anonymous: undefined, customer, 'other customer': other, admin }[actor];
    const res = await request(route, customer.email, caller ? asCookie(caller) : {});

    expect(res.statusCode, res.body).toBe(expected);
    if (expected === 401) {
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: expect.any(String) } });
    }
    if (expected === 403) {
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
    }
    if (expected !== 200) {
      // A refused call changed nothing about the customer it named.
      const row = await userRow(customer.email);
      expect(row).toMatchObject({ name: 'Matrix Customer', image: null, role: 'user' });
      expect(await profileRow(row?.id ?? '')).toBeUndefined();
    }
  });

  it('GET /api/auth-providers is public', async () => {
    const res = await call('GET', '/api/auth-providers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false, oidc: null });
  });
});

describe('credentials: session cookie and bearer token', () => {
  // An owner of its own, so every call (admin-only ones too) answers 200 and the shared admin stays as is.
  const keyHolder = uniqueEmail('keys');
  let signedIn: TestSession;
  let answeredToken: string;

  beforeAll(async () => {
    await signUp(t.app, { email: keyHolder });
    await t.database.db.update(user).set({ role: 'owner' }).where(eq(user.email, keyHolder));
    signedIn = await signIn(t.app, keyHolder);
    const res = await call('PUT', `/api/user/${keyHolder}`, asCookie(signedIn), {});
    expect(res.statusCode).toBe(200);
    answeredToken = res.json().token;
  });

  const kinds = ['the session cookie', 'the set-auth-token of sign-in', 'the token PUT /api/user answered'];
  const credentialFor = (kind: string): Headers => {
    if (kind === 'the session cookie') return asCookie(signedIn);
    if (kind === 'the set-auth-token of sign-in') return asBearer(signedIn.token);
    return asBearer(answeredToken);
  };

  it('sign-in hands out a bearer token and PUT /api/user answers one', () => {
    expect(signedIn.token).not.toBe('');
    expect(answeredToken).toEqual(expect.any(String));
    expect(answeredToken).not.toBe('');
  });

  it.each(routes.flatMap((route) => kinds.map((kind) => [route, kind] as const)))(
    '%s accepts %s',
    async (route, kind) => {
      const res = await request(route, keyHolder, credentialFor(kind));
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  const garbage = [
    ['a made-up token', () => 'not-a-real-token'],
    ['a real token with a forged signature', () => `${signedIn.token.split('.')[0]}.Zm9yZ2VkLXNpZ25hdHVyZQ`],
    ['an empty bearer', () => ''],
  ] as const;

  it.each(routes.flatMap((route) => garbage.map(([label, token]) => [route, label, token] as const)))(
    '%s refuses %s with 401',
    async (route, _label, token) => {
      const res = await request(route, keyHolder, asBearer(token()));
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    },
  );
});

describe('POST /api/auth/sign-out', () => {
  it('ends the session on the server: the old cookie and the old bearer token get 401', async () => {
    const s = await signUp(t.app);
    const url = `/api/admin/${s.email}`;
    expect((await call('GET', url, asCookie(s))).statusCode).toBe(200);
    expect((await call('GET', url, asBearer(s.token))).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: s.cookie, origin: 'http://localhost' },
      payload: {},
    });
    expect(out.statusCode, out.body).toBe(200);

    for (const route of routes) {
      expect((await request(route, s.email, asCookie(s))).statusCode).toBe(401);
      expect((await request(route, s.email, asBearer(s.token))).statusCode).toBe(401);
    }
    const rawToken = s.token.split('.')[0] ?? '';
    const rows = await t.database.db.select().from(session).where(eq(session.token, rawToken));
    expect(rows).toEqual([]);
  });
});

describe('emails are case-insensitive', () => {
  it('stores a mixed-case sign-up lower-case and accepts any casing afterwards', async () => {
    const tag = uniqueEmail('case').replace(/@.*/, '');
    const typed = `Mixed.Case.${tag}@Example.com`;
    const stored = typed.toLowerCase();
    const s = await signUp(t.app, { email: typed });

    expect((await userRow(stored))?.email).toBe(stored);
    expect(await userCount(typed)).toBe(0);

    const shouted = `MIXED.CASE.${tag.toUpperCase()}@example.com`;
    const admin = await call('GET', `/api/admin/${shouted}`, asCookie(s));
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toEqual({ admin: false, role: 'customer' });
    const profile = await call('GET', `/api/profile/${shouted}`, asCookie(s));
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(stored);

    const again = await signIn(t.app, `mixed.CASE.${tag}@EXAMPLE.COM`);
    expect((await call('GET', `/api/admin/${stored}`, asBearer(again.token))).statusCode).toBe(200);

    // The same address in another case is the same account, not a second one.
    const duplicate = await authPost('sign-up/email', {
      email: shouted,
      name: 'Twin',
      password: STRONG_PASSWORD,
    });
    expect(duplicate.statusCode).toBe(422);
    expect(await userCount(stored)).toBe(1);
  });
});

describe('sign-up validation', () => {
  const base = () => ({ email: uniqueEmail('signup'), name: 'New Customer', password: STRONG_PASSWORD });
  const cases: [string, (body: Record<string, unknown>) => void, string][] = [
    ['a missing email', (b) => delete b.email, 'Email is Required'],
    ['an empty email', (b) => (b.email = ''), 'Email is Required'],
    ['a blank email', (b) => (b.email = '   '), 'Email is Required'],
    ['an email without @', (b) => (b.email = 'not-an-email'), 'Provide a valid Email'],
    ['an email without a domain ending', (b) => (b.email = 'someone@example'), 'Provide a valid Email'],
    ['a missing password', (b) => delete b.password, 'Password is Required'],
    ['an empty password', (b) => (b.password = ''), 'Password is Required'],
    ['password abcdef', (b) => (b.password = 'abcdef'), PASSWORD_MESSAGE],
    ['password 123456', (b) => (b.password = '123456'), PASSWORD_MESSAGE],
    ['password abc123', (b) => (b.password = 'abc123'), PASSWORD_MESSAGE],
    ['password ab#1', (b) => (b.password = 'ab#1'), PASSWORD_MESSAGE],
    ['password abcde#', (b) => (b.password = 'abcde#'), PASSWORD_MESSAGE],
    ['password 12345#', (b) => (b.password = '12345#'), PASSWORD_MESSAGE],
    ['a missing name', (b) => delete b.name, 'Name is Required'],
    ['an empty name', (b) => (b.name = ''), 'Name is Required'],
    ['a blank name', (b) => (b.name = '   '), 'Name is Required'],
  ];

  it.each(cases)(
    'refuses %s with 400 and the spec message, creating no user',
    async (_label, edit, message) => {
      const body: Record<string, unknown> = base();
      edit(body);
      const before = await userCount();

      const res = await authPost('sign-up/email', body);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await userCount()).toBe(before);
    },
  );

  it('accepts the valid form of the same body', async () => {
    const body = base();
    expect((await authPost('sign-up/email', body)).statusCode).toBe(200);
    expect(await userCount(body.email)).toBe(1);
  });

  it('never makes an admin from a role sent with the sign-up', async () => {
    const email = uniqueEmail('sneaky');
    const res = await authPost('sign-up/email', {
      email,
      name: 'Sneaky',
      password: STRONG_PASSWORD,
      role: 'admin',
    });
    // better-auth refuses the field outright (FIELD_NOT_ALLOWED); the rule is only that no admin results.
    expect(res.statusCode).toBeLessThan(500);
    expect((await userRow(email))?.role ?? 'no account').not.toBe('admin');
  });
});

describe('sign-in', () => {
  let known: TestSession;
  beforeAll(async () => {
    known = await signUp(t.app, { name: 'Known Customer' });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['a missing email', { password: STRONG_PASSWORD }, 'Email is Required'],
    ['an empty email', { email: '', password: STRONG_PASSWORD }, 'Email is Required'],
    ['an invalid email', { email: 'not-an-email', password: STRONG_PASSWORD }, 'Provide a valid Email'],
    ['a missing password', { email: 'someone@example.com' }, 'Password is Required'],
    ['an empty password', { email: 'someone@example.com', password: '' }, 'Password is Required'],
    ['a weak password', { email: 'someone@example.com', password: 'abc123' }, PASSWORD_MESSAGE],
  ];

  it.each(cases)('refuses %s with 400 and the spec message', async (_label, body, message) => {
    const [before] = await t.database.db.select({ n: count() }).from(session);
    const res = await authPost('sign-in/email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    const [after] = await t.database.db.select({ n: count() }).from(session);
    expect(after?.n).toBe(before?.n);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const wrong = await authPost('sign-in/email', { email: known.email, password: 'Wrong#pass1' });
    const unknown = await authPost('sign-in/email', {
      email: uniqueEmail('nobody'),
      password: 'Wrong#pass1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(wrong.headers['set-auth-token']).toBeUndefined();
  });

  it('stores the password hashed', async () => {
    const row = await userRow(known.email);
    const [stored] = await t.database.db
      .select()
      .from(account)
      .where(eq(account.userId, row?.id ?? ''));
    expect(stored?.providerId).toBe('credential');
    expect(stored?.password).toEqual(expect.any(String));
    expect(stored?.password).not.toContain(STRONG_PASSWORD);
    expect(stored?.password?.length).toBeGreaterThan(STRONG_PASSWORD.length * 2);
  });
});

describe('PUT /api/user/:email', () => {
  const listed = async (email: string) => {
    const res = await call('GET', '/api/user', asCookie(admin));
    expect(res.statusCode).toBe(200);
    return (res.json() as Record<string, unknown>[]).find((entry) => entry.email === email);
  };

  it('records the display name and photo, and answers a token usable as a bearer token', async () => {
    const s = await signUp(t.app, { name: 'Before' });
    const res = await call('PUT', `/api/user/${s.email}`, asCookie(s), {
      email: s.email,
      displayName: 'After Name',
      photoURL: 'https://images.example.com/me.png',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(Object.keys(res.json())).toEqual(['token']);

    expect(await listed(s.email)).toEqual({
      email: s.email,
      displayName: 'After Name',
      photoURL: 'https://images.example.com/me.png',
    });
    const check = await call('GET', `/api/admin/${s.email}`, asBearer(token));
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ admin: false, role: 'customer' });

    // An empty photoURL clears the photo; a missing displayName keeps the name.
    expect((await call('PUT', `/api/user/${s.email}`, asBearer(token), { photoURL: '' })).statusCode).toBe(
      200,
    );
    expect(await listed(s.email)).toEqual({ email: s.email, displayName: 'After Name', photoURL: null });
  });

  it('ignores a role and another email in the body', async () => {
    const s = await signUp(t.app, { name: 'Plain' });
    const victim = await signUp(t.app, { name: 'Victim' });
    const res = await call('PUT', `/api/user/${s.email}`, asCookie(s), {
      email: victim.email,
      role: 'admin',
      displayName: 'Renamed',
    });
    expect(res.statusCode).toBe(200);

    expect(await userRow(s.email)).toMatchObject({ name: 'Renamed', role: 'user', email: s.email });
    expect(await userRow(victim.email)).toMatchObject({ name: 'Victim', role: 'user', email: victim.email });
    expect((await call('GET', `/api/admin/${s.email}`, asCookie(s))).json()).toEqual({
      admin: false,
      role: 'customer',
    });
    expect((await call('GET', '/api/user', asCookie(s))).statusCode).toBe(403);
  });

  it('refuses an invalid photo URL with 400', async () => {
    const s = await signUp(t.app);
    const res = await call('PUT', `/api/user/${s.email}`, asCookie(s), { photoURL: 'not a url' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await userRow(s.email))?.image).toBeNull();
  });

  it('does not let better-auth update-user set a role either', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { ...asBearer(s.token), origin: 'http://localhost' },
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect((await userRow(s.email))?.role).toBe('user');
  });
});

describe('GET /api/admin/:email', () => {
  it('answers false for a customer and true for an admin', async () => {
    const s = await signUp(t.app);
    expect((await call('GET', `/api/admin/${s.email}`, asCookie(s))).json()).toEqual({
      admin: false,
      role: 'customer',
    });
    expect((await call('GET', `/api/admin/${adminEmail}`, asCookie(admin))).json()).toEqual({
      admin: true,
      role: 'owner',
    });
  });
});

describe('GET /api/user', () => {
  it('lists every user with role admin only for admins, and no role key otherwise', async () => {
    const s = await signUp(t.app, { name: 'Listed Customer' });
    const res = await call('GET', '/api/user', asCookie(admin));
    expect(res.statusCode).toBe(200);
    const entries = res.json() as Record<string, unknown>[];

    const mine = entries.find((e) => e.email === s.email);
    expect(mine).toEqual({ photoURL: null, displayName: 'Listed Customer', email: s.email });
    expect(mine && 'role' in mine).toBe(false);
    const boss = entries.find((e) => e.email === adminEmail);
    expect(boss).toEqual({ photoURL: null, displayName: 'Store Admin', email: adminEmail, role: 'admin' });

    expect(entries.length).toBe(await userCount());
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(
        entry.role === undefined
          ? ['displayName', 'email', 'photoURL']
          : ['displayName', 'email', 'photoURL', 'role'],
      );
      if ('role' in entry) expect(entry.role).toBe('admin');
    }
  });
});

describe('PUT /api/user/admin/:email', () => {
  it('promotes a user to manager, an admin at once in the same session; again changes nothing', async () => {
    const s = await signUp(t.app);
    const res = await call('PUT', `/api/user/admin/${s.email}`, asCookie(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });

    const manager = { admin: true, role: 'manager' };
    expect((await call('GET', `/api/admin/${s.email}`, asCookie(s))).json()).toEqual(manager);
    expect((await call('GET', `/api/admin/${s.email}`, asBearer(s.token))).json()).toEqual(manager);
    const list = await call('GET', '/api/user', asCookie(s));
    expect(list.statusCode).toBe(200);
    expect((list.json() as { email: string; role?: string }[]).find((e) => e.email === s.email)?.role).toBe(
      'admin',
    );

    const again = await call('PUT', `/api/user/admin/${s.email}`, asCookie(admin));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('finds the user whatever the casing of the email', async () => {
    const s = await signUp(t.app);
    const res = await call('PUT', `/api/user/admin/${s.email.toUpperCase()}`, asCookie(admin));
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await userRow(s.email))?.role).toBe('manager');
  });

  it('answers 404 in the error envelope for an unknown email', async () => {
    const res = await call('PUT', `/api/user/admin/${uniqueEmail('ghost')}`, asCookie(admin));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'User was not found' } });
  });

  it('answers 403 in the error envelope to a customer, promoting nobody', async () => {
    const s = await signUp(t.app);
    const target = await signUp(t.app);
    for (const email of [s.email, target.email]) {
      const res = await call('PUT', `/api/user/admin/${email}`, asCookie(s));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: expect.any(String) } });
      expect((await userRow(email))?.role).toBe('user');
    }
  });
});

describe('profile', () => {
  const getProfile = (s: TestSession) => call('GET', `/api/profile/${s.email}`, asCookie(s));
  const putProfile = (s: TestSession, body: object) =>
    call('PUT', `/api/profile/${s.email}`, asCookie(s), body);

  it('answers empty fields with the email before anything is saved', async () => {
    const s = await signUp(t.app);
    const res = await getProfile(s);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: s.email, education: '', address: '', linkedin: '', phone: '' });
  });

  it('saves, answers it back, and updates on a second save', async () => {
    const s = await signUp(t.app);
    const first = await putProfile(s, VALID_PROFILE);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect((await getProfile(s)).json()).toEqual({ email: s.email, ...VALID_PROFILE });

    const changed = { ...VALID_PROFILE, address: '7 Piston Road, Chattogram', phone: '01898765432' };
    const second = await putProfile(s, changed);
    expect(second.json()).toEqual({ modifiedCount: 1 });
    expect((await getProfile(s)).json()).toEqual({ email: s.email, ...changed });

    const row = await userRow(s.email);
    const rows = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, row?.id ?? ''));
    expect(rows).toHaveLength(1);
  });

  const PHONE_MESSAGE = 'Phone number must be 11 digits containing number (0-9). it starts with 01';
  const invalid: [string, keyof ProfileInput, Partial<Record<keyof ProfileInput, unknown>>, string][] = [
    ['missing education', 'education', { education: undefined }, 'Education status is Required'],
    ['blank education', 'education', { education: '  ' }, 'Education status is Required'],
    ['missing address', 'address', { address: undefined }, 'Write your Location correctly'],
    ['empty address', 'address', { address: '' }, 'Write your Location correctly'],
    ['missing linkedin', 'linkedin', { linkedin: undefined }, 'LinkedIn profile is required'],
    ['empty linkedin', 'linkedin', { linkedin: '' }, 'LinkedIn profile is required'],
    ['missing phone', 'phone', { phone: undefined }, 'Phone number is Required'],
    ['empty phone', 'phone', { phone: '' }, 'Phone number is Required'],
    ['phone 1234', 'phone', { phone: '1234' }, PHONE_MESSAGE],
    ['phone 02123456789', 'phone', { phone: '02123456789' }, PHONE_MESSAGE],
    ['phone 0123456789a', 'phone', { phone: '0123456789a' }, PHONE_MESSAGE],
    ['phone 012345678901', 'phone', { phone: '012345678901' }, PHONE_MESSAGE],
  ];

  it.each(invalid)(
    'refuses %s with 400 and the message on that field, saving nothing',
    async (_l, field, edit, msg) => {
      const body = JSON.parse(JSON.stringify({ ...VALID_PROFILE, ...edit }));
      const fresh = await signUp(t.app);
      const saved = await signUp(t.app);
      expect((await putProfile(saved, VALID_PROFILE)).statusCode).toBe(200);

      for (const s of [fresh, saved]) {
        const res = await putProfile(s, body);
        expect(res.statusCode).toBe(400);
        const { error } = res.json();
        expect(error.code).toBe('VALIDATION_FAILED');
        expect(error.issues).toContainEqual({ path: field, message: msg });
      }
      expect(await profileRow((await userRow(fresh.email))?.id ?? '')).toBeUndefined();
      expect((await getProfile(saved)).json()).toEqual({ email: saved.email, ...VALID_PROFILE });
    },
  );
});

describe('ADMIN_EMAILS', () => {
  it('makes an account with a listed email an admin at sign-up, whatever the casing', async () => {
    const tag = uniqueEmail('boss').replace(/@.*/, '');
    const listedAs = `Boss.${tag}@Example.com`;
    const adminEmails = loadConfig({ ADMIN_EMAILS: ` ${listedAs} , someone-else@example.com` }).auth
      .adminEmails;
    const app = await createTestApp({ auth: { ...testConfig().auth, adminEmails } });
    try {
      const boss = await signUp(app.app, { email: `BOSS.${tag.toUpperCase()}@example.COM` });
      const customer = await signUp(app.app);
      const ask = (s: TestSession) =>
        app.app.inject({ method: 'GET', url: `/api/admin/${s.email}`, headers: asCookie(s) });

      expect(boss.email).toBe(listedAs.toLowerCase());
      expect((await ask(boss)).json()).toEqual({ admin: true, role: 'owner' });
      expect((await ask(customer)).json()).toEqual({ admin: false, role: 'customer' });
      const list = await app.app.inject({ method: 'GET', url: '/api/user', headers: asCookie(boss) });
      expect(list.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

// Sign-in and sign-up limits: src/server/security/limits.test.ts.

describe('logs', () => {
  it('never contain a password', async () => {
    const lines: string[] = [];
    const consoleCalls: unknown[][] = [];
    const spies = (['log', 'info', 'warn', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        consoleCalls.push(args);
      }),
    );
    const app = await createTestApp({
      logLevel: 'trace',
      logStream: { write: (line) => void lines.push(line) },
    });
    const good = 'Secret#Good42';
    const wrong = 'Secret#Wrong42';
    const weak = 'secretweak';
    try {
      const email = uniqueEmail('logged');
      const post = (path: string, payload: object | string) =>
        app.app.inject({
          method: 'POST',
          url: `/api/auth/${path}`,
          payload,
          headers: { 'content-type': 'application/json' },
        });
      expect((await post('sign-up/email', { email, name: 'Logged', password: good })).statusCode).toBe(200);
      expect((await post('sign-in/email', { email, password: good })).statusCode).toBe(200);
      expect((await post('sign-in/email', { email, password: wrong })).statusCode).toBe(401);
      expect((await post('sign-up/email', { email: 'bad', name: 'X', password: wrong })).statusCode).toBe(
        400,
      );
      expect(
        (await post('sign-up/email', { email: uniqueEmail(), name: 'X', password: weak })).statusCode,
      ).toBe(400);
      expect((await post('sign-in/email', `{"email":"${email}","password":"${good}"`)).statusCode).toBe(400);
    } finally {
      await app.close();
      for (const spy of spies) spy.mockRestore();
    }

    const logged = lines.join('') + JSON.stringify(consoleCalls);
    expect(logged).toContain('/api/auth/sign-in/email'); // the capture does see the requests
    for (const password of [good, wrong, weak]) {
      expect(logged).not.toContain(password);
      expect(logged).not.toContain(encodeURIComponent(password));
    }
  });
});
