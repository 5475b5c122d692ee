import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_REFUSED_MESSAGE } from '../kernel/identity/auth';
import { createTestApp, type TestApp } from '../test/harness';
import { signUp, uniqueEmail } from '../test/sessions';

/**
 * A sign-up does not tell who has an account: not by its message, and not by its time (a known
 * e-mail used to be refused before any password hash, 10 ms against 200 ms). The time is checked by
 * what the server does, one password hash either way, rather than with a clock.
 */
let t: TestApp;
let hashes = 0;
beforeAll(async () => {
  t = await createTestApp();
  const context = await t.app.auth.$context;
  const hash = context.password.hash;
  context.password.hash = async (password: string) => {
    hashes += 1;
    return hash(password);
  };
});
afterAll(() => t.close());

const signUpAs = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, name: 'Someone', password: 'Other#pass9' },
    remoteAddress: '10.40.0.1',
  });

describe('sign-up with an e-mail that has an account', () => {
  it('costs the same password hash as a new account', async () => {
    const known = (await signUp(t.app)).email;
    hashes = 0;
    expect((await signUpAs(uniqueEmail('new'))).statusCode).toBe(200);
    const forNew = hashes;
    hashes = 0;
    expect((await signUpAs(known.toUpperCase())).statusCode).toBe(422);
    expect(forNew).toBe(1);
    expect(hashes).toBe(forNew);
  });

  it('is told nothing about the account', async () => {
    const known = (await signUp(t.app)).email;
    const res = await signUpAs(known);
    expect(res.json()).toEqual({ code: 'SIGN_UP_REFUSED', message: SIGN_UP_REFUSED_MESSAGE });
    expect(res.body).not.toMatch(/exist/i);
    // No session is opened for whoever tried.
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
