import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { user } from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import { createTestDatabase, testConfig } from '../test/harness';
import { STRONG_PASSWORD, uniqueEmail } from '../test/sessions';

/**
 * Bad input is the client's mistake: a 4xx in the error envelope, never a 500 in the error log,
 * and the logs keep no customer's details (docs/reliability.md, "Attacks").
 */
const TEMPLATE =
  '<!doctype html><html><head><meta charset="utf-8"><!-- store-config --><title>x</title></head>' +
  '<body><div id="root"></div></body></html>';

type App = Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: App;
let root: string;
const lines: string[] = [];
const PII_EMAIL = 'private.person@example.com';
const PII_PHONE = '01798765432';

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-bad-input-'));
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'dist', 'index.html'), TEMPLATE);
  database = await createTestDatabase();
  const base = testConfig();
  app = await buildApp(
    testConfig({
      webDistDir: path.join(root, 'dist'),
      logLevel: 'info',
      logStream: { write: (line: string) => void lines.push(line) },
      auth: { ...base.auth, publicUrl: 'https://shop.example.com' },
    }),
    database,
  );
  // A query that fails in the database with a customer's details among its parameters.
  app.get('/api/test-only/failing-query', { config: { access: 'public' } }, async () =>
    app.db.execute(sql`select * from no_such_table where email = ${PII_EMAIL} and phone = ${PII_PHONE}`),
  );
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(root, { recursive: true, force: true });
});

const errorLines = () => lines.filter((line) => JSON.parse(line).level >= 50);

describe('a malformed Host header', () => {
  const hosts = ['bad host', 'shop.example.com:port', 'exa%mple.com', '[::1', 'a@b', 'x/y', 'é.example'];

  it('answers 400 on the auth routes, the API and the pages, and logs no error', async () => {
    const product = await insertProduct(database.db, {});
    const before = errorLines().length;
    for (const host of hosts) {
      for (const url of ['/api/auth/get-session', '/api/tool', `/purchase/${product.id}`, '/']) {
        const res = await app.inject({ method: 'GET', url, headers: { host, accept: 'text/html' } });
        expect(res.statusCode, `${host} ${url}`).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      const forwarded = await app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { 'x-forwarded-host': host },
      });
      expect(forwarded.statusCode).toBe(400);
    }
    expect(errorLines().length).toBe(before);
  });

  it('lets ordinary hosts through', async () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'shop.example.com'])
      expect((await app.inject({ method: 'GET', url: '/api/tool', headers: { host } })).statusCode).toBe(200);
  });
});

it('a product page’s links use the configured public URL, not the Host the request named', async () => {
  const product = await insertProduct(database.db, { image: '/images/tools/x.svg' });
  const res = await app.inject({
    method: 'GET',
    url: `/purchase/${product.id}`,
    headers: { host: 'evil.example', accept: 'text/html' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('https://shop.example.com/images/tools/x.svg');
  expect(res.body).not.toContain('evil.example');
});

describe('a photo link', () => {
  it('is refused at sign-up unless it is http(s), and the account is not created', async () => {
    for (const image of [
      'javascript:alert(1)',
      'data:text/html,<script>1</script>',
      'ftp://x.example/a.png',
    ]) {
      const email = uniqueEmail('photo');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email, name: 'Photo', password: STRONG_PASSWORD, image },
      });
      expect(res.statusCode, image).toBe(400);
      const rows = await database.db.select().from(user).where(eq(user.email, email));
      expect(rows).toHaveLength(0);
    }
    const fine = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email: uniqueEmail('photo'),
        name: 'Photo',
        password: STRONG_PASSWORD,
        image: 'https://img.example/me.png',
      },
    });
    expect(fine.statusCode).toBe(200);
  });
});

describe('a client’s x-request-id', () => {
  const idsLoggedFor = async (id: string) => {
    const marker = `/api/tool?search=${Math.random().toString(36).slice(2)}`;
    await app.inject({ method: 'GET', url: marker, headers: { 'x-request-id': id } });
    return lines
      .filter((line) => line.includes(marker.split('?')[1] ?? ''))
      .map((line) => JSON.parse(line).reqId as string);
  };

  it('is kept when short and plain', async () => {
    expect(await idsLoggedFor('trace-42.a:b_c')).toContain('trace-42.a:b_c');
  });

  it('is replaced when long, or when it carries spaces, quotes, control characters or fake fields', async () => {
    for (const id of ['x'.repeat(65), 'a b', 'a"b', 'a\tb', '{"level":60}', 'ok\u0085no']) {
      const ids = await idsLoggedFor(id);
      expect(ids.length).toBeGreaterThan(0);
      for (const logged of ids) {
        expect(logged).not.toBe(id);
        expect(logged).toMatch(/^[0-9a-f-]{36}$/);
      }
    }
  });
});

it('a failed query is logged with its SQL, never the customer details among its parameters', async () => {
  const res = await app.inject({ method: 'GET', url: '/api/test-only/failing-query' });
  expect(res.statusCode).toBe(500);
  const failed = lines.filter((line) => line.includes('no_such_table'));
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.join('\n')).toContain('42P01');
  const all = lines.join('\n');
  expect(all).not.toContain(PII_EMAIL);
  expect(all).not.toContain(PII_PHONE);
});
