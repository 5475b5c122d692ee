import { describe, expect, it } from 'vitest';
import { loadConfig } from '../kernel/config/config';
import { createTestApp, testConfig } from '../test/harness';
import { uniqueEmail } from '../test/sessions';

/** Production is production: nothing meant for a developer's machine is on in a published store. */
const quiet = { LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent-web-build' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };

describe('payments outside development', () => {
  it('a published store without Stripe keys refuses to start unless PAYMENTS=simulated says so', () => {
    expect(() => loadConfig({ ...quiet, PUBLIC_URL: 'https://shop.example.com' })).toThrow(
      /PAYMENTS=simulated/,
    );
    expect(() => loadConfig({ ...quiet, NODE_ENV: 'production' })).toThrow(/PAYMENTS=simulated/);
    const explicit = loadConfig({ ...quiet, PUBLIC_URL: 'https://shop.example.com', PAYMENTS: 'simulated' });
    expect(explicit.stripe).toBeUndefined();
    expect(
      loadConfig({ ...quiet, PUBLIC_URL: 'https://shop.example.com', ...stripeKeys }).stripe,
    ).toBeDefined();
    expect(() => loadConfig({ ...quiet, PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    // PAYMENTS=simulated wins over keys, e.g. a staging copy of the live settings.
    expect(loadConfig({ ...quiet, ...stripeKeys, PAYMENTS: 'simulated' }).stripe).toBeUndefined();
  });

  it('says "test mode" to every page while the simulated processor takes payments', async () => {
    const simulated = await createTestApp();
    try {
      expect((await simulated.app.inject({ method: 'GET', url: '/api/store' })).json().testMode).toBe(true);
    } finally {
      await simulated.close();
    }
    const live = await createTestApp({
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: undefined,
        apiUrl: undefined,
      },
    });
    try {
      expect((await live.app.inject({ method: 'GET', url: '/api/store' })).json().testMode).toBeUndefined();
    } finally {
      await live.close();
    }
  });
});

describe('the development server’s origin', () => {
  it('is trusted in development only', () => {
    expect(loadConfig({ ...quiet }).auth.trustedOrigins).not.toContain('http://localhost:5173');
    expect(
      loadConfig({ ...quiet, PAYMENTS: 'simulated', NODE_ENV: 'production' }).auth.trustedOrigins,
    ).toEqual([]);
    expect(loadConfig({ ...quiet, NODE_ENV: 'development' }).auth.trustedOrigins).toContain(
      'http://localhost:5173',
    );
  });
});

describe('session cookies are Secure over HTTPS', () => {
  const signUpHeaders = async (app: Awaited<ReturnType<typeof createTestApp>>, headers = {}) => {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: uniqueEmail('secure'), name: 'Secure', password: 'Spanner#42' },
      headers,
    });
    expect(res.statusCode).toBe(200);
    const cookies = res.headers['set-cookie'];
    return (Array.isArray(cookies) ? cookies : [cookies ?? '']).filter(Boolean);
  };
  const allSecure = (cookies: string[]) => cookies.length > 0 && cookies.every((c) => /;\s*Secure/i.test(c));

  it('when the public URL is https', async () => {
    const base = testConfig();
    const app = await createTestApp({ auth: { ...base.auth, publicUrl: 'https://shop.example.com' } });
    try {
      expect(allSecure(await signUpHeaders(app, { host: 'shop.example.com' }))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('when a trusted proxy says the request came over https, and not when it says http', async () => {
    const app = await createTestApp({ trustProxy: { hops: 1 } });
    try {
      expect(allSecure(await signUpHeaders(app, { 'x-forwarded-proto': 'https' }))).toBe(true);
      const plain = await signUpHeaders(app, { 'x-forwarded-proto': 'http' });
      expect(plain.length).toBeGreaterThan(0);
      expect(plain.some((c) => /;\s*Secure/i.test(c))).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('not when an untrusted client claims https', async () => {
    const app = await createTestApp();
    try {
      const cookies = await signUpHeaders(app, { 'x-forwarded-proto': 'https' });
      expect(cookies.some((c) => /;\s*Secure/i.test(c))).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('the API documentation', () => {
  const published = { ...quiet, PAYMENTS: 'simulated' };

  it('is off in a published store unless API_DOCS=true turns it on', () => {
    expect(loadConfig({ ...quiet }).apiDocs).toBe(true);
    expect(loadConfig({ ...published, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...published, PUBLIC_URL: 'https://shop.example.com' }).apiDocs).toBe(false);
    expect(loadConfig({ ...published, NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...quiet, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ ...quiet, API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('answers 404 at every address of /api/docs when off, and serves them when on', async () => {
    const docsAt = ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html'];
    const off = await createTestApp({ apiDocs: false });
    try {
      for (const url of docsAt) expect((await off.app.inject({ url })).statusCode, url).toBe(404);
      // The API itself is unchanged.
      expect((await off.app.inject({ url: '/api/store' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
    const on = await createTestApp({ apiDocs: true });
    try {
      const doc = await on.app.inject({ url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      expect(Object.keys(doc.json().paths)).toContain('/api/manage/{id}');
      expect((await on.app.inject({ url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
