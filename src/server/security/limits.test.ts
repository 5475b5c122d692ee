import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, user } from '../kernel/db/schema';
import { instancesOnOneDatabase, type StoreApp, testConfig } from '../test/harness';
import { STRONG_PASSWORD, signUp, type TestSession, uniqueEmail } from '../test/sessions';

/**
 * The store's limits as an attacker meets them (docs/reliability.md, "Attacks"): kept in the
 * database, so two app instances on one database (here in one process, on PGlite or PostgreSQL
 * alike) enforce one limit, and keyed by who is asking rather than by the bytes of a header.
 */
type App = StoreApp;

const limitsConfig = (perIp: number, perAccount: number, slowDownMs = 0) => {
  const base = testConfig();
  return testConfig({
    auth: { ...base.auth, rateLimit: { perIp, perAccount, windowSeconds: 600, slowDownMs } },
    rateLimits: {
      ordersPerMinute: 3,
      cartWritesPerMinute: 3,
      reviewsPerMinute: 3,
      contactPerMinute: 3,
      notFoundPerMinute: 3,
      catalogSearchPerMinute: 3,
    },
  });
};

const store = instancesOnOneDatabase();
const instance = store.instance;

const signInFrom = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });
/** Creates the account without the limited HTTP route, so it spends no attempts. */
const createAccount = async (app: App, email: string) => {
  await app.auth.api.signUpEmail({
    body: { email, name: 'Limited', password: STRONG_PASSWORD },
    headers: new Headers({ host: 'localhost' }),
  });
};

describe('limits kept in the database', () => {
  it('two instances on one database allow one budget of password guesses, not one each', async () => {
    const config = limitsConfig(1000, 4);
    const a = await instance(config);
    const b = await instance(config);
    const target = uniqueEmail('two');
    await createAccount(a, target);
    const guesses: number[] = [];
    for (let i = 0; i < 8; i++)
      guesses.push((await signInFrom(i % 2 ? b : a, target, 'Wrong#pass1', '198.51.100.20')).statusCode);
    expect(guesses).toEqual([401, 401, 401, 401, 429, 429, 429, 429]);
  });

  it('two instances count one contact budget and one unknown-URL budget per address', async () => {
    const config = limitsConfig(1000, 1000);
    const a = await instance(config);
    const b = await instance(config);
    const contact = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'a@example.com', name: 'A', message: 'Hello' },
        remoteAddress: '10.20.0.1',
      });
    const statuses = [await contact(a), await contact(b), await contact(a), await contact(b)];
    expect(statuses.map((res) => res.statusCode)).toEqual([201, 201, 201, 429]);
    const miss = (app: App) => app.inject({ method: 'GET', url: '/api/nothing', remoteAddress: '10.20.0.2' });
    const misses = [await miss(a), await miss(b), await miss(a), await miss(b)];
    expect(misses.map((res) => res.statusCode)).toEqual([404, 404, 404, 429]);
  });

  it('a restarted instance remembers what the one before it counted', async () => {
    const config = limitsConfig(1000, 1000);
    const first = await instance(config);
    const review = (app: App, s: TestSession) =>
      app.inject({
        method: 'POST',
        url: '/api/review',
        headers: { cookie: s.cookie },
        payload: { comment: 'Good', ratings: 5 },
      });
    const me = await signUp(first);
    expect((await review(first, me)).statusCode).toBe(201);
    expect((await review(first, me)).statusCode).toBe(201);
    await store.stop(first);
    const second = await instance(config);
    expect((await review(second, me)).statusCode).toBe(201);
    expect((await review(second, me)).statusCode).toBe(429);
    const [rows] = await store.database.db.select({ n: count() }).from(rateLimits);
    expect(rows?.n).toBeGreaterThan(0);
  });
});

