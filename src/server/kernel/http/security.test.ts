import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { loadConfig } from '../config/config';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict CSP without inline script, no framing, nosniff and a referrer policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('stripe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows Stripe origins only when Stripe is configured, and HSTS only behind HTTPS', async () => {
    const base = testConfig();
    const s = await createTestApp({
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: undefined,
        apiUrl: 'http://127.0.0.1:9',
      },
      auth: { ...base.auth, publicUrl: 'https://shop.example.com' },
    });
    try {
      const res = await s.app.inject({ method: 'GET', url: '/api/tool' });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://js.stripe.com");
      expect(csp).toContain("connect-src 'self' https://api.stripe.com");
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await s.close();
    }
  });
});

describe('CSRF check on cookie-authenticated changes', () => {
  let t: TestApp;
  let me: TestSession;
  const profile = {
    education: 'BSc',
    address: '1 Road',
    linkedin: 'https://linkedin.com/in/x',
    phone: '01712345678',
  };
  beforeAll(async () => {
    t = await createTestApp();
    me = await signUp(t.app);
  });
  afterAll(() => t.close());

  const put = (headers: Record<string, string>) =>
    t.app.inject({ method: 'PUT', url: `/api/profile/${me.email}`, headers, payload: profile });

  it('refuses a change whose Origin is another site', async () => {
    const res = await put({ cookie: me.cookie, origin: 'https://evil.example', host: 'localhost:80' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/profile/${me.email}`,
      headers: { cookie: me.cookie },
    });
    expect(after.json().education).toBe('');
  });

  it('refuses a cross-site browser request that sends no Origin', async () => {
    const res = await put({ cookie: me.cookie, 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });

  it('lets the store’s own pages and bearer-token clients through', async () => {
    expect(
      (await put({ cookie: me.cookie, origin: 'http://localhost:80', host: 'localhost:80' })).statusCode,
    ).toBe(200);
    expect(
      (await put({ authorization: `Bearer ${me.token}`, origin: 'https://evil.example' })).statusCode,
    ).toBe(200);
  });

  it('trusts the development server’s origin only in development', async () => {
    expect((await put({ cookie: me.cookie, origin: 'http://localhost:5173' })).statusCode).toBe(403);
    const dev = await createTestApp({
      auth: {
        ...testConfig().auth,
        trustedOrigins: loadConfig({ NODE_ENV: 'development' }).auth.trustedOrigins,
      },
    });
    try {
      const mine = await signUp(dev.app);
      const res = await dev.app.inject({
        method: 'PUT',
        url: `/api/profile/${mine.email}`,
        headers: { cookie: mine.cookie, origin: 'http://localhost:5173' },
        payload: profile,
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        ordersPerMinute: 2,
        cartWritesPerMinute: 2,
        reviewsPerMinute: 2,
        contactPerMinute: 2,
        notFoundPerMinute: 3,
        catalogSearchPerMinute: 3,
      },
    });
  });
  afterAll(() => t.close());

  const contact = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'a@example.com', name: 'A', message: 'Hello' },
      remoteAddress: '10.9.9.9',
    });

  it('limits contact messages per address with the 429 envelope', async () => {
    expect((await contact()).statusCode).toBe(201);
    expect((await contact()).statusCode).toBe(201);
    const third = await contact();
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(third.json().error.message).toMatch(/Too many requests/);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'a@example.com', name: 'A', message: 'Hello' },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('limits orders and reviews per signed-in session', async () => {
    const product = await insertProduct(t.database.db, { availableQuantity: 100, minimumOrderQuantity: 1 });
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const order = (s: TestSession) =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { cookie: s.cookie },
        payload: { orderId: product.id, orderQuantity: 1, phone: '01712345678' },
      });
    expect((await order(a)).statusCode).toBe(201);
    expect((await order(a)).statusCode).toBe(201);
    expect((await order(a)).statusCode).toBe(429);
    expect((await order(b)).statusCode).toBe(201);
    const review = (s: TestSession) =>
      t.app.inject({
        method: 'POST',
        url: '/api/review',
        headers: { cookie: s.cookie },
        payload: { comment: 'Good', ratings: 5 },
      });
    expect((await review(a)).statusCode).toBe(201);
    expect((await review(a)).statusCode).toBe(201);
    expect((await review(a)).statusCode).toBe(429);
  });

  it('limits requests for unknown URLs', async () => {
    const miss = () => t.app.inject({ method: 'GET', url: '/api/nothing-here', remoteAddress: '10.8.8.8' });
    for (let i = 0; i < 3; i++) expect((await miss()).statusCode).toBe(404);
    const limited = await miss();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
  });
});
