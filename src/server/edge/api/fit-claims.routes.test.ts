import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitClaimMessages, Return } from '../../../contract/after-sale';
import { ErrorEnvelope } from '../../../contract/errors';
import { SalesReport } from '../../../contract/reports';
import { fitments, user } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, checkoutCart, createAdminApp, fillCart, payOrder } from '../../test/store-flow';

/**
 * The routes of fit claims on returns (decision 092) through the real app: a customer's return
 * names its vehicle by VIN or as chosen, the desk lists the claim, the owner corrects the listing
 * (staff may not), and the numbers count the wrong listing. The rules themselves are in
 * modules/orders/return-fit-claims.test.ts.
 */
let t: TestApp;
let admin: TestSession;
let customer: TestSession;
let staff: TestSession;

beforeAll(async () => {
  ({ t, admin } = await createAdminApp());
  customer = await signUp(t.app, { name: 'Rory Routes' });
  staff = await signUp(t.app, { name: 'Sam Staff' });
  await t.database.db.update(user).set({ role: 'staff' }).where(eq(user.email, staff.email));
});
afterAll(() => t.close());

/** A shipped order of one $80.00 strut fitted to 2001-2005 Honda Accord. */
async function shippedStrut() {
  const strut = await insertProduct(t.database.db, {
    name: 'Front strut',
    priceCents: 8000,
    availableQuantity: 5,
    minimumOrderQuantity: 1,
  });
  await t.database.db
    .insert(fitments)
    .values({ productId: strut.id, make: 'Honda', model: 'Accord', yearFrom: 2001, yearTo: 2005 });
  await fillCart(t.app, customer, [{ productId: strut.id, quantity: 1 }]);
  const placed = await checkoutCart(t.app, customer);
  expect(placed.statusCode, placed.body).toBe(201);
  const order = await payOrder(t.app, customer, placed.json().order._id);
  const shipped = await t.app.inject({
    method: 'POST',
    url: `/api/manage/${order._id}/shipments`,
    headers: as(admin),
    payload: { carrier: 'UPS', trackingNumber: '1ZSTRUT' },
  });
  expect(shipped.statusCode, shipped.body).toBe(201);
  return { strut, order };
}

const askReturn = (orderId: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/order/${orderId}/returns`, headers: as(customer), payload });

describe('POST /api/order/:id/returns with a "does not fit" claim', () => {
  it('answers 201 with the vehicle read from the VIN and the claim; 400 with the words for a vehicle the store does not know', async () => {
    const { strut, order } = await shippedStrut();
    const line = { productId: strut.id, quantity: 1, reason: 'does_not_fit' };
    const unknown = await askReturn(order._id, {
      lines: [line],
      vehicle: { from: 'picker', year: 1999, make: 'Honda', model: 'Starlet' },
    });
    expect(unknown.statusCode).toBe(400);
    const envelope = ErrorEnvelope.parse(unknown.json());
    expect(envelope.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: fitClaimMessages.unknownVehicle('1999 Honda Starlet'),
    });

    const asked = await askReturn(order._id, {
      lines: [line],
      vehicle: { from: 'vin', vin: '1HGCM82633A004352' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = Return.parse(asked.json());
    expect(ret.vehicle).toMatchObject({ year: 2003, make: 'Honda', model: 'Accord' });
    expect(ret.fitClaims).toEqual([
      {
        productId: strut.id,
        from: 'vin',
        vin: '1HGCM82633A004352',
        listed: 'fits',
        listsNow: 'fits',
        correctedAt: null,
      },
    ]);
  });
});

describe('GET /api/manage/returns and POST /api/manage/returns/:id/fitment-correction', () => {
  it('lists the claim; refuses staff (403); the owner takes the vehicle out of the fitment (200), then finds nothing to correct (409)', async () => {
    const { strut, order } = await shippedStrut();
    const asked = await askReturn(order._id, {
      lines: [{ productId: strut.id, quantity: 1, reason: 'does_not_fit' }],
      vehicle: { from: 'garage', year: 2003, make: 'Honda', model: 'Accord' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as string;

    const listed = await t.app.inject({ method: 'GET', url: '/api/manage/returns', headers: as(staff) });
    expect(listed.statusCode).toBe(200);
    const mine = (listed.json() as unknown[]).map((r) => Return.parse(r)).find((r) => r.id === id);
    expect(mine?.fitClaims).toEqual([expect.objectContaining({ productId: strut.id, listed: 'fits' })]);

    const correct = (who: TestSession, productId = strut.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/manage/returns/${id}/fitment-correction`,
        headers: as(who),
        payload: { productId },
      });
    expect((await correct(staff)).statusCode).toBe(403);
    const unknownProduct = await correct(admin, '00000000-0000-4000-8000-000000000000');
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.json().error.message).toBe(fitClaimMessages.noClaim);

    const done = await correct(admin);
    expect(done.statusCode, done.body).toBe(200);
    expect(Return.parse(done.json()).fitClaims).toEqual([
      expect.objectContaining({ listed: 'fits', listsNow: 'no', correctedAt: expect.any(String) }),
    ]);
    const rows = await t.database.db
      .select({ from: fitments.yearFrom, to: fitments.yearTo })
      .from(fitments)
      .where(eq(fitments.productId, strut.id))
      .orderBy(fitments.yearFrom);
    expect(rows).toEqual([
      { from: 2001, to: 2002 },
      { from: 2004, to: 2005 },
    ]);
    const again = await correct(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(fitClaimMessages.notClaimed);
  });
});

describe('GET /api/manage/reports', () => {
  it('answers the wrong listings by product', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { strut, order } = await shippedStrut();
    const asked = await askReturn(order._id, {
      lines: [{ productId: strut.id, quantity: 1, reason: 'does_not_fit' }],
      vehicle: { from: 'picker', year: 2002, make: 'Honda', model: 'Accord' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/manage/reports?from=${today}&to=${today}`,
      headers: as(admin),
    });
    expect(res.statusCode).toBe(200);
    const report = SalesReport.parse(res.json());
    expect(report.wrongListings.find((w) => w.productId === strut.id)).toEqual({
      productId: strut.id,
      name: 'Front strut',
      returns: 1,
      units: 1,
    });
  });
});
