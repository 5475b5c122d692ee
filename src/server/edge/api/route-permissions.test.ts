import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Permission, permissions, ROLE_PERMISSIONS } from '../../../contract/roles';
import { buildApp } from '../../app';
import type { Database } from '../../kernel/db/database';
import { createTestDatabase, testConfig } from '../../test/harness';
import { signUp } from '../../test/sessions';
import { as } from '../../test/store-flow';
import { accessOf, ROUTE_PERMISSIONS, type RouteAccess } from './route-permissions';

const staffMay = (access: RouteAccess) =>
  access === 'public' || access === 'signedIn' || ROLE_PERMISSIONS.staff.has(access);

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

  it('every money figure and role change needs a permission staff do not hold', () => {
    for (const key of [
      'GET /api/manage/stats',
      'GET /api/manage/reports',
      'GET /api/manage/reports/orders.csv',
      'GET /api/manage/:id/receipt.pdf',
      'GET /api/manage/:id/refunds/:refundId/credit-note.pdf',
      'POST /api/manage/:id/refunds',
      'PUT /api/user/admin/:email',
      'PUT /api/customers/:id/role',
      'GET /api/audit',
    ] as const) {
      expect(staffMay(ROUTE_PERMISSIONS[key]), key).toBe(false);
    }
  });

  it('a HEAD asks what its GET asks; an undeclared route has no access at all', () => {
    expect(accessOf('HEAD', '/api/manage')).toBe('orders.read');
    expect(accessOf('GET', '/api/never-declared')).toBeUndefined();
  });
});

describe('a route nobody declared', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    const email = 'undeclared-owner@example.com';
    app = await buildApp(testConfig({ auth: { ...testConfig().auth, adminEmails: [email] } }), database);
    // Registered like any route, but never given a line in the permission table.
    app.get('/api/undeclared', async () => ({ secret: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('is refused to everyone, the owner too (fail closed)', async () => {
    const owner = await signUp(app, { email: 'undeclared-owner@example.com' });
    for (const headers of [{}, as(owner)]) {
      const res = await app.inject({ method: 'GET', url: '/api/undeclared', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You may not do this' } });
    }
  });
});
