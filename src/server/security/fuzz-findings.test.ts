import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelope } from '../../contract/errors';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * Requests the API fuzzer (fuzz.test.ts, `npm run fuzz`) found mishandled, kept here as plain
 * examples so each stays fixed whatever seed the fuzzer runs with.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const envelope = (body: string) => ErrorEnvelope.parse(JSON.parse(body)).error;

describe('addresses Fastify refuses before routing', () => {
  it.each([
    ['a broken %-escape', '/api/purchase/%ZZ', 400, 'VALIDATION_FAILED'],
    ['a path parameter over its length', `/api/purchase/${'x'.repeat(200)}`, 414, 'VALIDATION_FAILED'],
  ])('%s answers the error envelope without quoting the path', async (_what, url, status, code) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(envelope(res.body).code).toBe(code);
    expect(res.body).not.toContain('/api/purchase');
  });
});
