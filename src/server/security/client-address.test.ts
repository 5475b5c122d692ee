import { describe, expect, it } from 'vitest';
import { loadConfig } from '../kernel/config/config';
import { addressKey } from '../kernel/http/client-address';
import { instancesOnOneDatabase, type StoreApp, testConfig } from '../test/harness';
import { STRONG_PASSWORD, uniqueEmail } from '../test/sessions';

/**
 * Per-address limits count the client a trusted proxy saw, not one the client wrote: with
 * `TRUST_PROXY=true` the leftmost X-Forwarded-For entry used to be taken, so a new one per request
 * dodged every per-address limit. And an IPv6 client counts by its /64, which one subscriber holds
 * whole.
 */
type App = StoreApp;
const store = instancesOnOneDatabase();

async function instance(env: Record<string, string>): Promise<App> {
  const base = testConfig();
  return store.instance({
    ...base,
    trustProxy: loadConfig(env).trustProxy,
    auth: { ...base.auth, rateLimit: { perIp: 1000, perAccount: 3, windowSeconds: 600, slowDownMs: 0 } },
    rateLimits: { ...base.rateLimits, contactPerMinute: 3 },
  });
}

/** What a proxy in front writes: the client's claim (if any), then the address it saw. */
const forwardedFor = (...entries: string[]) => ({ 'x-forwarded-for': entries.join(', ') });

describe('TRUST_PROXY=true trusts one hop: the proxy’s own entry', () => {
  it('rotating the first X-Forwarded-For entry does not open a fresh contact budget', async () => {
    const app = await instance({ TRUST_PROXY: 'true' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: forwardedFor(`10.66.0.${i}`, '198.51.100.7'),
        payload: { email: 'rotating@example.com', name: 'R', message: 'Hi' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('rotating it does not open fresh password guesses either', async () => {
    const app = await instance({ TRUST_PROXY: 'true' });
    const target = uniqueEmail('rotated');
    await app.auth.api.signUpEmail({
      body: { email: target, name: 'Target', password: STRONG_PASSWORD },
      headers: new Headers({ host: 'localhost' }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: forwardedFor(`172.16.${i}.9`, '198.51.100.8'),
        payload: { email: target, password: 'Wrong#pass1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('the client address is the rightmost entry; with TRUST_PROXY=2, the one before it', async () => {
    const one = await instance({ TRUST_PROXY: 'true' });
    const two = await instance({ TRUST_PROXY: '2' });
    const none = await instance({ TRUST_PROXY: 'false' });
    const session = async (app: App, headers: Record<string, string>) => {
      const email = uniqueEmail('hops');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: { email, name: 'Hops', password: STRONG_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      const token = String(res.headers['set-auth-token']);
      const list = await app.inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: { authorization: `Bearer ${token}` },
      });
      return (list.json() as { sessions: { ipAddress: string | null }[] }).sessions[0]?.ipAddress;
    };
    const chain = forwardedFor('6.6.6.6', '203.0.113.1', '198.51.100.9');
    expect(await session(one, chain)).toBe('198.51.100.9');
    expect(await session(two, chain)).toBe('203.0.113.1');
    expect(await session(none, chain)).toBe('127.0.0.1');
  });
});

describe('IPv6 clients count by their /64', () => {
  it('addresses of one /64 share a budget; the next /64 has its own', async () => {
    const app = await instance({});
    const contact = (remoteAddress: string) =>
      app
        .inject({
          method: 'POST',
          url: '/api/contact',
          payload: { email: 'six@example.com', name: 'Six', message: 'Hi' },
          remoteAddress,
        })
        .then((res) => res.statusCode);
    expect(await contact('2001:db8:aa:1::1')).toBe(201);
    expect(await contact('2001:db8:aa:1:ffff:ffff:ffff:ffff')).toBe(201);
    expect(await contact('2001:0db8:00aa:0001:0:0:0:2')).toBe(201);
    expect(await contact('2001:db8:aa:1:1234::9')).toBe(429);
    expect(await contact('2001:db8:aa:2::1')).toBe(201);
  });

  it('keys: the /64 of any spelling, IPv4 as itself (also IPv4-mapped)', () => {
    expect(addressKey('2001:db8:aa:1::1')).toBe('2001:db8:aa:1::/64');
    expect(addressKey('2001:0DB8:00AA:0001:abcd::1')).toBe('2001:db8:aa:1::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(addressKey('192.0.2.10')).toBe('192.0.2.10');
  });
});
