import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BooksReport } from '../../../contract/books';
import { DiscountInput } from '../../../contract/discounts';
import type { Order } from '../../../contract/orders';
import type { SettingsAnswer } from '../../../contract/settings';
import { user } from '../../kernel/db/schema';
import { insertProduct } from '../../test/fixtures';
import type { TestApp } from '../../test/harness';
import { signUp, type TestSession } from '../../test/sessions';
import { as, createAdminApp, fillCart, HOME_ADDRESS, payOrder } from '../../test/store-flow';
import { createDiscount } from '../discounts/discounts.service';

/**
 * The books of one day on the real database through the real routes: two orders (one with a
 * discount and a core charge to Michigan, one to Ohio), a refund of a unit, a goodwill refund and
 * a return with a 10 % restocking fee. The page's figures are stated in cents, and the files add
 * up to them.
 */
let t: TestApp;
let owner: TestSession;
let manager: TestSession;
let customer: TestSession;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  ({ t, admin: owner } = await createAdminApp());
  customer = await signUp(t.app, { name: 'Brooke Books' });
  manager = await signUp(t.app, { name: 'Morgan Manager' });
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, manager.email));
  const promoted = await t.app.inject({
    method: 'PUT',
    url: `/api/customers/${row?.id}/role`,
    headers: as(owner),
    payload: { role: 'manager' },
  });
  expect(promoted.statusCode, promoted.body).toBe(200);
  const now = (await t.app.inject({ url: '/api/settings', headers: as(owner) })).json() as SettingsAnswer;
  const saved = await t.app.inject({
    method: 'PUT',
    url: '/api/settings/returns',
    headers: as(owner),
    payload: { value: { windowDays: 30, restockingFeePercent: 10 }, revision: now.sections.returns.revision },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

const OHIO = { ...HOME_ADDRESS, city: 'Columbus', region: 'OH', postalCode: '43215' };

async function checkout(
  lines: { productId: string; quantity: number }[],
  address = HOME_ADDRESS,
  code?: string,
) {
  await fillCart(t.app, customer, lines);
  const cart = await t.app.inject({
    url: `/api/cart?region=${address.region}${code ? `&code=${code}` : ''}`,
    headers: as(customer),
  });
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: as(customer),
    payload: {
      idempotencyKey: randomUUID(),
      address,
      shippingMethod: 'standard',
      expectedTotalCents: cart.json().totals.totalCents,
      ...(code ? { discountCode: code } : {}),
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return payOrder(t.app, customer, placed.json().order._id);
}

const post = async (url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { ...as(owner), ...headers }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

/** The product editor's Cost field. */
const editCost = async (id: string, cost: number | null) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/tool/${id}`,
    headers: as(owner),
    payload: { cost },
  });
  expect(res.statusCode, res.body).toBe(200);
};

const books = async (query = `from=${today}&to=${today}`) =>
  (await t.app.inject({ url: `/api/manage/books?${query}`, headers: as(owner) })).json() as BooksReport;

const file = async (name: string) => {
  const res = await t.app.inject({
    url: `/api/manage/books/${name}.csv?from=${today}&to=${today}`,
    headers: as(owner),
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return parse(res.body, { columns: true }) as Record<string, string>[];
};

/** Cents from a file's plain decimal ("55.99"), read as digits. */
const c = (decimal: string | undefined) => {
  expect(decimal).toMatch(/^-?\d+\.\d{2}$/);
  return Number((decimal ?? '').replace('.', ''));
};
const total = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + c(r[column]), 0);

describe('the books of a day', () => {
  let pads: { id: string };
  let alternator: { id: string };
  let first: Order;
  let second: Order;

  beforeAll(async () => {
    const code = `BOOKS${randomUUID().slice(0, 6).toUpperCase()}`;
    await createDiscount(
      t.database.db,
      DiscountInput.parse({
        code,
        name: '10% off brake parts',
        kind: 'percent',
        value: 1000,
        appliesTo: 'categories',
        categorySlugs: ['brakes'],
      }),
    );
    pads = await insertProduct(t.database.db, {
      name: 'Brake pad set',
      priceCents: 4599,
      availableQuantity: 50,
      minimumOrderQuantity: 1,
      categorySlug: 'brakes',
      sku: `BP-${randomUUID().slice(0, 8)}`,
      partNumber: 'D1210',
      costCents: 2000,
    });
    alternator = await insertProduct(t.database.db, {
      name: 'Remanufactured alternator',
      priceCents: 15999,
      coreChargeCents: 4500,
      availableQuantity: 50,
      minimumOrderQuantity: 1,
    });
    // 3 pads ($137.97, 10 % off: $13.80) and an alternator ($159.99 + $45.00 core) to Michigan at 7 %.
    first = await checkout(
      [
        { productId: pads.id, quantity: 3 },
        { productId: alternator.id, quantity: 1 },
      ],
      HOME_ADDRESS,
      code,
    );
    // The pads' cost goes up to $25.00 in the product editor; the first order keeps $20.00.
    await editCost(pads.id, 25);
    // One pad set to Ohio.
    second = await checkout([{ productId: pads.id, quantity: 1 }], OHIO);
    // A cost changed after the sale moves no figure.
    await editCost(pads.id, 31.5);
    await post(`/api/manage/${first._id}/shipments`, { carrier: 'UPS', trackingNumber: '1Z1' });
    // A pad refunded (damaged in transit), and $5.00 of goodwill.
    await post(
      `/api/manage/${first._id}/refunds`,
      { lines: [{ productId: pads.id, quantity: 1 }], restock: false, reason: 'Damaged in transit' },
      { 'idempotency-key': randomUUID() },
    );
    await post(
      `/api/manage/${first._id}/refunds`,
      { amountCents: 500, restock: false, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    // The alternator sent back: refunded less a 10 % restocking fee, its core charge with it.
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/order/${first._id}/returns`,
      headers: as(customer),
      payload: { lines: [{ productId: alternator.id, quantity: 1, reason: 'no_longer_needed' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const ret = asked.json().id as string;
    await post(`/api/manage/returns/${ret}/decision`, { approve: true, note: 'Fine' });
    await post(`/api/manage/returns/${ret}/received`, {
      lines: [{ productId: alternator.id, outcome: 'restock' }],
    });
    await post(`/api/manage/returns/${ret}/refund`);
  });

  it('states each figure, and they add up', async () => {
    expect(first.amounts).toMatchObject({
      subtotalCents: 13797 + 15999 + 4500,
      discountCents: 1380,
      shippingCents: 0,
      taxCents: 2304,
      totalCents: 35220,
    });
    const report = await books();
    const s = report.summary;
    // First order: goods $137.97 - $13.80 + $159.99 + $45.00 core = $329.16, 7 % tax $23.04 (23.0412),
    // free shipping: $352.20. Second: $45.99 + $7.99 shipping (not taxed) + $3.22 tax = $57.20.
    // Refunds: a pad sold for $41.39 with 290 cents of tax (2304 x 4139 / 32916 = 289.7); $5.00
    // goodwill; the alternator $159.99 and its $45.00 core with 1435 cents of tax (the running
    // share, 1725 - 290), less a $16.00 fee (10 % of $159.99): $203.34.
    expect(s).toEqual({
      ordersPaid: 2,
      grossSalesCents: 13797 + 15999 + 4599,
      discountsCents: 1380,
      returnsCents: 4139 + 15999,
      netSalesCents: 12877,
      shippingChargedCents: 799,
      shippingRefundedCents: 0,
      taxChargedCents: 2304 + 322,
      taxRefundedCents: 290 + 1435,
      coresChargedCents: 4500,
      coresRefundedCents: 4500,
      restockingFeesCents: 1600,
      otherRefundsCents: 500,
      totalSalesCents: 15677,
      latePaymentsCents: 0,
      latePaymentsRefundedCents: 0,
      paymentsCents: 35220 + 5720,
      refundsCount: 3,
      refundsCents: 4429 + 500 + 20334,
      storeCreditUsedCents: 0,
      storeCreditIssuedCents: 0,
      onAccountChargedCents: 0,
      onAccountCreditedCents: 0,
      accountPaymentsCents: 0,
      balanceDueCents: 0,
      balanceTakenOffCents: 0,
      netCollectedCents: 15677,
      // Pads at cost at sale: 3 x $20.00 + 1 x $25.00, less the refunded one at $20.00. The
      // alternator has no cost: its sale and its return are the two units without one.
      costOfGoodsCents: 6000 + 2500 - 2000,
      marginCents: 12877 - 6500,
      unitsWithoutCost: 2,
    });
    expect(s.grossSalesCents - s.discountsCents - s.returnsCents).toBe(s.netSalesCents);
    expect(s.paymentsCents).toBe(first.amounts.totalCents + second.amounts.totalCents);
    expect(s.netCollectedCents).toBe(s.paymentsCents - s.refundsCents);
    expect(s.netCollectedCents).toBe(s.totalSalesCents + s.latePaymentsCents - s.latePaymentsRefundedCents);
    expect(report.series).toHaveLength(1);
    expect(report.series[0]).toMatchObject({ ...s, start: `${today.slice(0, 8)}01` });
  });

  it('puts the taxes by state, charged less refunded', async () => {
    const { taxes, summary } = await books();
    expect(taxes.map((j) => [j.country, j.region])).toEqual([
      ['US', 'MI'],
      ['US', 'OH'],
    ]);
    const [mi, oh] = taxes;
    expect(mi).toMatchObject({
      taxChargedCents: first.amounts.taxCents,
      salesCents: first.amounts.totalCents - first.amounts.taxCents,
    });
    expect(oh).toMatchObject({ taxChargedCents: second.amounts.taxCents, taxRefundedCents: 0 });
    expect(taxes.reduce((s, j) => s + j.taxNetCents, 0)).toBe(
      summary.taxChargedCents - summary.taxRefundedCents,
    );
  });

  it('reads sales by product, refunds by reason and payments by provider', async () => {
    const { products, categories, brands, refundReasons, providers, summary } = await books();
    expect(products.find((p) => p.productId === pads.id)).toMatchObject({
      unitsSold: 4,
      grossSalesCents: 4 * 4599,
      discountsCents: 1380,
      unitsRefunded: 1,
      costOfGoodsCents: 6500,
      marginCents: 18396 - 1380 - 4139 - 6500,
    });
    expect(products.find((p) => p.productId === alternator.id)).toMatchObject({
      costOfGoodsCents: 0,
      marginCents: 0,
    });
    expect(products.reduce((s, p) => s + p.returnsCents, 0)).toBe(summary.returnsCents);
    // Categories and brands add their products up: the pads are the brakes; nothing has a brand.
    const brakes = categories.find((g) => g.name !== '');
    expect(brakes).toMatchObject({
      unitsSold: 4,
      grossSalesCents: 4 * 4599,
      marginCents: 18396 - 1380 - 4139 - 6500,
    });
    expect(brands.map((g) => [g.name, g.grossSalesCents])).toEqual([['', 4 * 4599 + 15999]]);
    expect(refundReasons.map((r) => [r.kind, r.reason, r.count])).toEqual(
      expect.arrayContaining([
        ['return', 'Returns', 1],
        ['refund', 'Damaged in transit', 1],
        ['refund', 'Goodwill', 1],
      ]),
    );
    expect(refundReasons.reduce((s, r) => s + r.amountCents, 0)).toBe(summary.refundsCents);
    expect(providers).toEqual([
      {
        provider: 'simulated',
        payments: 2,
        paymentsCents: summary.paymentsCents,
        refunds: 3,
        refundsCents: summary.refundsCents,
        netCents: summary.netCollectedCents,
      },
    ]);
  });

  it('writes the files so that every order adds up and they reproduce the page', async () => {
    const { summary, taxes } = await books();
    const orders = await file('orders');
    expect(orders).toHaveLength(2);
    for (const o of orders)
      expect(c(o.goods) - c(o.discount) + c(o.shipping) + c(o.tax) + c(o.cores)).toBe(c(o.total));
    expect(orders.find((o) => o.order_number === first.number)).toMatchObject({
      region: 'MI',
      discount: '13.80',
      cores: '45.00',
      payment_id: first.transactionId,
      provider: 'simulated',
      invoice_number: 'INV-000001',
    });
    expect(orders.map((o) => o.invoice_number)).toEqual(['INV-000001', 'INV-000002']);
    expect(total(orders, 'goods')).toBe(summary.grossSalesCents);
    expect(total(orders, 'discount')).toBe(summary.discountsCents);
    expect(total(orders, 'tax')).toBe(summary.taxChargedCents);
    expect(total(orders, 'cores')).toBe(summary.coresChargedCents);

    const lines = await file('lines');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({
      sku: expect.stringMatching(/^BP-/),
      part_number: 'D1210',
      quantity: '3',
    });
    expect(total(lines, 'goods')).toBe(summary.grossSalesCents);
    expect(total(lines, 'discount_share')).toBe(summary.discountsCents);
    // No place here taxes shipping: the lines' tax is all the tax, and with shipping they are what was paid.
    expect(total(lines, 'tax_share')).toBe(summary.taxChargedCents);
    expect(total(lines, 'net') + total(orders, 'shipping')).toBe(summary.paymentsCents);
    expect(lines.filter((l) => l.order_number === first.number).map((l) => l.tax_share)).toEqual([
      '8.69',
      '14.35',
    ]);
    // The cost at sale and the margin on what the line sold for; a cost not known is left empty.
    expect(lines.map((l) => [l.order_number, l.unit_cost, l.cost, l.margin])).toEqual([
      [first.number, '20.00', '60.00', '64.17'],
      [first.number, '', '', ''],
      [second.number, '25.00', '25.00', '20.99'],
    ]);

    const refunds = await file('refunds');
    expect(refunds).toHaveLength(3);
    expect(total(refunds, 'amount')).toBe(summary.refundsCents);
    expect(total(refunds, 'goods')).toBe(summary.returnsCents);
    expect(total(refunds, 'tax')).toBe(summary.taxRefundedCents);
    expect(refunds.find((r) => r.kind === 'return')?.other).toBe('-16.00');
    // Credit notes numbered in the order the refunds succeeded, without a gap.
    expect(refunds.map((r) => r.credit_note_number)).toEqual(['CN-000001', 'CN-000002', 'CN-000003']);

    const taxFile = await file('taxes');
    expect(taxFile.map((r) => [r.region, c(r.tax_net)])).toEqual(taxes.map((j) => [j.region, j.taxNetCents]));

    const payments = await file('payments');
    expect(payments.map((p) => p.payment_id).sort()).toEqual(
      [first.transactionId, second.transactionId].sort(),
    );
    expect(total(payments, 'amount')).toBe(summary.paymentsCents);
  });

  it('opens the orders behind each figure in the order desk', async () => {
    const behind = async (query: string) => {
      const res = await t.app.inject({ url: `/api/manage?${query}`, headers: as(owner) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Order[]).map((o) => o.number).sort();
    };
    const day = `${today}`;
    expect(await behind(`paidFrom=${day}&paidTo=${day}`)).toEqual([first.number, second.number].sort());
    expect(await behind(`paidFrom=${day}&paidTo=${day}&country=US&region=oh`)).toEqual([second.number]);
    expect(await behind(`refundedFrom=${day}&refundedTo=${day}`)).toEqual([first.number]);
    expect(await behind(`paidFrom=${day}&paidTo=${day}&productId=${alternator.id}`)).toEqual([first.number]);
    expect(await behind('paidFrom=2001-01-01&paidTo=2001-01-31')).toEqual([]);
    expect(await behind(`productId=not-a-product`)).toEqual([]);
  });

  it('is the owner’s alone, and refuses a period that ends before it starts', async () => {
    const asManager = await t.app.inject({
      url: `/api/manage/books?from=${today}&to=${today}`,
      headers: as(manager),
    });
    expect(asManager.statusCode).toBe(403);
    const fileAsManager = await t.app.inject({
      url: `/api/manage/books/orders.csv?from=${today}&to=${today}`,
      headers: as(manager),
    });
    expect(fileAsManager.statusCode).toBe(403);
    const backwards = await t.app.inject({
      url: `/api/manage/books?from=${today}&to=2000-01-01`,
      headers: as(owner),
    });
    expect(backwards.statusCode).toBe(400);
    const unknown = await t.app.inject({
      url: `/api/manage/books/secrets.csv?from=${today}&to=${today}`,
      headers: as(owner),
    });
    expect(unknown.statusCode).toBe(400);
  });
});
