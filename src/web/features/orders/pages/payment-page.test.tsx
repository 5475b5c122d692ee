import type { Address, SavedAddress } from '@contract/addresses';
import type { Order } from '@contract/orders';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentPage } from './payment-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The payment page pays only for what can ship: an Order Now order (no address) takes the saved
 * default address without a click and the payment opens for the total the server quoted for it;
 * with no saved address, Pay stays disabled until one is given. The store is faked at `fetch`.
 */

const user = { id: 'u1', email: 'olive@torque.example', name: 'Olive Ohio', image: null };
const OHIO: Address = {
  fullName: 'Olive Ohio',
  line1: '200 High St',
  line2: '',
  city: 'Columbus',
  region: 'OH',
  postalCode: '43215',
  country: 'US',
  phone: '+1 614 555 0100',
};
const saved: SavedAddress = { ...OHIO, id: 'a1', isDefault: true };

/** An unpaid Order Now order of one $40.00 part: $7.99 shipping, taxed at 7 % ($2.80) until it has an address. */
function unpaidOrder(): Order {
  return {
    _id: 'o1',
    orderId: 't1',
    orderName: 'Brake caliper',
    price: 40,
    orderQuantity: 1,
    total: 50.79,
    userName: user.name,
    userEmail: user.email,
    phone: '01712345678',
    paid: false,
    status: 'unpaid',
    transactionId: null,
    cardBrand: null,
    cardLast4: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    expiresAt: '2026-11-28T10:30:00.000Z',
    number: 'TW-10001',
    lines: [
      {
        productId: 't1',
        name: 'Brake caliper',
        unitPriceCents: 4000,
        quantity: 1,
        lineTotalCents: 4000,
        discountCents: 0,
        taxCents: 280,
        shippedQuantity: 0,
        refundedQuantity: 0,
        returnedQuantity: 0,
        coreChargeCents: 0,
        coreTotalCents: 0,
        coreTaxCents: 0,
        coresRefunded: 0,
        coresReturned: 0,
      },
    ],
    itemCount: 1,
    amounts: {
      subtotalCents: 4000,
      coreChargeCents: 0,
      discountCents: 0,
      shippingCents: 799,
      taxCents: 280,
      totalCents: 5079,
      shippingTaxCents: 0,
      taxRateBasisPoints: 700,
      storeCreditCents: 0,
    },
    discount: null,
    shippingMethod: 'standard',
    shippingLabel: 'Standard shipping',
    shippingAddress: null,
    carrier: null,
    trackingNumber: null,
    paidAt: null,
    shippedAt: null,
    statusText: 'Waiting for payment',
    awaitingAddress: false,
    shipments: [],
    refunds: [],
    refundedCents: 0,
    refundableCents: 0,
    refundState: 'none',
    cancelReason: null,
    cancelRequestedAt: null,
  };
}

