import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, user, verification } from '../../kernel/db/schema';
import { storedResetIdentifier } from '../../kernel/identity/reset-links';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { STRONG_PASSWORD, signUp, type TestSession } from '../../test/sessions';

/**
 * Reset links die when they should: a link asked for before the password was changed used to
 * reset it afterwards, and of ten links issued the oldest still worked after the newest was used.
 * A password change, a completed reset and a newer request now each end every earlier link.
 */

let t: TestApp;

beforeAll(async () => {
  const base = testConfig().auth;
  // Many links for one account from one address: the request limits are not what is tested here.
  t = await createTestApp({
    auth: { ...base, rateLimit: { ...base.rateLimit, perIp: 1000, perAccount: 1000 } },
  });
});
afterAll(() => t?.close());

/** Asks for a link and reads it from the mail the store kept (no SMTP: the Mailbox row). */
async function mailedLink(email: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
  });
  expect(res.statusCode).toBe(200);
  await t.app.jobs.drain();
  const [latest] = await t.app.db
    .select({ text: mails.text })
    .from(mails)
    .where(eq(mails.toAddress, email))
    .orderBy(desc(mails.id))
    .limit(1);
  const token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(latest?.text ?? '')?.[1];
  if (!token) throw new Error('no link mailed');
  return decodeURIComponent(token);
}

const reset = (token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

const expectDead = async (token: string) => {
  const res = await reset(token, 'Taken#Over99');
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ code: 'INVALID_TOKEN' });
};

const signInStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } }))
    .statusCode;

describe('reset links die when they should', () => {
  let owner: TestSession;
  beforeAll(async () => {
    owner = await signUp(t.app);
  });

  it('a password change ends a link mailed before it', async () => {
    const link = await mailedLink(owner.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'Changed#Pass1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectDead(link);
    expect(await signInStatus(owner.email, 'Changed#Pass1')).toBe(200);
  });

  it('of ten links, only the newest works, before and after it is used', async () => {
    const links: string[] = [];
    for (let i = 0; i < 10; i++) links.push(await mailedLink(owner.email));
    for (const older of links.slice(0, 9)) await expectDead(older);
    expect((await reset(links[9] as string, 'Newest#Link10')).statusCode).toBe(200);
    await expectDead(links[0] as string);
    await expectDead(links[9] as string);
    expect(await signInStatus(owner.email, 'Newest#Link10')).toBe(200);
  });

  it('a completed reset ends every other outstanding link of the account, and no one else’s', async () => {
    const bystander = await signUp(t.app);
    const theirs = await mailedLink(bystander.email);
    const link = await mailedLink(owner.email);
    // A second live link of the account, as a request racing the first one could leave behind.
    const [account] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, owner.email));
    const raced = 'RacedLinkToken0123456789';
    await t.app.db.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: storedResetIdentifier(raced),
      value: account?.id ?? '',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect((await reset(link, 'Reset#Done42')).statusCode).toBe(200);
    await expectDead(raced);
    expect((await reset(theirs, 'Theirs#Still7')).statusCode).toBe(200);
    expect(await signInStatus(bystander.email, 'Theirs#Still7')).toBe(200);
  });
});
