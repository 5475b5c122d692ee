import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomersPage } from '../../../contract/customers';
import { user } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession, uniqueEmail } from '../../test/sessions';
import { as, createAdminApp, HOME_ADDRESS, payOrder, placeOrder } from '../../test/store-flow';

/** The customers list: every account, its paid orders and what it spent; one customer's orders and addresses. */

let t: TestApp;
let owner: TestSession;
let buyer: TestSession;
let buyerId: string;
const tag = uniqueEmail('figures').replace(/@.*/, '');

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
  buyer = await signUp(t.app, { name: `Figures Buyer ${tag}`, email: `${tag}@example.com` });
  const [found] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, buyer.email));
  buyerId = found?.id ?? '';
});
afterAll(() => t?.close());

const get = (path: string, who: TestSession = owner) =>
  t.app.inject({ method: 'GET', url: path, headers: as(who) });

describe('GET /api/customers', () => {
  it("counts a customer's paid orders and what they spent, net of refunds", async () => {
    const product = await insertProduct(t.app.db, {
      priceCents: 2500,
      availableQuantity: 100,
      onHandQuantity: 100,
      minimumOrderQuantity: 1,
    });
    const first = await payOrder(t.app, buyer, (await placeOrder(t.app, buyer, product.id, 2))._id);
    const second = await payOrder(t.app, buyer, (await placeOrder(t.app, buyer, product.id, 1))._id);
    await placeOrder(t.app, buyer, product.id, 3); // unpaid: neither an order bought nor money spent
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${second._id}/refunds`,
      headers: { ...as(owner), 'idempotency-key': `figures-${second._id}` },
      payload: { amountCents: 700, restock: false, reason: 'Goodwill' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const totalOf = async (id: string) =>
      (await get(`/api/manage/${id}`)).json().amounts.totalCents as number;

    const res = await get(`/api/customers?search=${encodeURIComponent(`buyer ${tag}`)}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as CustomersPage;
    expect(page.total).toBe(1);
    expect(page.customers[0]).toMatchObject({
      id: buyerId,
      email: buyer.email,
      role: 'customer',
      ordersCount: 2,
      spentCents: (await totalOf(first._id)) + (await totalOf(second._id)) - 700,
    });
  });

  it('finds by part of the e-mail in any case, and a customer without orders shows zeros', async () => {
    const quiet = await signUp(t.app, { name: 'Quiet One', email: `quiet-${tag}@example.com` });
    const res = await get(`/api/customers?search=${encodeURIComponent(`QUIET-${tag}`)}`);
    expect((res.json() as CustomersPage).customers).toEqual([
      expect.objectContaining({ email: quiet.email, ordersCount: 0, spentCents: 0 }),
    ]);
    const none = await get(`/api/customers?search=${encodeURIComponent('%_nobody_%')}`);
    expect((none.json() as CustomersPage).customers).toEqual([]);
  });

  it('lists the owner with their role, and pages', async () => {
    const res = await get(`/api/customers?search=${encodeURIComponent(owner.email)}`);
    expect((res.json() as CustomersPage).customers[0]).toMatchObject({ email: owner.email, role: 'owner' });
    const far = await get('/api/customers?page=999');
    expect((far.json() as CustomersPage).customers).toEqual([]);
  });
});

describe('GET /api/customers/:id', () => {
  it("shows a customer's orders, newest first, and their addresses", async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/addresses',
      headers: as(buyer),
      payload: HOME_ADDRESS,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const res = await get(`/api/customers/${buyerId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as CustomerDetail;
    expect(detail.customer.ordersCount).toBe(2);
    expect(detail.orders.map((o) => o.paid)).toEqual([false, true, true]);
    expect(detail.orders[0]?.number).toMatch(/^TW-\d+$/);
    expect(detail.addresses).toEqual([
      expect.objectContaining({ city: HOME_ADDRESS.city, line1: HOME_ADDRESS.line1 }),
    ]);
    expect((await get('/api/customers/no-such-account')).statusCode).toBe(404);
  });

  it('is for managers and the owner: staff and customers are refused', async () => {
    for (const who of [buyer]) expect((await get(`/api/customers/${buyerId}`, who)).statusCode).toBe(403);
    const staff = await signUp(t.app);
    const [row] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, staff.email));
    await t.app.inject({
      method: 'PUT',
      url: `/api/customers/${row?.id}/role`,
      headers: as(owner),
      payload: { role: 'staff' },
    });
    expect((await get('/api/customers', staff)).statusCode).toBe(403);
  });
});
