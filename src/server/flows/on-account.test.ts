import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BooksReport } from '../../contract/books';
import type { CheckoutAnswer } from '../../contract/checkout';
import type { AccountInvoices, AccountPayment, OpenInvoices } from '../../contract/invoices';
import type { Order } from '../../contract/orders';
import type { Quote } from '../../contract/pricing';
import type { CustomerGroup, TradeAccount } from '../../contract/trade';
import { accountInvoices, outboxMessages, refunds } from '../kernel/db/schema';
import { mailMonthlyStatements, remindOverdueInvoices } from '../modules/receivables';
import { insertProduct } from '../test/fixtures';
import type { TestApp } from '../test/harness';
import { createOwnerApp, type Member, newCustomer, newStaff } from '../test/kit';
import { pdfText } from '../test/pdf-text';
import { as, checkoutCart, fillCart } from '../test/store-flow';

// Orders on account and customer groups (decision 102) through the real app: the owner gives a
// shop terms, the shop orders without a card within its limit, payments are recorded against its
// invoices, a refund comes off the invoice, the statement and the books add up, an overdue
// invoice stops ordering on account and is reminded; a group's list prices its members.
let t: TestApp;
let owner: Member;
let manager: Member;
beforeAll(async () => {
  ({ t, admin: owner } = await createOwnerApp());
  manager = await newStaff(t.app, 'manager', 'Mia Manager');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const OWN_LIST = { percentOffBasisPoints: 0, categories: [], netPrices: [] };

const putTrade = (who: Member, shop: Member, body: object) =>
  t.app.inject({ method: 'PUT', url: `/api/customers/${shop.id}/trade`, headers: as(who), payload: body });

const invoicesOf = async (shop: Member) => {
  const res = await t.app.inject({ url: '/api/account/invoices', headers: as(shop) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountInvoices;
};

const recordPayment = (who: Member, shop: Member, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customers/${shop.id}/payments`,
    headers: as(who),
    payload: body,
  });

/** A shop with net-30 terms and a $120.00 limit, and a $40.00 caliper to buy. */
async function shopOnTerms() {
  const shop = await newCustomer(t.app, { name: 'Kim Garage' });
  const res = await putTrade(owner, shop, {
    priceList: OWN_LIST,
    certificate: null,
    onAccount: { creditLimitCents: 12_000, termsDays: 30 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const caliper = await insertProduct(t.database.db, {
    name: 'Brake caliper',
    priceCents: 4000,
    availableQuantity: 20,
    minimumOrderQuantity: 1,
  });
  return { shop, caliper: caliper.id };
}

async function orderOnAccount(shop: Member, productId: string, quantity: number) {
  await fillCart(t.app, shop, [{ productId, quantity }]);
  return checkoutCart(t.app, shop, { payOnAccount: true });
}

describe('orders on account', () => {
  it('are set by the owner alone; a manager may not extend credit', async () => {
    const shop = await newCustomer(t.app, { name: 'Lee Auto' });
    const byManager = await putTrade(manager, shop, {
      priceList: OWN_LIST,
      certificate: null,
      onAccount: { creditLimitCents: 50_000, termsDays: 15 },
    });
    expect(byManager.statusCode).toBe(403);
    // Without terms in the body a manager keeps the prices up to date and the terms stand.
    expect(
      (
        await putTrade(owner, shop, {
          priceList: OWN_LIST,
          certificate: null,
          onAccount: { creditLimitCents: 50_000, termsDays: 15 },
        })
      ).statusCode,
    ).toBe(200);
    const kept = await putTrade(manager, shop, {
      priceList: { ...OWN_LIST, percentOffBasisPoints: 500 },
      certificate: null,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as TradeAccount).onAccount).toEqual({ creditLimitCents: 50_000, termsDays: 15 });
  });

  it('places an order without a card within the limit, refuses one past it, and puts the cart back', async () => {
    const { shop, caliper } = await shopOnTerms();
    const first = await orderOnAccount(shop, caliper, 1);
    expect(first.statusCode, first.body).toBe(201);
    const placed = first.json() as CheckoutAnswer;
    // $40.00 + $7.99 shipping + 7 % tax on the goods ($2.80): $50.79, paid on account, no card.
    expect(placed.payment).toBeNull();
    expect(placed.order.paid).toBe(true);
    expect(placed.order.status).toBe('pending');
    expect(placed.order.amounts.onAccountCents).toBe(5079);
    const { standing, invoices } = await invoicesOf(shop);
    expect(standing).toMatchObject({ balanceCents: 5079, availableCents: 6921, stoppedBecause: null });
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({
      orderNumber: placed.order.number,
      amountCents: 5079,
      openCents: 5079,
      dueOn: plusDays(30),
      status: 'open',
    });
    expect(invoices[0]?.invoiceNumber).toMatch(/^INV-\d{6}$/);

    // Two more calipers: $80.00 + $7.99 + $5.60 = $93.59, more than the $69.21 left.
    const second = await orderOnAccount(shop, caliper, 2);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(
      'This order is over your credit limit: $69.21 is available on account.',
    );
    const cart = await t.app.inject({ url: '/api/cart', headers: as(shop) });
    expect((cart.json() as Quote).lines.map((l) => l.quantity)).toEqual([2]);
    expect((await invoicesOf(shop)).standing.balanceCents).toBe(5079);
  });

  it('records payments against invoices, takes a refund off the invoice, and the statement and books add up', async () => {
    const { shop, caliper } = await shopOnTerms();
    const placed = (await orderOnAccount(shop, caliper, 1)).json() as CheckoutAnswer;
    const [invoice] = (await invoicesOf(shop)).invoices;
    if (!invoice) throw new Error('no invoice');

    // A customer cannot record a payment; a manager records a $30.00 check.
    expect(
      (await recordPayment(shop, shop, { method: 'check', amountCents: 100, receivedOn: today() }))
        .statusCode,
    ).toBe(403);
    const check = await recordPayment(manager, shop, {
      method: 'check',
      amountCents: 3000,
      reference: 'Check 1042',
      receivedOn: today(),
    });
    expect(check.statusCode, check.body).toBe(201);
    expect((check.json() as AccountPayment).lines).toEqual([
      { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber, amountCents: 3000 },
    ]);

    // $10.00 given back: it comes off what the invoice still owes; the card is not asked.
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/manage/${placed.order._id}/refunds`,
      headers: { ...as(owner), 'idempotency-key': randomUUID() },
      payload: { amountCents: 1000, restock: false, reason: 'Price match' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const [row] = await t.database.db.select().from(refunds).where(eq(refunds.orderId, placed.order._id));
    expect(row).toMatchObject({ status: 'succeeded', onAccountCents: 1000, storeCreditCents: 0 });
    let account = await invoicesOf(shop);
    expect(account.invoices[0]).toMatchObject({ creditedCents: 1000, paidCents: 3000, openCents: 1079 });
    expect(account.standing.balanceCents).toBe(1079);

    // More than is owed is refused; the rest by bank transfer pays it.
    const tooMuch = await recordPayment(manager, shop, {
      method: 'bank_transfer',
      amountCents: 1080,
      receivedOn: today(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('This payment is more than the open invoices owe ($10.79).');
    const rest = await recordPayment(owner, shop, {
      method: 'bank_transfer',
      amountCents: 1079,
      receivedOn: today(),
    });
    expect(rest.statusCode, rest.body).toBe(201);
    account = await invoicesOf(shop);
    expect(account.invoices[0]).toMatchObject({ openCents: 0, status: 'paid' });
    expect(account.standing.balanceCents).toBe(0);
    expect(account.payments.map((p) => [p.method, p.amountCents])).toEqual([
      ['bank_transfer', 1079],
      ['check', 3000],
    ]);

    // The month's statement: from nothing, the invoice, its payments and its credit, to nothing.
    const month = today().slice(0, 7);
    const pdf = await t.app.inject({ url: `/api/account/statement.pdf?month=${month}`, headers: as(shop) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload).join(' ');
    for (const words of [
      'Opening balance',
      `${invoice.invoiceNumber} (order ${placed.order.number})`,
      '$50.79',
      'Payment, check Check 1042',
      '$30.00',
      `Credit on ${invoice.invoiceNumber}`,
      '$10.00',
      'Payment, bank transfer',
      '$10.79',
      'Closing balance',
    ])
      expect(text).toContain(words);
    const staffPdf = await t.app.inject({
      url: `/api/customers/${shop.id}/statement.pdf?month=${month}`,
      headers: as(manager),
    });
    expect(staffPdf.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/account/statement.pdf?month=2026-13`, headers: as(shop) })).statusCode,
    ).toBe(400);

    // The books of today see the sale on account, the credit and the payments, and reconcile.
    const books = await t.app.inject({
      url: `/api/manage/books?from=${today()}&to=${today()}`,
      headers: as(owner),
    });
    expect(books.statusCode, books.body).toBe(200);
    const s = (books.json() as BooksReport).summary;
    expect(s.onAccountChargedCents).toBeGreaterThanOrEqual(5079);
    const ours = await t.database.db.execute(sql`
      select (select coalesce(sum(amount_cents), 0) from account_payments)::text as payments,
        (select coalesce(sum(amount_cents), 0) from account_credits)::text as credits,
        (select coalesce(sum(on_account_cents), 0) from orders where paid_at is not null)::text as charged`);
    const ledger =
      (ours as unknown as { rows: Record<string, string>[] }).rows?.[0] ??
      (ours as unknown as Record<string, string>[])[0];
    expect(s.accountPaymentsCents).toBe(Number(ledger?.payments));
    expect(s.onAccountCreditedCents).toBe(Number(ledger?.credits));
    expect(s.onAccountChargedCents).toBe(Number(ledger?.charged));
    expect(
      s.netCollectedCents -
        s.accountPaymentsCents +
        s.storeCreditUsedCents -
        s.storeCreditIssuedCents +
        s.onAccountChargedCents -
        s.onAccountCreditedCents,
    ).toBe(s.totalSalesCents + s.latePaymentsCents - s.latePaymentsRefundedCents);
  });

  it('records a payment against the invoices staff name, each once and at most what it owes', async () => {
    const { shop, caliper } = await shopOnTerms();
    await orderOnAccount(shop, caliper, 1);
    await orderOnAccount(shop, caliper, 1);
    const [newer, older] = (await invoicesOf(shop)).invoices;
    if (!newer || !older) throw new Error('two invoices expected');
    const pay = (lines: object[], amountCents: number) =>
      recordPayment(manager, shop, { method: 'check', amountCents, receivedOn: today(), lines });
    const twice = await pay(
      [
        { invoiceId: newer.id, amountCents: 100 },
        { invoiceId: newer.id, amountCents: 100 },
      ],
      200,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'Name each invoice paid once, and only open invoices of this customer.',
    );
    const tooMuch = await pay([{ invoiceId: newer.id, amountCents: 5080 }], 5080);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(`${newer.invoiceNumber} owes $50.79: pay at most that on it.`);
    expect((await pay([{ invoiceId: newer.id, amountCents: 2000 }], 2500)).statusCode).toBe(400);
    // The newer invoice is paid, though the older one is due first.
    expect((await pay([{ invoiceId: newer.id, amountCents: 2000 }], 2000)).statusCode).toBe(201);
    const after = await invoicesOf(shop);
    expect(after.invoices.map((i) => i.openCents)).toEqual([3079, 5079]);
    expect(after.standing.balanceCents).toBe(8158);
  });

  it('stops ordering on account while an invoice is overdue past the setting, reminds it once a week, and keeps the terms of an account that owes', async () => {
    const { shop, caliper } = await shopOnTerms();
    const placed = (await orderOnAccount(shop, caliper, 1)).json() as CheckoutAnswer;
    // The invoice fell due 31 days ago: past the default 30.
    await t.database.db
      .update(accountInvoices)
      .set({ dueOn: plusDays(-31) })
      .where(eq(accountInvoices.orderId, placed.order._id));
    const { standing, invoices } = await invoicesOf(shop);
    expect(invoices[0]?.status).toBe('overdue');
    expect(standing.overdueCents).toBe(5079);
    expect(standing.stoppedBecause).toBe(
      'An invoice on your account is more than 30 days overdue: pay it to order on account again.',
    );
    const refused = await orderOnAccount(shop, caliper, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(standing.stoppedBecause);

    const remindedNow = await remindOverdueInvoices(t.database.db, t.app.outbox);
    expect(remindedNow).toBeGreaterThanOrEqual(1);
    const reminders = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.topic} = 'invoice.overdue' and ${outboxMessages.payload}->>'invoiceId' = ${invoices[0]?.id}`,
      );
    expect(reminders).toHaveLength(1);
    // Asked again the same week, nothing more.
    await remindOverdueInvoices(t.database.db, t.app.outbox);
    expect(
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(
          sql`${outboxMessages.topic} = 'invoice.overdue' and ${outboxMessages.payload}->>'invoiceId' = ${invoices[0]?.id}`,
        ),
    ).toHaveLength(1);

    const open = await t.app.inject({ url: '/api/invoices', headers: as(manager) });
    expect((open.json() as OpenInvoices).invoices.find((i) => i.orderId === placed.order._id)).toMatchObject({
      status: 'overdue',
      customerName: 'Kim Garage',
      openCents: 5079,
    });
    const close = await t.app.inject({
      method: 'DELETE',
      url: `/api/customers/${shop.id}/trade`,
      headers: as(owner),
    });
    expect(close.statusCode).toBe(409);
    expect(close.json().error.message).toBe(
      'This account owes $50.79 on invoices: close it once they are paid.',
    );
  });

  it('mails each account that owes its statement once a month ends, whichever instance asks twice', async () => {
    const { shop, caliper } = await shopOnTerms();
    await orderOnAccount(shop, caliper, 1);
    const nextMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 2));
    const first = await mailMonthlyStatements(t.database.db, t.app.outbox, nextMonth);
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await mailMonthlyStatements(t.database.db, t.app.outbox, nextMonth)).toBe(0);
    const month = today().slice(0, 7);
    const statements = await t.database.db
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.topic} = 'statement.ready' and ${outboxMessages.payload}->>'userId' = ${shop.id} and ${outboxMessages.payload}->>'month' = ${month}`,
      );
    expect(statements).toHaveLength(1);
  });

  it('is refused for an account without terms, and on the payment page puts an unpaid order on account', async () => {
    const { shop, caliper } = await shopOnTerms();
    const retail = await newCustomer(t.app, { name: 'Retail Rae' });
    const refused = await orderOnAccount(retail, caliper, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Your account does not order on account.');

    await fillCart(t.app, shop, [{ productId: caliper, quantity: 1 }]);
    const unpaid = (await checkoutCart(t.app, shop)).json() as CheckoutAnswer;
    expect(unpaid.order.paid).toBe(false);
    const put = await t.app.inject({
      method: 'POST',
      url: `/api/order/${unpaid.order._id}/on-account`,
      headers: as(shop),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((put.json() as Order).amounts.onAccountCents).toBe(5079);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/order/${unpaid.order._id}/on-account`,
      headers: as(shop),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Only an unpaid order can be put on account.');
  });
});

describe('the books of exempt sales', () => {
  it('report the sales a resale certificate made tax-free, by state, in the report and its file', async () => {
    const shop = await newCustomer(t.app, { name: 'Exempt Shop' });
    await putTrade(owner, shop, {
      priceList: OWN_LIST,
      certificate: { number: 'MI-RS-777', states: ['MI'], expiresOn: '2099-12-31' },
      onAccount: { creditLimitCents: 12_000, termsDays: 15 },
    });
    const part = await insertProduct(t.database.db, {
      name: 'Strut',
      priceCents: 4000,
      availableQuantity: 5,
      minimumOrderQuantity: 1,
    });
    const placed = (await orderOnAccount(shop, part.id, 1)).json() as CheckoutAnswer;
    // $40.00 + $7.99 shipping, no tax.
    expect(placed.order.amounts).toMatchObject({ taxCents: 0, totalCents: 4799 });
    const books = await t.app.inject({
      url: `/api/manage/books?from=${today()}&to=${today()}`,
      headers: as(owner),
    });
    const mi = (books.json() as BooksReport).taxes.find((j) => j.region === 'MI');
    expect(mi?.exemptSalesCents).toBe(4799);
    const file = await t.app.inject({
      url: `/api/manage/books/taxes.csv?from=${today()}&to=${today()}`,
      headers: as(owner),
    });
    expect(file.statusCode, file.body).toBe(200);
    const [header, ...rows] = file.body.trim().split('\n');
    expect(header).toContain('exempt_sales');
    const column = header?.split(',').indexOf('exempt_sales') ?? -1;
    expect(rows.find((r) => r.includes(',MI,'))?.split(',')[column]).toBe('47.99');
  });
});

describe('customer groups', () => {
  const postGroup = (body: object) =>
    t.app.inject({ method: 'POST', url: '/api/customer-groups', headers: as(manager), payload: body });

  it('price their members from the group list, refuse a taken name, and cannot be removed while in use', async () => {
    const name = `Fleet ${randomUUID().slice(0, 6)}`;
    const created = await postGroup({ name, priceList: { ...OWN_LIST, percentOffBasisPoints: 1000 } });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json() as CustomerGroup;
    expect((await postGroup({ name: name.toUpperCase(), priceList: OWN_LIST })).statusCode).toBe(409);
    const shop = await newCustomer(t.app, { name: 'Group Shop' });
    // Its own list says 5 %; the group's 10 % applies once it is in the group.
    const joined = await putTrade(manager, shop, {
      priceList: { ...OWN_LIST, percentOffBasisPoints: 500 },
      certificate: null,
      groupId: group.id,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ groupId: group.id, groupName: name });
    // The shop is shown the list it buys at: the group's.
    const mine = await t.app.inject({ url: '/api/account/trade', headers: as(shop) });
    expect((mine.json() as { trade: TradeAccount }).trade.priceList.percentOffBasisPoints).toBe(1000);
    const part = await insertProduct(t.database.db, {
      name: 'Oil filter',
      priceCents: 4000,
      availableQuantity: 10,
      minimumOrderQuantity: 1,
    });
    const cart = await fillCart(t.app, shop, [{ productId: part.id, quantity: 1 }]);
    expect(cart.lines[0]).toMatchObject({ unitPriceCents: 3600, listUnitPriceCents: 4000 });
    const listed = await t.app.inject({ url: '/api/customer-groups', headers: as(manager) });
    expect(
      (listed.json() as { groups: CustomerGroup[] }).groups.find((g) => g.id === group.id)?.members,
    ).toBe(1);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer-groups/${group.id}`,
      headers: as(manager),
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe(
      '1 trade account is in this group: move it to another group first.',
    );
    await putTrade(manager, shop, { priceList: OWN_LIST, certificate: null, groupId: null });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/customer-groups/${group.id}`,
          headers: as(manager),
        })
      ).statusCode,
    ).toBe(204);
  });

  it('under "best of", charge the lower of trade prices or the discount, never both', async () => {
    const code = `BEST${randomUUID().slice(0, 6).toUpperCase()}`;
    const discount = await t.app.inject({
      method: 'POST',
      url: '/api/discounts',
      headers: as(owner),
      payload: { code, name: 'Twenty off', kind: 'percent', value: 2000, usageLimit: 100 },
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const group = (
      await postGroup({
        name: `Best ${randomUUID().slice(0, 6)}`,
        priceList: { ...OWN_LIST, percentOffBasisPoints: 1000, discountRule: 'best' },
      })
    ).json() as CustomerGroup;
    const shop = await newCustomer(t.app, { name: 'Best Shop' });
    await putTrade(manager, shop, { priceList: OWN_LIST, certificate: null, groupId: group.id });
    const part = await insertProduct(t.database.db, {
      name: 'Rotor',
      priceCents: 10_000,
      availableQuantity: 10,
      minimumOrderQuantity: 1,
    });

    // 20 % off the $100.00 list (free shipping from $100.00, $85.60 with tax) beats 10 % trade
    // ($90.00 + $7.99 + $6.30 = $104.29): list price with the code.
    await fillCart(t.app, shop, [{ productId: part.id, quantity: 1 }]);
    const withCode = (await checkoutCart(t.app, shop, { discountCode: code })).json() as CheckoutAnswer;
    expect(withCode.order.lines[0]?.unitPriceCents).toBe(10_000);
    expect(withCode.order.amounts.discountCents).toBe(2000);

    // At 30 % trade ($70.00 + $7.99 + $4.90 = $82.89) the trade price wins and the code is not
    // used (stacked, the goods would have been $56.00).
    await t.app.inject({
      method: 'PUT',
      url: `/api/customer-groups/${group.id}`,
      headers: as(manager),
      payload: {
        name: group.name,
        priceList: { ...OWN_LIST, percentOffBasisPoints: 3000, discountRule: 'best' },
      },
    });
    await fillCart(t.app, shop, [{ productId: part.id, quantity: 1 }]);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      headers: as(shop),
      payload: {
        lines: [{ productId: part.id, quantity: 1 }],
        shippingMethod: 'standard',
        region: 'MI',
        country: 'US',
        code,
      },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect((quote.json() as Quote).codeVerdict).toMatchObject({
      applied: false,
      reason: 'trade_prices',
      message: `Code ${code} is not used: your trade prices save you more.`,
    });
    const trade = (await checkoutCart(t.app, shop, { discountCode: code })).json() as CheckoutAnswer;
    expect(trade.order.lines[0]?.unitPriceCents).toBe(7000);
    expect(trade.order.amounts.discountCents).toBe(0);
  });
});
