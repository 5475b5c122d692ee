import { VISITOR_CART_KEY } from '@contract/cart.constants';
import { readVisitorLines } from '@web/shared/cart/visitor-cart';
import { customer } from '@web/test/orders';
import {
  address,
  addressState,
  answer,
  calls,
  field,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  shows,
  submit,
  tick,
  type,
  waitFor,
} from '@web/test/page';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutForm } from './checkout-form';
import { GuestCheckoutForm } from './guest-checkout-form';

/**
 * One purchase for a customer and a guest (decision 085): the same form body and the same steps
 * (`usePurchase`): priced again, placed once per visit, then paid as the payment page pays
 * (`payByCard`: the card charged, then the store told), and on to the order's next page.
 */

const line = {
  productId: 't-wrench',
  name: 'Torque wrench',
  image: '/x.png',
  unitPriceCents: 8999,
  quantity: 2,
  minimum: 2,
  available: 10,
  lineTotalCents: 17998,
  problem: null,
};
const quote = {
  lines: [line],
  itemCount: 2,
  totals: {
    subtotalCents: 17998,
    shippingCents: 0,
    taxCents: 1260,
    totalCents: 19258,
    shippingMethod: 'standard',
    shippingLabel: 'Standard shipping',
    shippingTaxCents: 0,
    taxRateBasisPoints: 700,
  },
  shippingOptions: [
    {
      method: 'standard',
      label: 'Standard shipping',
      priceCents: 0,
      rateCents: 799,
      estimate: '3 to 5 business days',
      mode: 'ground',
      freeOverCents: 10000,
    },
  ],
  freeShippingOverCents: 10000,
  weightLb: 2,
  shippingProblem: null,
};
const placed = {
  order: {
    _id: 'o-77',
    number: 'TW-10077',
    lines: [line],
    amounts: quote.totals,
    shippingMethod: 'standard',
    discount: null,
  },
  payment: { provider: 'simulated', clientSecret: 'cs_77', publishableKey: null, amount: 192.58 },
  replayed: false,
};
const savedAddress = {
  id: 'a1',
  isDefault: true,
  fullName: 'Ada Park',
  line1: '12 Spark Plug Road',
  line2: '',
  city: 'Detroit',
  region: 'MI',
  postalCode: '48201',
  country: 'US',
  phone: '+1 313 555 0142',
};
/** The card the simulated processor is given, and its answer. */
let declines: boolean;

mockApi(
  http.get('/api/cart', () => json(quote)),
  http.post('/api/cart/quote', () => json(quote)),
  http.get('/api/addresses', () => json([savedAddress])),
  http.get('/api/account/store-credit', () => json({ balanceCents: 0, entries: [] })),
  // A retail customer: no trade account, so no choice of paying on account (decision 102).
  http.get('/api/account/trade', () => json({ trade: null })),
  http.post('/api/checkout', () => json(placed)),
  http.post('/api/guest/checkout', () => json({ ...placed, token: 'guest-token-of-twenty-chars' })),
  http.post('/api/payments/simulated/confirm', () =>
    declines
      ? refusal(402, 'PAYMENT_FAILED', 'Your card was declined.')
      : json({ status: 'succeeded', transactionId: 'sim_pi_77' }),
  ),
  http.patch('/api/order/:id', () => json({ ...placed.order, paid: true })),
  http.post('/api/guest/order/simulated-confirm', () =>
    json({ status: 'succeeded', transactionId: 'sim_pi_78' }),
  ),
  http.post('/api/guest/order/paid', () => json({ ...placed.order, paid: true })),
);

beforeEach(() => {
  declines = false;
});
afterEach(() => localStorage.clear());

const payWith = (number: string) => {
  type(field('Card number'), number);
  type(field('Expiry (MM/YY)'), '12/40');
  type(field('CVC'), '123');
};
const total = () => screen().querySelector('[data-testid="summary-total"]')?.textContent;

