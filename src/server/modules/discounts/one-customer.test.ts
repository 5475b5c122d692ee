import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscountInput, discountMessages } from '../../../contract/discounts';
import { emailIdentity } from '../../../contract/email-identity';
import type { Quote } from '../../../contract/pricing';
import { rowsOf } from '../../kernel/db/rows';
import { insertProduct } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../../test/kit';
import type { TestSession } from '../../test/sessions';
import { as, fillCart, HOME_ADDRESS } from '../../test/store-flow';
import { createDiscount } from './discounts.service';

/**
 * One customer, one limit (decision 073): a discount's uses per customer count the mailbox,
 * however it is spelled, for accounts and guests alike. Each way round the limit the review found
 * (a guest with the account's e-mail, Gmail's dots, googlemail.com, a new account with a +tag,
 * capitals) is refused with the limit's words. Both engines.
 */

let t: TestApp;
let wrench: string;
beforeAll(async () => {
  t = await createTestApp();
  wrench = (
    await insertProduct(t.database.db, {
      name: 'Oil filter wrench',
      priceCents: 2500,
      minimumOrderQuantity: 1,
    })
  ).id;
});
afterAll(() => t.close());

const lines = () => [{ productId: wrench, quantity: 1 }];
let networks = 0;

async function guestCheckout(email: string, code: string) {
  const quote = await t.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { lines: lines(), shippingMethod: 'standard', region: HOME_ADDRESS.region, code },
  });
  const priced = quote.json() as Quote;
  networks += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/guest/checkout',
    remoteAddress: `10.80.0.${networks}`,
    payload: {
      idempotencyKey: randomUUID(),
      email,
      lines: lines(),
      address: { ...HOME_ADDRESS, line1: `${networks} Coupon Court` },
      shippingMethod: 'standard',
      expectedTotalCents: priced.totals.totalCents,
      discountCode: code,
    },
  });
}

async function cart(buyer: TestSession, code: string) {
  await fillCart(t.app, buyer, lines());
  return (
    await t.app.inject({
      url: `/api/cart?shippingMethod=standard&region=MI&code=${code}`,
      headers: as(buyer),
    })
  ).json() as Quote;
}

async function accountCheckout(buyer: TestSession, code: string) {
  const priced = await cart(buyer, code);
  return t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: as(buyer),
    payload: {
      idempotencyKey: randomUUID(),
      address: HOME_ADDRESS,
      shippingMethod: 'standard',
      expectedTotalCents: priced.totals.totalCents,
      discountCode: code,
    },
  });
}

async function oncePerCustomer() {
  const code = `ONE${randomUUID().slice(0, 6).toUpperCase()}`;
  await createDiscount(
    t.database.db,
    DiscountInput.parse({ code, name: '$5 off', kind: 'fixed', value: 500, perCustomerLimit: 1 }),
  );
  return code;
}

describe('a discount limited per customer', () => {
  it("an account's use counts for a guest with its e-mail, however spelled, and for a +tag account", async () => {
    const code = await oncePerCustomer();
    const name = `dana${randomUUID().slice(0, 6)}`;
    const account = await newCustomer(t.app, { email: `${name}.driver@gmail.com` });
    const used = await accountCheckout(account, code);
    expect(used.statusCode, used.body).toBe(201);

    const usedByYou = discountMessages.usedByYou(code);
    for (const dodge of [
      `${name}.driver@gmail.com`,
      `${name}driver@gmail.com`,
      `${name}.d.r.i.v.e.r@googlemail.com`,
      `${name.toUpperCase()}.DRIVER@GMAIL.COM`,
      `${name}.driver+deals@gmail.com`,
    ]) {
      const res = await guestCheckout(dodge, code);
      expect(res.statusCode, dodge).toBe(409);
      expect(res.json().error.message, dodge).toBe(usedByYou);
    }
    // A second account with a +tag is the same mailbox: its cart says so, and its checkout refuses.
    const tagged = await newCustomer(t.app, { email: `${name}.driver+second@gmail.com` });
    expect((await cart(tagged, code)).codeVerdict?.message).toBe(usedByYou);
    const second = await accountCheckout(tagged, code);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(usedByYou);

    // Someone else is someone else.
    expect((await guestCheckout(`${name}.other@gmail.com`, code)).statusCode).toBe(201);
  });

  it("a guest's use counts for the account made with that e-mail afterwards", async () => {
    const code = await oncePerCustomer();
    const name = `gus${randomUUID().slice(0, 6)}`;
    expect((await guestCheckout(`${name}+first@example.com`, code)).statusCode).toBe(201);
    const account = await newCustomer(t.app, { email: `${name.toUpperCase()}@example.com` });
    expect((await cart(account, code)).codeVerdict?.message).toBe(discountMessages.usedByYou(code));
    expect((await accountCheckout(account, code)).statusCode).toBe(409);
  });
});

describe('one mailbox however spelled', () => {
  it("the database's email_identity and the store's emailIdentity agree", async () => {
    const samples = [
      'Dana.Driver@Gmail.com',
      'd.a.n.a+x+y@googlemail.com',
      'dana+shop@example.com',
      'Dana.Driver@example.com',
      'a.b@sub.gmail.com',
      'odd@name@example.com',
      'no-at-sign',
      '+tag-only@example.com',
    ];
    const rows = rowsOf<{ identity: string }>(
      await t.database.db.execute(
        sql`select email_identity(s) as identity from unnest(${sql.param(samples)}::text[]) with ordinality as u(s, n) order by n`,
      ),
    );
    expect(rows.map((r) => r.identity)).toEqual(samples.map(emailIdentity));
    expect(samples.map(emailIdentity)).toEqual([
      'danadriver@gmail.com',
      'dana@gmail.com',
      'dana@example.com',
      'dana.driver@example.com',
      'a.b@sub.gmail.com',
      'odd@name@example.com',
      'no-at-sign',
      '@example.com',
    ]);
  });
});
