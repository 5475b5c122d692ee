import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxMessages } from '../kernel/db/schema';
import { TURNS_AHEAD } from '../kernel/identity/auth-rate-limit';
import { instancesOnOneDatabase, type StoreApp, testConfig } from '../test/harness';
import { STRONG_PASSWORD, uniqueEmail } from '../test/sessions';

/**
 * Limits per account that hold however the attempts arrive, and that never hand an attacker the
 * owner's lock-out:
 * - password guesses sent all at once from many addresses used to be slowed by a sleep each, so a
 *   hundred of them were all answered; now the account admits one attempt per turn
 *   (`AUTH_SLOW_DOWN_MS`) once over its budget, shared by every instance, and tells the rest to
 *   come back, while its owner's known address never waits behind them;
 * - eleven reset requests for someone's address from one address used to make the owner's own
 *   request from another address answer 429 for ten minutes; now that address alone is refused,
 *   and requests from everywhere are paced, never refused for their count.
 */
type App = StoreApp;
const store = instancesOnOneDatabase();

async function instance(perAccount: number, slowDownMs: number): Promise<App> {
  const base = testConfig();
  return store.instance({
    ...base,
    auth: { ...base.auth, rateLimit: { perIp: 1000, perAccount, windowSeconds: 600, slowDownMs } },
  });
}

const createAccount = (app: App, email: string) =>
  app.auth.api.signUpEmail({
    body: { email, name: 'Target', password: STRONG_PASSWORD },
    headers: new Headers({ host: 'localhost' }),
  });

const signIn = (app: App, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });

describe('password guesses sent all at once', () => {
  it('are answered one per turn past the budget, however many addresses send them', async () => {
    const spacing = 1000;
    const perAccount = 3;
    const a = await instance(perAccount, spacing);
    const b = await instance(perAccount, spacing);
    const target = uniqueEmail('parallel');
    await createAccount(a, target);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? b : a, target, 'Wrong#pass1', `198.18.${i}.1`)),
    );
    const elapsed = performance.now() - started;
    const answered = answers.filter((res) => res.statusCode === 401).length;
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(answered + refused.length).toBe(40);
    // The budget, then one guess per turn: those the queue held when the burst came, and the turns
    // that came free while it lasted. A sleep per request answered all forty.
    expect(answered).toBeLessThanOrEqual(perAccount + 1 + TURNS_AHEAD + Math.ceil(elapsed / spacing));
    for (const res of refused) {
      expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('the owner’s own address never queues behind them', async () => {
    const app = await instance(3, 1000);
    const owner = uniqueEmail('owner');
    await createAccount(app, owner);
    const home = '203.0.113.200';
    expect((await signIn(app, owner, STRONG_PASSWORD, home)).statusCode).toBe(200);
    const flood = Array.from({ length: 30 }, (_, i) => signIn(app, owner, 'Wrong#pass1', `198.19.${i}.1`));
    const mine = signIn(app, owner, STRONG_PASSWORD, home);
    const [answer] = await Promise.all([mine, ...flood]);
    expect(answer?.statusCode).toBe(200);
  });

  it('sequential guesses past the budget wait for their turns', async () => {
    const spacing = 300;
    const app = await instance(2, spacing);
    const target = uniqueEmail('turns');
    await createAccount(app, target);
    for (let i = 0; i < 2; i++)
      expect((await signIn(app, target, 'Wrong#pass1', `192.0.2.${i + 10}`)).statusCode).toBe(401);
    const started = performance.now();
    for (let i = 0; i < 4; i++)
      expect((await signIn(app, target, 'Wrong#pass1', `192.0.2.${i + 20}`)).statusCode).toBe(401);
    // Four turns: the first at once, each next one a spacing later at the soonest.
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * spacing - 5);
    // The owner, from a fresh address, is still let in.
    expect((await signIn(app, target, STRONG_PASSWORD, '192.0.2.99')).statusCode).toBe(200);
  });
});

describe('asking for someone’s reset link', () => {
  const requestReset = (app: App, email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email },
      remoteAddress,
    });
  const queuedMails = async () =>
    (
      await store.database.db
        .select({ n: count() })
        .from(outboxMessages)
        .where(eq(outboxMessages.topic, 'account.password_reset_requested'))
    )[0]?.n ?? 0;

  it('eleven requests from one address refuse that address, never the owner elsewhere', async () => {
    const app = await instance(10, 0);
    const victim = uniqueEmail('victim');
    await createAccount(app, victim);
    const attacker = '203.0.113.210';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await requestReset(app, victim, attacker)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    const before = await queuedMails();
    expect((await requestReset(app, victim, '198.51.100.211')).statusCode).toBe(200);
    expect(await queuedMails()).toBe(before + 1);
  });

  it('requests from many fresh addresses are paced, never refused for their count', async () => {
    const spacing = 300;
    const app = await instance(2, spacing);
    const victim = uniqueEmail('paced');
    await createAccount(app, victim);
    for (let i = 0; i < 2; i++)
      expect((await requestReset(app, victim, `192.0.2.${30 + i}`)).statusCode).toBe(200);
    const started = performance.now();
    for (let i = 0; i < 4; i++)
      expect((await requestReset(app, victim, `192.0.2.${40 + i}`)).statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * spacing - 5);
  });
});