describe('per-user limits count the user, not the bytes of the credential', () => {
  let app: App;
  let me: TestSession;
  beforeAll(async () => {
    app = await instance(limitsConfig(1000, 1000));
    me = await signUp(app);
  });

  it('lower-case bearer, extra spaces, a junk cookie beside the real one and the cookie itself share one budget', async () => {
    const spellings: Record<string, string>[] = [
      { authorization: `Bearer ${me.token}` },
      { authorization: `bearer   ${me.token}` },
      { cookie: `${me.cookie}; junk=${Math.random()}` },
      { cookie: me.cookie },
      { authorization: `Bearer  ${me.token}`, cookie: 'x=1' },
    ];
    const statuses: number[] = [];
    for (const headers of spellings) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/review',
        headers,
        payload: { comment: 'Good', ratings: 5 },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});

describe('no lock-out of the real owner', () => {
  it('wrong passwords from one address refuse that address for that account, not the owner elsewhere', async () => {
    const app = await instance(limitsConfig(1000, 3));
    const owner = uniqueEmail('owner');
    const bystander = uniqueEmail('bystander');
    await createAccount(app, owner);
    await createAccount(app, bystander);
    const attacker = '203.0.113.50';
    for (let i = 0; i < 3; i++)
      expect((await signInFrom(app, owner, 'Wrong#pass1', attacker)).statusCode).toBe(401);
    const refused = await signInFrom(app, owner, STRONG_PASSWORD, attacker);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/\S/) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own address, any spelling of the e-mail.
    expect((await signInFrom(app, owner.toUpperCase(), STRONG_PASSWORD, '198.51.100.60')).statusCode).toBe(
      200,
    );
    // The attacker's address still has its budget for other accounts.
    expect((await signInFrom(app, bystander, STRONG_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('guesses spread over many addresses slow the account down but never refuse the right password', async () => {
    const slowDownMs = 400;
    const app = await instance(limitsConfig(1000, 3, slowDownMs));
    const owner = uniqueEmail('spread');
    await createAccount(app, owner);
    const started = performance.now();
    for (let i = 1; i <= 6; i++)
      expect((await signInFrom(app, owner, 'Wrong#pass1', `192.0.2.${i}`)).statusCode).toBe(401);
    const mine = await signInFrom(app, owner, STRONG_PASSWORD, '198.51.100.61');
    expect(mine.statusCode).toBe(200);
    // Past the budget of three, each attempt takes the next turn on the account: four turns.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * slowDownMs - 5);
  });

  it('sign-ups with someone’s e-mail never spend their sign-in budget', async () => {
    const app = await instance(limitsConfig(1000, 2));
    const owner = uniqueEmail('signup-target');
    await createAccount(app, owner);
    const from = '203.0.113.70';
    for (let i = 0; i < 6; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: owner, name: 'Not Them', password: 'Other#pass9' },
        remoteAddress: from,
      });
      expect(res.statusCode).not.toBe(200);
    }
    expect((await signInFrom(app, owner, STRONG_PASSWORD, from)).statusCode).toBe(200);
  });

  it('failures from one address on many accounts refuse that address, and refused sign-ups create nobody', async () => {
    const app = await instance(limitsConfig(3, 1000));
    const real = uniqueEmail('real');
    await createAccount(app, real);
    const busy = '203.0.113.80';
    for (let i = 0; i < 3; i++)
      expect((await signInFrom(app, uniqueEmail('guess'), 'Wrong#pass1', busy)).statusCode).toBe(401);
    expect((await signInFrom(app, real, STRONG_PASSWORD, busy)).statusCode).toBe(429);
    expect((await signInFrom(app, real, STRONG_PASSWORD, '203.0.113.81')).statusCode).toBe(200);

    const signUpFrom = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, name: 'Many', password: STRONG_PASSWORD },
        remoteAddress: '203.0.113.82',
      });
    for (let i = 0; i < 3; i++) expect((await signUpFrom(uniqueEmail('many'))).statusCode).toBe(200);
    const late = uniqueEmail('late');
    expect((await signUpFrom(late)).statusCode).toBe(429);
    const [row] = await store.database.db.select({ n: count() }).from(user).where(eq(user.email, late));
    expect(row?.n).toBe(0);
  });

  it('a correct sign-in forgives the owner’s own typos from that address', async () => {
    const app = await instance(limitsConfig(1000, 3));
    const owner = uniqueEmail('typos');
    await createAccount(app, owner);
    const home = '198.51.100.90';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++)
        expect((await signInFrom(app, owner, 'Wrong#pass1', home)).statusCode).toBe(401);
      expect((await signInFrom(app, owner, STRONG_PASSWORD, home)).statusCode).toBe(200);
    }
  });
});

describe('public catalog reads that reach the database', () => {
  it('searches and deeper pages are limited per address; the plain first page is not counted', async () => {
    const app = await instance(limitsConfig(1000, 1000));
    const list = (url: string, remoteAddress: string) =>
      app.inject({ method: 'GET', url, remoteAddress }).then((res) => res.statusCode);
    const scraper = '10.30.0.1';
    const searches = [];
    for (let i = 0; i < 5; i++) searches.push(await list(`/api/tool?search=wrench${i}`, scraper));
    expect(searches).toEqual([200, 200, 200, 429, 429]);
    expect(await list('/api/tool?page=7', scraper)).toBe(429);
    // Browsing the first page costs nothing, even for that address; other shoppers search freely.
    for (let i = 0; i < 6; i++) expect(await list('/api/tool', scraper)).toBe(200);
    expect(await list('/api/tool?search=wrench', '10.30.0.2')).toBe(200);
  });
});
