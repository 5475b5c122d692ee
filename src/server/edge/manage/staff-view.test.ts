import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, user } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp, payOrder, placeOrder } from '../../test/store-flow';

/**
 * Staff see no money figures (decision 079): the order desk answers a staff member each order
 * without prices, totals, amounts, discount, refunds or payment; the receipt and credit notes are
 * not theirs to fetch; the "new paid order" mail they get names no amount. A manager reads the same
 * order whole, as before.
 */

let t: TestApp;
let owner: TestSession;
let manager: TestSession;
let staff: TestSession;
let customer: TestSession;
let orderId: string;
let refundId: string;
let productId: string;

/** Every key that carries money in an order's answer, at any depth. */
const MONEY_KEYS = [
  'price',
  'total',
  'transactionId',
  'cardBrand',
  'cardLast4',
  'amounts',
  'discount',
  'refunds',
  'refundedCents',
  'refundableCents',
  'unitPriceCents',
  'lineTotalCents',
  'discountCents',
  'taxCents',
  'coreChargeCents',
  'coreTotalCents',
  'coreTaxCents',
  'amountCents',
  'subtotalCents',
  'totalCents',
  'shippingCents',
];

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, into);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      into.add(key);
      keysOf(v, into);
    }
  return into;
}

const moneyIn = (answer: unknown) => MONEY_KEYS.filter((key) => keysOf(answer).has(key));

async function withRole(role: 'manager' | 'staff', name: string): Promise<TestSession> {
  const session = await signUp(t.app, { name });
  const [row] = await t.app.db.select({ id: user.id }).from(user).where(eq(user.email, session.email));
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/customers/${row?.id}/role`,
    headers: as(owner),
    payload: { role },
  });
  expect(res.statusCode, res.body).toBe(200);
  return session;
}

const get = (who: TestSession, url: string) => t.app.inject({ url, headers: as(who) });

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
  manager = await withRole('manager', 'Morgan Manager');
  staff = await withRole('staff', 'Sam Staff');
  customer = await signUp(t.app, { name: 'Casey Customer' });
  const product = await insertProduct(t.app.db, {
    priceCents: 1500,
    availableQuantity: 20,
    onHandQuantity: 20,
    minimumOrderQuantity: 1,
  });
  productId = product.id;
  const placed = await placeOrder(t.app, customer, product.id, 3);
  orderId = (await payOrder(t.app, customer, placed._id))._id;
  // The manager refunds one unit, so the order has a refund, a credit note and refunded money.
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/manage/${orderId}/refunds`,
    headers: { ...as(manager), 'idempotency-key': randomUUID() },
    payload: { lines: [{ productId, quantity: 1 }], restock: false, reason: 'Scratched' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  refundId = refund.json().refunds[0].id as string;
});
afterAll(() => t?.close());

describe('the order desk', () => {
  it('answers staff each order without money, a manager with all of it', async () => {
    const asStaff = await get(staff, `/api/manage/${orderId}`);
    expect(asStaff.statusCode, asStaff.body).toBe(200);
    const staffOrder = asStaff.json();
    expect(moneyIn(staffOrder)).toEqual([]);
    expect(asStaff.body).not.toMatch(/\$|4242|sim_pi_/);
    // What staff need to ship and take parts back is all there.
    expect(staffOrder).toMatchObject({
      _id: orderId,
      moneyHidden: true,
      paid: true,
      status: 'pending',
      userName: 'Casey Customer',
      itemCount: 3,
      shippingAddress: expect.objectContaining({ city: 'Detroit' }),
      lines: [
        {
          productId,
          quantity: 3,
          shippedQuantity: 0,
          refundedQuantity: 1,
          returnedQuantity: 0,
          hasCoreCharge: false,
        },
      ],
    });

    const asManager = (await get(manager, `/api/manage/${orderId}`)).json();
    expect(moneyIn(asManager)).toEqual(MONEY_KEYS);
    expect(asManager).not.toHaveProperty('moneyHidden');
    expect(asManager).toMatchObject({
      price: 15,
      cardLast4: '4242',
      lines: [{ unitPriceCents: 1500, lineTotalCents: 4500 }],
      refunds: [{ id: refundId, lines: [{ productId, quantity: 1, amountCents: 1500 }] }],
    });
  });

  it('lists every order to staff without money, and without a Total to show', async () => {
    const list = await get(staff, '/api/manage');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().length).toBeGreaterThan(0);
    expect(moneyIn(list.json())).toEqual([]);
    expect(list.body).not.toContain('4242');
    const managers = (await get(manager, '/api/manage')).json() as Array<{ _id: string; total: number }>;
    expect(managers.find((o) => o._id === orderId)?.total).toBeGreaterThan(0);
  });

  it('answers a staff member’s shipment without money', async () => {
    const parcel = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${orderId}/shipments`,
      headers: as(staff),
      payload: { lines: [{ productId, quantity: 1 }], carrier: 'UPS', trackingNumber: '1Z999' },
    });
    expect(parcel.statusCode, parcel.body).toBe(201);
    expect(moneyIn(parcel.json())).toEqual([]);
    const rest = await t.app.inject({ method: 'PUT', url: `/api/manage/${orderId}`, headers: as(staff) });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(moneyIn(rest.json())).toEqual([]);
    expect(rest.json()).toMatchObject({ status: 'shipped', moneyHidden: true });
  });

  it('keeps the receipt and the credit notes from staff, not from a manager', async () => {
    const receipt = `/api/manage/${orderId}/receipt.pdf`;
    const note = `/api/manage/${orderId}/refunds/${refundId}/credit-note.pdf`;
    expect((await get(staff, receipt)).statusCode).toBe(403);
    expect((await get(staff, note)).statusCode).toBe(403);
    const managersReceipt = await get(manager, receipt);
    expect(managersReceipt.statusCode).toBe(200);
    expect(managersReceipt.headers['content-type']).toContain('application/pdf');
    expect((await get(manager, note)).statusCode).toBe(200);
  });
});

describe('the mail of a new paid order', () => {
  it('tells staff what to ship and for whom, and a manager its total too', async () => {
    await t.app.jobs.drain();
    const number = (await get(manager, `/api/manage/${orderId}`)).json().number as string;
    const noticeTo = async (who: TestSession) => {
      const [mail] = await t.app.db
        .select()
        .from(mails)
        .where(and(eq(mails.toAddress, who.email), like(mails.subject, '%new paid order%')));
      if (!mail) throw new Error(`no notice to ${who.email}`);
      return mail;
    };
    const toStaff = await noticeTo(staff);
    expect(toStaff.subject).toBe(`TorqueWorks: new paid order ${number}`);
    for (const part of [toStaff.text, toStaff.html]) {
      expect(part).toContain('3 x ');
      expect(part).toContain('Casey Customer');
      expect(part).not.toContain('$');
      expect(part).not.toContain('Total');
    }
    const toManager = await noticeTo(manager);
    expect(toManager.subject).toMatch(
      new RegExp(`^TorqueWorks: new paid order ${number}, \\$\\d+\\.\\d{2}$`),
    );
    expect(toManager.text).toMatch(/Total: \$\d+\.\d{2}/);
  });
});