describe("a customer's purchase", () => {
  const open = async () => {
    answer(http.get('/api/auth/get-session', () => json({ user: customer })));
    await renderPage(<CheckoutForm user={customer} testMode />, { address: '/checkout' });
    await waitFor(() => expect(field('Full name').value).toBe('Ada Park'));
    await waitFor(() => expect(total()).toBe('$192.58'));
  };

  it('places the order, charges the card, tells the store, and opens the confirmation', async () => {
    await open();
    payWith('4242 4242 4242 4242');
    await submit(screen().querySelector('form[aria-label="Checkout"]') as HTMLFormElement);
    await waitFor(() => expect(address()).toBe('/checkout/done/o-77'));
    expect(addressState()).toEqual({ estimate: '3 to 5 business days' });
    expect(sent('POST', '/api/checkout')).toEqual([
      expect.objectContaining({
        shippingMethod: 'standard',
        expectedTotalCents: 19258,
        saveAddress: false,
        useStoreCredit: false,
      }),
    ]);
    // No balance: no store credit offered.
    expect(screen().textContent).not.toContain('Use my store credit');
    expect(sent('POST', '/api/payments/simulated/confirm')).toEqual([
      {
        clientSecret: 'cs_77',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: 'Ada Park',
        email: customer.email,
      },
    ]);
    // The spec's PATCH /order/{id} follows the charge, in that order.
    expect(sent('PATCH', '/api/order/o-77')).toEqual([{ orderId: 'o-77', transactionId: 'sim_pi_77' }]);
    const order = calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /api/payments/simulated/confirm')).toBeLessThan(
      order.indexOf('PATCH /api/order/o-77'),
    );
  });

  it('keeps a declined order and pays that same order on the next press', async () => {
    declines = true;
    await open();
    payWith('4000 0000 0000 0002');
    const form = screen().querySelector('form[aria-label="Checkout"]') as HTMLFormElement;
    await submit(form);
    await shows('Your order TW-10077 is placed and held for you, but the payment did not go through');
    expect(address()).toBe('/checkout');

    declines = false;
    payWith('4242 4242 4242 4242');
    await submit(form);
    await waitFor(() => expect(address()).toBe('/checkout/done/o-77'));
    expect(sent('POST', '/api/checkout')).toHaveLength(1);
    expect(sent('POST', '/api/payments/simulated/confirm')).toHaveLength(2);
  });
});

