import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TOOL_LIST_PARAMS } from '../contract/catalog.constants';
import { buildApp } from './app';
import { type Config, loadConfig } from './kernel/config/config';
import type { Database } from './kernel/db/database';
import { AppError } from './kernel/errors/errors';
import { declareScopeAccess } from './kernel/http';
import { createTestDatabase, testConfig } from './test/harness';

const GENERIC_500 = {
  error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
};

/** One database for the whole file; every app built on it is closed before it. */
let database: Database;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
});

async function appWith(config: Config, addRoutes?: (app: FastifyInstance) => void) {
  const app = await buildApp(config, database);
  apps.push(app);
  // A test's own routes are public: what they test is not who may call them.
  if (addRoutes) {
    declareScopeAccess(app, 'public');
    addRoutes(app);
  }
  await app.ready();
  return app;
}

describe('the error handler', () => {
  const secret = 'password=hunter2 in /srv/store/src/server/db/database.ts';
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await appWith(testConfig(), (a) => {
      a.get('/boom', async () => {
        throw new Error(secret);
      });
      a.get('/boom-sync', () => {
        throw new TypeError(secret);
      });
      a.get('/boom-5xx', async () => {
        throw Object.assign(new Error(secret), { statusCode: 503 });
      });
      a.get('/bad-sql', async () => {
        await a.db.execute(sql`select secret_column from no_such_table_for_test`);
        return {};
      });
      a.withTypeProvider<ZodTypeProvider>().get(
        '/bad-response',
        { schema: { response: { 200: z.object({ count: z.number() }) } } },
        // A handler answering the wrong shape is our bug; the caller must not see it.
        async () => ({ count: secret }) as unknown as { count: number },
      );
      a.get('/conflict', async () => {
        throw new AppError('CONFLICT', 'That name is taken', [{ path: 'name', message: 'Taken' }]);
      });
      a.get('/teapot', async () => {
        throw Object.assign(new Error('No coffee here'), { statusCode: 409 });
      });
    });
  });

  it.each(['/boom', '/boom-sync', '/boom-5xx'])(
    '%s answers 500 INTERNAL with a generic message and no internals',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(GENERIC_500);
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('/srv/store');
      expect(res.body).not.toMatch(/\bat .*:\d+:\d+/); // no stack frame
      expect(res.body).not.toContain('stack');
    },
  );

  it('hides a database error behind the generic 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-sql' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
    expect(res.body).not.toContain('no_such_table_for_test');
    expect(res.body).not.toContain('secret_column');
  });

  it('hides a response that does not fit its schema behind the generic 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC_500);
    expect(res.body).not.toContain('hunter2');
  });

  it('answers an AppError with its status, code, message and issues', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'That name is taken',
        issues: [{ path: 'name', message: 'Taken' }],
      },
    });
  });

  it("passes a 4xx error's message through in the envelope", async () => {
    const res = await app.inject({ method: 'GET', url: '/teapot' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: 'No coffee here' } });
  });

  it.each([
    ['GET', '/nope', 'No route for GET /nope'],
    ['GET', '/api/nope?x=1', 'No route for GET /api/nope'],
    ['DELETE', '/api/review', 'No route for DELETE /api/review'],
    ['POST', '/healthz', 'No route for POST /healthz'],
  ] as const)('answers %s %s with the 404 envelope', async (method, url, message) => {
    const res = await app.inject({ method, url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message } });
  });

  it('keeps the 404 message short for a very long address', async () => {
    const res = await app.inject({ method: 'GET', url: `/${'x'.repeat(5000)}` });
    expect(res.statusCode).toBe(404);
    const { error } = res.json() as { error: { code: string; message: string } };
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message.length).toBeLessThanOrEqual(250);
  });
});

describe('the OpenAPI document', () => {
  it('lists every public call and the tool list query', async () => {
    const app = await appWith(testConfig());
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('TorqueWorks API');
    const paths = Object.keys(doc.paths);
    for (const p of ['/api/tool', '/api/purchase/{id}', '/api/review', '/api/contact', '/api/store']) {
      expect(paths).toContain(p);
    }
    expect(Object.keys(doc.paths['/api/tool'] ?? {})).toContain('get');
    expect(Object.keys(doc.paths['/api/contact'] ?? {})).toContain('post');
    const query = (doc.paths['/api/tool']?.get?.parameters ?? []).filter((p) => p.in === 'query');
    // The spec's search, sort and paging, and the parts catalog's filters beside them.
    expect(query.map((p) => p.name).sort()).toEqual([...TOOL_LIST_PARAMS].sort());
    // The page route serving index.html is not part of the API.
    expect(paths).not.toContain('/');
  });
});

describe('GET /api/store', () => {
  it('answers the configured store info', async () => {
    const config = testConfig();
    const app = await appWith(config);
    const res = await app.inject({ method: 'GET', url: '/api/store' });
    expect(res.statusCode).toBe(200);
    // No Stripe keys: the simulated card processor, so the store says it is in test mode.
    expect(res.json()).toEqual({
      ...config.store,
      testMode: true,
      orderHoldMinutes: config.orders.holdMs / 60_000,
    });
    expect(res.json()).toMatchObject({ brand: 'TorqueWorks', wordmark: 'Torque Works' });
  });

  it('honours STORE_NAME and STORE_WORDMARK', async () => {
    const config: Config = {
      ...loadConfig({
        STORE_NAME: 'Acme',
        STORE_WORDMARK: 'Acme Auto Parts',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent-web-build',
      }),
      seedDemoData: false,
    };
    const app = await appWith(config);
    const res = await app.inject({ method: 'GET', url: '/api/store' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ brand: 'Acme', wordmark: 'Acme Auto Parts' });
    expect(body.contact).toEqual(testConfig().store.contact);
    const docs = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.json().info.title).toBe('Acme API');
  });
});
