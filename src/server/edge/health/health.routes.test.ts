import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health checks', () => {
  it('/healthz answers 200 {status: ok}', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 {status: ready} while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('/readyz answers 503 UNAVAILABLE once the database is gone, while /healthz stays 200', async () => {
    const lost = await createTestApp();
    try {
      // Only the database is closed here; the app is closed in finally.
      await lost.database.close();

      const ready = await lost.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        error: { code: 'UNAVAILABLE', message: 'The database is not reachable' },
      });

      const healthy = await lost.app.inject({ method: 'GET', url: '/healthz' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toEqual({ status: 'ok' });
    } finally {
      await lost.app.close();
    }
  });
});