describe("a customer's purchase with store credit (decision 100)", () => {
  const { id: _id, isDefault: _default, ...addressSent } = savedAddress;
  const open = async (balanceCents: number) => {
    answer(
      http.get('/api/auth/get-session', () => json({ user: customer })),
      http.get('/api/account/store-credit', () => json({ balanceCents, entries: [] })),
    );
    await renderPage(<CheckoutForm user={customer} testMode />, { address: '/checkout' });
    await waitFor(() => expect(field('Full name').value).toBe('Ada Park'));
    await waitFor(() => expect(total()).toBe('$192.58'));
  };
  const summary = (testId: string) =>
    screen().querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

  it('takes part of the total off the card when ticked, and places it with useStoreCredit', async () => {
    answer(
      http.post('/api/checkout', () =>
        json({
          ...placed,
          order: { ...placed.order, amounts: { ...quote.totals, storeCreditCents: 5000 } },
          payment: { ...placed.payment, amount: 142.58 },
        }),
      ),
    );
    await open(5000);
    await waitFor(() => field('Use my store credit ($50.00 available)'));
    // Not ticked: the card pays it all.
    expect(summary('summary-store-credit')).toBeNull();
    await tick(field('Use my store credit ($50.00 available)'));
    expect(summary('summary-store-credit')).toBe('-$50.00');
    expect(summary('summary-card')).toBe('$142.58');
    expect(summary('summary-total')).toBe('$192.58');
    payWith('4242 4242 4242 4242');
    await submit(screen().querySelector('form[aria-label="Checkout"]') as HTMLFormElement);
    await waitFor(() => expect(address()).toBe('/checkout/done/o-77'));
    expect(sent('POST', '/api/checkout')).toEqual([
      {
        idempotencyKey: expect.any(String),
        address: addressSent,
        saveAddress: false,
        shippingMethod: 'standard',
        expectedTotalCents: 19258,
        useStoreCredit: true,
      },
    ]);
    expect(sent('POST', '/api/payments/simulated/confirm')).toHaveLength(1);
  });

  it('asks no card when the credit pays it all, and opens the confirmation of the paid order', async () => {
    answer(
      http.post('/api/checkout', () =>
        json({
          ...placed,
          order: { ...placed.order, paid: true, amounts: { ...quote.totals, storeCreditCents: 19258 } },
          payment: null,
        }),
      ),
    );
    await open(30000);
    await waitFor(() => field('Use my store credit ($300.00 available)'));
    await tick(field('Use my store credit ($300.00 available)'));
    expect(summary('summary-store-credit')).toBe('-$192.58');
    expect(summary('summary-card')).toBeNull();
    expect(screen().textContent).toContain('Your store credit pays for the whole order: no card is needed.');
    expect(() => field('Card number')).toThrow();
    await submit(screen().querySelector('form[aria-label="Checkout"]') as HTMLFormElement);
    await waitFor(() => expect(address()).toBe('/checkout/done/o-77'));
    expect(sent('POST', '/api/checkout')).toEqual([
      {
        idempotencyKey: expect.any(String),
        address: addressSent,
        saveAddress: false,
        shippingMethod: 'standard',
        expectedTotalCents: 19258,
        useStoreCredit: true,
      },
    ]);
    expect(sent('POST', '/api/payments/simulated/confirm')).toEqual([]);
    expect(sent('PATCH', '/api/order/o-77')).toEqual([]);
  });

  it('sends useStoreCredit false when the customer leaves the box unticked', async () => {
    await open(5000);
    await waitFor(() => field('Use my store credit ($50.00 available)'));
    payWith('4242 4242 4242 4242');
    await submit(screen().querySelector('form[aria-label="Checkout"]') as HTMLFormElement);
    await waitFor(() => expect(address()).toBe('/checkout/done/o-77'));
    expect(sent('POST', '/api/checkout')).toEqual([expect.objectContaining({ useStoreCredit: false })]);
  });
});

describe("a guest's purchase", () => {
  it("sends the browser's lines and e-mail, pays by the order's key in the same steps, and opens the order's page", async () => {
    answer(http.get('/api/auth/get-session', () => json(null)));
    localStorage.setItem(VISITOR_CART_KEY, JSON.stringify([{ productId: 't-wrench', quantity: 2 }]));
    await renderPage(<GuestCheckoutForm testMode />, { address: '/checkout/guest' });
    await waitFor(() => expect(total()).toBe('$192.58'));
    type(field('Email'), 'bo@example.com');
    type(field('Full name'), 'Bo Guest');
    type(field('Address line 1'), '5 Main St');
    type(field('City'), 'Detroit');
    type(field('State / province'), 'MI');
    type(field('Postal code'), '48201');
    type(field('Phone'), '+1 313 555 0199');
    payWith('4242 4242 4242 4242');
    await submit(screen().querySelector('form[aria-label="Guest checkout"]') as HTMLFormElement);

    await waitFor(() => expect(address()).toBe('/order-status?token=guest-token-of-twenty-chars'));
    expect(addressState()).toEqual({ placed: true });
    expect(sent('POST', '/api/guest/checkout')).toEqual([
      expect.objectContaining({
        email: 'bo@example.com',
        lines: [{ productId: 't-wrench', quantity: 2 }],
        expectedTotalCents: 19258,
        address: expect.objectContaining({ fullName: 'Bo Guest', city: 'Detroit' }),
      }),
    ]);
    expect(sent('POST', '/api/guest/order/simulated-confirm')).toEqual([
      expect.objectContaining({
        token: 'guest-token-of-twenty-chars',
        name: 'Bo Guest',
        email: 'bo@example.com',
      }),
    ]);
    expect(sent('POST', '/api/guest/order/paid')).toEqual([
      { token: 'guest-token-of-twenty-chars', transactionId: 'sim_pi_78' },
    ]);
    // The order holds the lines now: the browser's cart is emptied.
    expect(readVisitorLines()).toEqual([]);
  });
});