/** The server's answer once Ohio's 5.75 % applies: $2.30 of tax, $50.29 in all. */
const inOhio = (order: Order, address: Address): Order => ({
  ...order,
  total: 50.29,
  shippingAddress: address,
  amounts: { ...order.amounts, taxCents: 230, totalCents: 5029, taxRateBasisPoints: 575 },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let container: HTMLDivElement;
let root: Root;
let order: Order;
let book: SavedAddress[];
/** The customer's store credit balance (decision 100). */
let balance: number;
/** Every call the page made, in order: "PUT /api/order/o1/address {...}". */
let calls: string[];
/** The customer's trade account terms (decision 102); null: a retail buyer (the trade read fails, as before). */
let terms: { creditLimitCents: number; termsDays: 15 | 30 } | null;
/** Why the account may not order on account now. */
let stoppedBecause: string | null;
/** What POST /api/order/o1/on-account answers when it refuses; null: it charges the account. */
let onAccountRefusal: string | null;

beforeEach(() => {
  order = unpaidOrder();
  balance = 0;
  terms = null;
  stoppedBecause = null;
  onAccountRefusal = null;
  calls = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url !== '/api/auth/get-session') calls.push(`${method} ${url} ${init?.body ?? ''}`.trim());
      if (url === '/api/auth/get-session') return json({ user });
      if (url === '/api/order/o1' && method === 'GET') return json(order);
      if (url === '/api/addresses') return json(book);
      if (url === '/api/order/o1/address' && method === 'PUT') {
        const body = JSON.parse(String(init?.body)) as { addressId?: string; address?: Address };
        const address = body.address ?? book.find((a) => a.id === body.addressId);
        if (!address) return json({ error: { code: 'NOT_FOUND', message: 'Address was not found' } }, 404);
        const { id: _id, isDefault: _default, ...copy } = { id: '', isDefault: false, ...address };
        order = inOhio(order, copy);
        return json(order);
      }
      if (url === '/api/account/store-credit') return json({ balanceCents: balance, entries: [] });
      if (url === '/api/account/trade' && terms)
        return json({
          trade: {
            userId: 'u1',
            priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
            certificate: null,
            groupId: null,
            groupName: null,
            onAccount: terms,
            updatedAt: '2026-11-01T10:00:00.000Z',
          },
        });
      if (url === '/api/account/invoices' && terms)
        return json({
          standing: {
            terms,
            balanceCents: 0,
            availableCents: terms.creditLimitCents,
            overdueCents: stoppedBecause ? 9000 : 0,
            stoppedBecause,
          },
          invoices: [],
          payments: [],
        });
      if (url === '/api/order/o1/on-account' && method === 'POST') {
        if (onAccountRefusal) return json({ error: { code: 'CONFLICT', message: onAccountRefusal } }, 409);
        const owed = order.amounts.totalCents - (order.amounts.storeCreditCents ?? 0);
        order = {
          ...order,
          paid: true,
          status: 'pending',
          transactionId: 'on-account-o1',
          amounts: { ...order.amounts, onAccountCents: owed },
        };
        return json(order);
      }
      if (url === '/api/order/o1/store-credit' && method === 'POST') {
        if (balance === 0)
          return json({ error: { code: 'CONFLICT', message: 'You have no store credit to use.' } }, 409);
        const rest = order.amounts.totalCents - (order.amounts.storeCreditCents ?? 0);
        const spent = Math.min(balance, rest);
        balance -= spent;
        order = {
          ...order,
          amounts: { ...order.amounts, storeCreditCents: (order.amounts.storeCreditCents ?? 0) + spent },
          ...(spent === rest ? { paid: true, status: 'pending' as const } : {}),
        };
        return json(order);
      }
      if (url === '/api/create-payment-intent') {
        const owed = order.paid ? order.amounts.balanceDueCents : undefined;
        const cents = owed ?? order.amounts.totalCents - (order.amounts.storeCreditCents ?? 0);
        return json({
          clientSecret: `sim_secret_${cents}`,
          provider: 'simulated',
          publishableKey: null,
          amount: cents / 100,
          ...(owed ? { purpose: 'balance' } : {}),
        });
      }
      if (url === '/api/payments/simulated/confirm')
        return json({ status: 'succeeded', transactionId: 'sim_pi_o1' });
      if (url === '/api/order/o1' && method === 'PATCH') {
        // A balance paid leaves the order as it was, less what it owed.
        const { balanceDueCents: _paid, ...amounts } = order.amounts;
        order = { ...order, amounts, paid: true, status: 'pending', transactionId: 'sim_pi_o1' };
        return json(order);
      }
      return json({ error: { code: 'NOT_FOUND', message: `no ${url}` } }, 404);
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** Waits, inside act, until `ready` holds: the state the page shows, never a fixed time. */
const shown = (ready: () => boolean, what: string) =>
  act(() =>
    vi.waitFor(
      () => {
        if (!ready()) throw new Error(`${what} is not shown yet`);
      },
      { timeout: 10_000, interval: 20 },
    ),
  );

async function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard/payment/o1']}>
          <Routes>
            <Route path="/dashboard/payment/:id" element={<PaymentPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

const payButton = () =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Pay $'));
const field = (label: string) => {
  const labelEl = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  return container.querySelector<HTMLInputElement>(`#${CSS.escape(labelEl?.htmlFor ?? '')}`);
};
function type(input: HTMLInputElement | null, value: string) {
  if (!input) throw new Error('no such field');
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('the payment page of an order placed without an address', () => {
  it('applies the saved default address without a click, and opens the payment for the total quoted for it', async () => {
    book = [saved];
    await render();
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    expect(payButton()?.textContent).toBe('Pay $50.29');
    expect(container.querySelector('[data-testid="payment-address"]')?.textContent).toContain('200 High St');
    // The address first, then the payment, for the new total only.
    const writes = calls.filter((c) => !c.startsWith('GET '));
    expect(writes).toEqual([
      'PUT /api/order/o1/address {"addressId":"a1"}',
      'POST /api/create-payment-intent {"orderId":"o1"}',
    ]);
    expect(container.querySelector('[data-testid="summary-total"]')?.textContent).toBe('$50.29');
  });

  it('with no saved address, keeps Pay disabled and opens no payment until an address is given', async () => {
    book = [];
    await render();
    await shown(() => field('Full name') !== null, 'the address form');
    expect(payButton()?.disabled).toBe(true);
    expect(container.textContent).toContain('Give the shipping address above to pay.');
    expect(calls.some((c) => c.includes('create-payment-intent'))).toBe(false);

    // Sent incomplete: the form says what is missing and nothing is sent.
    const send = () =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === 'Ship to this address');
    await act(async () => send()?.click());
    await shown(() => container.querySelectorAll('[role="alert"]').length > 0, 'the missing fields');
    expect(calls.some((c) => c.startsWith('PUT'))).toBe(false);
    expect(payButton()?.disabled).toBe(true);

    type(field('Full name'), OHIO.fullName);
    type(field('Address line 1'), OHIO.line1);
    type(field('City'), OHIO.city);
    type(field('State / province'), OHIO.region);
    type(field('Postal code'), OHIO.postalCode);
    type(field('Phone'), OHIO.phone);
    await act(async () => send()?.click());
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    expect(payButton()?.textContent).toBe('Pay $50.29');
    expect(calls.filter((c) => !c.startsWith('GET '))).toEqual([
      `PUT /api/order/o1/address ${JSON.stringify({ address: OHIO })}`,
      'POST /api/create-payment-intent {"orderId":"o1"}',
    ]);
  });

  it('pays in the steps every purchase pays in: the card charged, the order patched, then the transaction id', async () => {
    book = [saved];
    await render();
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    type(field('Card number'), '4242 4242 4242 4242');
    type(field('Expiry (MM/YY)'), '12/40');
    type(field('CVC'), '123');
    await act(async () => payButton()?.click());
    await shown(
      () => container.querySelector('[data-testid="transaction-id"]')?.textContent === 'sim_pi_o1',
      'the transaction id',
    );
    expect(container.textContent).toContain('Congrats! Your payment is completed');
    const paying = calls.filter((c) => c.startsWith('POST /api/payments') || c.startsWith('PATCH'));
    expect(paying).toEqual([
      `POST /api/payments/simulated/confirm ${JSON.stringify({
        clientSecret: 'sim_secret_5029',
        cardNumber: '4242 4242 4242 4242',
        expiry: '12/40',
        cvc: '123',
        name: user.name,
        email: user.email,
      })}`,
      'PATCH /api/order/o1 {"orderId":"o1","transactionId":"sim_pi_o1"}',
    ]);
  });
});

describe('store credit on the payment page (decision 100)', () => {
  const creditButton = () =>
    [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Use my store credit'));
  const summary = (testId: string) =>
    container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

  it('offers no store credit when the balance is zero', async () => {
    book = [saved];
    await render();
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    await shown(() => calls.includes('GET /api/account/store-credit'), 'the balance read');
    expect(creditButton()).toBeUndefined();
  });

  it('spends part of the balance, then opens the payment again for the smaller rest', async () => {
    book = [saved];
    balance = 2000;
    await render();
    await shown(() => creditButton() !== undefined && payButton()?.disabled === false, 'the credit button');
    expect(creditButton()?.textContent).toBe('Use my store credit ($20.00)');
    expect(container.textContent).toContain('You have $20.00 of store credit.');
    await act(async () => creditButton()?.click());
    await shown(
      () => payButton()?.textContent === 'Pay $30.29' && payButton()?.disabled === false,
      'Pay $30.29',
    );
    expect(calls.filter((c) => !c.startsWith('GET '))).toEqual([
      'PUT /api/order/o1/address {"addressId":"a1"}',
      'POST /api/create-payment-intent {"orderId":"o1"}',
      'POST /api/order/o1/store-credit',
      'POST /api/create-payment-intent {"orderId":"o1"}',
    ]);
    expect(summary('summary-store-credit')).toBe('-$20.00');
    expect(summary('summary-card')).toBe('$30.29');
    expect(container.textContent).toContain('Paid with store credit');
    expect(container.textContent).toContain('To pay by card');
    // The card is charged the rest, with the new intent's secret.
    type(field('Card number'), '4242 4242 4242 4242');
    type(field('Expiry (MM/YY)'), '12/40');
    type(field('CVC'), '123');
    await act(async () => payButton()?.click());
    await shown(
      () => container.querySelector('[data-testid="transaction-id"]')?.textContent === 'sim_pi_o1',
      'the transaction id',
    );
    expect(calls.find((c) => c.startsWith('POST /api/payments/simulated/confirm'))).toContain(
      '"clientSecret":"sim_secret_3029"',
    );
  });

  it('paid in full by the balance, the order shows as paid and no card is asked', async () => {
    book = [saved];
    balance = 10000;
    await render();
    await shown(() => creditButton() !== undefined, 'the credit button');
    expect(creditButton()?.textContent).toBe('Use my store credit ($50.29)');
    await act(async () => creditButton()?.click());
    await shown(() => Boolean(container.textContent?.includes('Paid with your store credit.')), 'paid');
    expect(container.querySelector('[role="status"]')?.textContent).toContain(
      'Congrats! Your payment is completed',
    );
    expect(payButton()).toBeUndefined();
    expect(creditButton()).toBeUndefined();
    expect(calls.filter((c) => c.startsWith('POST /api/order/o1/store-credit'))).toEqual([
      'POST /api/order/o1/store-credit',
    ]);
    expect(calls.some((c) => c.includes('simulated/confirm') || c.startsWith('PATCH'))).toBe(false);
  });

  it("says the server's refusal", async () => {
    book = [saved];
    balance = 2000;
    await render();
    await shown(() => creditButton() !== undefined, 'the credit button');
    balance = 0;
    await act(async () => creditButton()?.click());
    await shown(
      () => container.querySelector('[role="alert"]')?.textContent === 'You have no store credit to use.',
      'the refusal',
    );
  });
});

describe('putting the order on account on the payment page (decision 102)', () => {
  const accountButton = () =>
    [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Put on account'));

  it('offers nothing to an account without terms', async () => {
    book = [saved];
    await render();
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    await shown(() => calls.includes('GET /api/account/trade'), 'the trade account read');
    expect(accountButton()).toBeUndefined();
    expect(calls).not.toContain('GET /api/account/invoices');
  });

  it('puts the order on account beside the card, and shows it paid on account with no card charged', async () => {
    book = [saved];
    terms = { creditLimitCents: 100_000, termsDays: 15 };
    await render();
    await shown(() => accountButton()?.disabled === false, 'an enabled Put on account button');
    expect(accountButton()?.textContent).toBe('Put on account ($50.29)');
    expect(container.querySelector('[data-testid="on-account"]')?.textContent).toContain(
      'Your account orders on account, net 15: $1,000.00 is available.',
    );
    // The card stays offered beside it.
    expect(payButton()?.textContent).toBe('Pay $50.29');
    await act(async () => accountButton()?.click());
    await shown(
      () => Boolean(container.textContent?.includes('Congrats! Your order is paid on account')),
      'paid on account',
    );
    expect(calls.filter((c) => c.startsWith('POST /api/order/o1/on-account'))).toEqual([
      'POST /api/order/o1/on-account',
    ]);
    expect(calls.some((c) => c.includes('simulated/confirm') || c.startsWith('PATCH'))).toBe(false);
    expect(payButton()).toBeUndefined();
    expect(accountButton()).toBeUndefined();
    expect(container.querySelector('[data-testid="summary-on-account"]')?.textContent).toBe('$50.29');
  });

  it('after store credit, puts only the rest on account', async () => {
    book = [saved];
    balance = 2000;
    terms = { creditLimitCents: 100_000, termsDays: 30 };
    await render();
    const creditButton = () =>
      [...container.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Use my store credit'));
    await shown(() => creditButton() !== undefined && accountButton()?.disabled === false, 'both offers');
    await act(async () => creditButton()?.click());
    await shown(() => accountButton()?.textContent === 'Put on account ($30.29)', 'the rest on account');
    await act(async () => accountButton()?.click());
    await shown(
      () => Boolean(container.textContent?.includes('Congrats! Your order is paid on account')),
      'paid on account',
    );
    expect(container.querySelector('[data-testid="summary-store-credit"]')?.textContent).toBe('-$20.00');
    // The summary's rest row names the account, not a card.
    const rest = container.querySelector('[data-testid="summary-card"]')?.parentElement?.textContent;
    expect(rest).toBe('On account$30.29');
  });

  it("says the store's refusal in words", async () => {
    book = [saved];
    terms = { creditLimitCents: 1_000, termsDays: 30 };
    onAccountRefusal = 'This order is over your credit limit: $10.00 is available on account.';
    await render();
    await shown(() => accountButton()?.disabled === false, 'an enabled Put on account button');
    await act(async () => accountButton()?.click());
    await shown(
      () => container.querySelector('[role="alert"]')?.textContent === onAccountRefusal,
      'the refusal',
    );
    expect(order.paid).toBe(false);
    expect(payButton()).toBeDefined();
  });

  it('offers it disabled, with the words why, while an invoice is overdue too long', async () => {
    book = [saved];
    terms = { creditLimitCents: 100_000, termsDays: 30 };
    stoppedBecause =
      'An invoice on your account is more than 30 days overdue: pay it to order on account again.';
    await render();
    await shown(
      () => accountButton() !== undefined && calls.includes('GET /api/account/invoices'),
      'the offer',
    );
    await shown(() => container.querySelector('[data-testid="on-account-stopped"]') !== null, 'the words');
    expect(accountButton()?.disabled).toBe(true);
    const words = container.querySelector('[data-testid="on-account-stopped"]');
    expect(words?.textContent).toBe(stoppedBecause);
    expect(accountButton()?.getAttribute('aria-describedby')).toBe(words?.id);
  });
});

describe('paying for parts added to an order paid by card (decision 104)', () => {
  /** Paid by card and waiting to ship, then a $12.34 part added: it ships once that is paid. */
  const owing = (): Order => {
    const paid = inOhio(unpaidOrder(), OHIO);
    return {
      ...paid,
      paid: true,
      status: 'pending',
      transactionId: 'sim_pi_first',
      number: 'TW-10042',
      amounts: { ...paid.amounts, totalCents: paid.amounts.totalCents + 1234, balanceDueCents: 1234 },
    };
  };

  it('asks for the balance by card alone: no address step, store credit or account', async () => {
    order = owing();
    book = [saved];
    balance = 5000;
    terms = { creditLimitCents: 100_000, termsDays: 30 };
    await render();
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    expect(payButton()?.textContent).toBe('Pay $12.34');
    expect(container.querySelector('[data-testid="balance-due"]')?.textContent).toBe(
      'Parts were added to order TW-10042: pay $12.34 to have it shipped',
    );
    expect(container.querySelector('[data-testid="payment-address"]')).toBeNull();
    expect(container.textContent).not.toContain('store credit');
    expect(container.querySelector('[data-testid="on-account"]')).toBeNull();
    expect(container.textContent).not.toContain('already paid');
    expect(calls.filter((c) => !c.startsWith('GET /api/order/o1'))).toEqual([
      'POST /api/create-payment-intent {"orderId":"o1"}',
    ]);
  });

  it('pays the balance, says so, and shows the order read again with nothing owed', async () => {
    order = owing();
    await render();
    await shown(() => payButton()?.disabled === false, 'an enabled Pay button');
    type(field('Card number'), '4242 4242 4242 4242');
    type(field('Expiry (MM/YY)'), '12/40');
    type(field('CVC'), '123');
    await act(async () => payButton()?.click());
    await shown(
      () => container.querySelector('[role="status"]')?.textContent?.includes('sim_pi_o1') === true,
      'the payment done',
    );
    expect(container.querySelector('[role="status"]')?.textContent).toContain(
      'Thank you: the parts added are paid for',
    );
    expect(calls.find((c) => c.startsWith('POST /api/payments/simulated/confirm'))).toContain(
      '"clientSecret":"sim_secret_1234"',
    );
    // The order was read again after the payment: it owes nothing now.
    await shown(
      () => container.querySelector('[data-testid="balance-due"]') === null,
      'the order read again',
    );
    expect(calls.filter((c) => c === 'GET /api/order/o1').length).toBeGreaterThan(1);
    expect(payButton()).toBeUndefined();
  });

  it('a paid order that owes nothing is already paid: no payment is opened', async () => {
    const { balanceDueCents: _none, ...amounts } = owing().amounts;
    order = { ...owing(), amounts };
    await render();
    await shown(
      () => Boolean(container.textContent?.includes('This order is already paid.')),
      'already paid',
    );
    expect(payButton()).toBeUndefined();
    expect(calls.some((c) => c.includes('create-payment-intent'))).toBe(false);
  });
});
