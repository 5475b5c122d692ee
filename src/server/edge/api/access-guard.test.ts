import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Permission, permissions, ROLE_PERMISSIONS, type RouteAccess } from '../../../contract/roles';
import { buildApp } from '../../app';
import type { Database } from '../../kernel/db/database';
import { declareScopeAccess } from '../../kernel/http';
import { createTestDatabase, testConfig } from '../../test/harness';
import { signUp } from '../../test/sessions';
import { as } from '../../test/store-flow';

const staffMay = (access: RouteAccess | undefined) =>
  access === 'public' ||
  access === 'signedIn' ||
  (access !== undefined && ROLE_PERMISSIONS.staff.has(access));

/** What each role holds, as the issue of staff roles states it; the matrix test checks the guard applies it. */
describe('the roles', () => {
  const holds = (role: keyof typeof ROLE_PERMISSIONS, p: Permission) => ROLE_PERMISSIONS[role].has(p);

  it('staff ship orders, receive returns and answer the Inbox, and see no money figures or settings', () => {
    for (const p of ['orders.read', 'orders.ship', 'returns.receive', 'inbox.read', 'inbox.reply'] as const)
      expect(holds('staff', p), p).toBe(true);
    for (const p of [
      'orders.money',
      'refunds.create',
      'orders.cancel',
      'returns.decide',
      'reports.read',
      'customers.read',
      'products.write',
      'settings.read',
      'settings.write',
      'roles.write',
      'audit.read',
    ] as const)
      expect(holds('staff', p), p).toBe(false);
  });

  it('managers run products, orders, refunds, returns, discounts and the Inbox, not roles, settings or the audit', () => {
    for (const p of ROLE_PERMISSIONS.staff) expect(holds('manager', p), p).toBe(true);
    for (const p of [
      'orders.money',
      'products.write',
      'stock.write',
      'orders.cancel',
      'refunds.create',
      'returns.decide',
      'discounts.write',
      'inbox.reply',
    ] as const)
      expect(holds('manager', p), p).toBe(true);
    for (const p of ['roles.write', 'settings.write', 'audit.read'] as const)
      expect(holds('manager', p), p).toBe(false);
  });

  it('the owner holds every permission; a customer none', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...permissions].sort());
    expect(ROLE_PERMISSIONS.customer.size).toBe(0);
  });
});

describe('access declared on the route', () => {
  const ownerEmail = 'declared-owner@example.com';
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig({ auth: { ...testConfig().auth, adminEmails: [ownerEmail] } }), database);
    app.get('/api/declared-audit', { config: { access: 'audit.read' } }, async () => ({ ok: true }));
    // A plugin of someone else's: its routes take the scope's access, unless they declare their own.
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      scope.get('/api/scoped-open', async () => ({ ok: true }));
      scope.get('/api/scoped-own', { config: { access: 'signedIn' } }, async () => ({ ok: true }));
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('every money figure and role change needs a permission staff do not hold', () => {
    const declared = app.routeAccess();
    for (const key of [
      'GET /api/manage/stats',
      'GET /api/manage/reports',
      'GET /api/manage/reports/orders.csv',
      'GET /api/manage/books',
      'GET /api/manage/books/:file.csv',
      'GET /api/manage/:id/receipt.pdf',
      'GET /api/manage/:id/refunds/:refundId/credit-note.pdf',
      'POST /api/manage/:id/refunds',
      'PUT /api/user/admin/:email',
      'PUT /api/customers/:id/role',
      'GET /api/audit',
    ]) {
      expect(declared.has(key), key).toBe(true);
      expect(staffMay(declared.get(key)), key).toBe(false);
    }
  });

  it('lists each route once, its HEAD folded into its GET', () => {
    const declared = app.routeAccess();
    expect(declared.get('GET /api/manage')).toBe('orders.read');
    expect(declared.get('GET /api/declared-audit')).toBe('audit.read');
    expect(declared.has('HEAD /api/manage')).toBe(false);
  });

  it('is what the guard enforces, for a GET and its HEAD alike', async () => {
    const customer = await signUp(app, { name: 'Declared Customer' });
    const owner = await signUp(app, { email: ownerEmail });
    for (const method of ['GET', 'HEAD'] as const) {
      const url = '/api/declared-audit';
      expect((await app.inject({ method, url })).statusCode, method).toBe(401);
      expect((await app.inject({ method, url, headers: as(customer) })).statusCode, method).toBe(403);
      expect((await app.inject({ method, url, headers: as(owner) })).statusCode, method).toBe(200);
    }
  });

  it("gives a scope's default to the routes that declare none, and keeps a route's own", async () => {
    expect(app.routeAccess().get('GET /api/scoped-open')).toBe('public');
    expect(app.routeAccess().get('GET /api/scoped-own')).toBe('signedIn');
    expect((await app.inject({ method: 'GET', url: '/api/scoped-open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/scoped-own' })).statusCode).toBe(401);
  });
});

describe('a route that declares no access', () => {
  it('stops the store from starting, naming the route', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), database);
    try {
      app.get('/api/undeclared', async () => ({ secret: true }));
      await expect(app.ready()).rejects.toThrow(/declare none: GET \/api\/undeclared$/);
    } finally {
      await app.close().catch(() => undefined);
      await database.close();
    }
  });
});
