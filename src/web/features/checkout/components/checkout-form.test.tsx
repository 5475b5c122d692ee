import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutForm } from './checkout-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const user = { id: 'u1', email: 'ada@torque.example', name: 'Ada Park', image: null };
const address = {
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
const cart = (totalCents: number) => ({
  lines: [
    {
      productId: 't1',
      name: 'Torque wrench',
      image: '/x.png',
      unitPriceCents: 8999,
      quantity: 2,
      minimum: 2,
      available: 10,
      lineTotalCents: 17998,
      problem: null,
    },
  ],
  itemCount: 2,
  totals: {
    subtotalCents: 17998,
    shippingCents: 0,
    taxCents: totalCents - 17998,
    totalCents,
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
    {
      method: 'express',
      label: 'Express shipping',
      priceCents: 1999,
      rateCents: 1999,
      estimate: '1 to 2 business days',
      mode: 'air',
      freeOverCents: null,
    },
  ],
  freeShippingOverCents: 10000,
  weightLb: 2,
  shippingProblem: null,
});
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let container: HTMLDivElement;
let root: Root;
let cartTotal: number;
let checkouts: Array<{ idempotencyKey: string; expectedTotalCents: number }>;
let answerCheckout: () => Response;
/** The customer's trade account (GET /api/account/trade); none: a retail buyer (404, as before). */
let trade: unknown;
/** Where the account stands on account (GET /api/account/invoices). */
let standing: {
  terms: { creditLimitCents: number; termsDays: 15 | 30 } | null;
  balanceCents: number;
  availableCents: number;
  overdueCents: number;
  stoppedBecause: string | null;
};
let calls: string[];

beforeEach(() => {
  cartTotal = 19258;
  checkouts = [];
  trade = undefined;
  standing = {
    terms: { creditLimitCents: 200_000, termsDays: 30 },
    balanceCents: 50_000,
    availableCents: 150_000,
    overdueCents: 0,
    stoppedBecause: null,
  };
  calls = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/api/auth/get-session') return json({ user });
      if (url === '/api/account/trade' && trade !== undefined) return json({ trade });
      if (url === '/api/account/invoices' && trade !== undefined)
        return json({ standing, invoices: [], payments: [] });
      if (url.startsWith('/api/cart?')) return json(cart(cartTotal));
      if (url === '/api/addresses') return json([address]);
      if (url === '/api/account/store-credit') return json({ balanceCents: 0, entries: [] });
      if (url === '/api/checkout') {
        checkouts.push(JSON.parse(String(init?.body)));
        return answerCheckout();
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
        <MemoryRouter initialEntries={['/checkout']}>
          <Routes>
            <Route path="/checkout" element={<CheckoutForm user={user} testMode />} />
            <Route path="/checkout/done/:id" element={<p data-testid="done">Order placed</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  // Loaded: the saved address is in the form and the cart's total in the summary.
  await shown(
    () => Boolean(field('Full name')?.value) && Boolean(total()?.startsWith('$')),
    'the loaded checkout',
  );
}

const total = () => container.querySelector('[data-testid="summary-total"]')?.textContent;

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
const placeButton = () =>
  [...container.querySelectorAll('button')].find((b) => b.textContent?.includes('Place order and pay'));

describe('the checkout form', () => {
  it('fills the address from the default saved one', async () => {
    answerCheckout = () => json({});
    await render();
    expect(field('Full name')?.value).toBe('Ada Park');
    expect(field('City')?.value).toBe('Detroit');
    expect(container.textContent).toContain('$192.58');
  });

  it('on a changed total (409) shows the server message and the new total, and one press sends one checkout', async () => {
    answerCheckout = () => {
      cartTotal = 20000;
      return json(
        {
          error: {
            code: 'CONFLICT',
            message:
              'Prices or stock changed while you were checking out: the total is now $200.00. Check your order and place it again.',
          },
        },
        409,
      );
    };
    await render();
    type(field('Card number'), '4242 4242 4242 4242');
    type(field('Expiry (MM/YY)'), '12/40');
    type(field('CVC'), '123');
    await act(async () => {
      placeButton()?.click();
      placeButton()?.click();
    });
    // The 409 makes the form fetch the cart again: wait for the page to show that answer (a fixed
    // number of short sleeps was too few on a busy machine).
    await shown(() => total() === '$200.00', 'the new total');
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]?.expectedTotalCents).toBe(19258);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('the total is now $200.00');
    expect(container.querySelector('[data-testid="summary-total"]')?.textContent).toBe('$200.00');
  });

  it('places nothing while the card is incomplete and says which field is wrong', async () => {
    answerCheckout = () => json({});
    await render();
    await act(async () => placeButton()?.click());
    await shown(() => Boolean(container.textContent?.includes('Enter a card number')), 'the card message');
    expect(checkouts).toHaveLength(0);
    expect(container.textContent).toContain('Enter a card number');
  });
});

/** A trade account with net 30 terms and a $2,000.00 limit (decision 102). */
const tradeAccount = {
  userId: 'u1',
  priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
  certificate: null,
  groupId: null,
  groupName: null,
  onAccount: { creditLimitCents: 200_000, termsDays: 30 },
  updatedAt: '2026-11-01T10:00:00.000Z',
};
/** The order the checkout answers, charged to the account: paid, no payment to make. */
const placedOnAccount = () => ({
  order: {
    _id: 'o1',
    number: 'TW-10001',
    paid: true,
    status: 'pending',
    shippingMethod: 'standard',
    shippingLabel: 'Standard shipping',
    discount: null,
    lines: cart(19258).lines,
    amounts: { ...cart(19258).totals, discountCents: 0, storeCreditCents: 0, onAccountCents: 19258 },
  },
  payment: null,
  replayed: false,
});

const radio = (name: string) => {
  const label = [...container.querySelectorAll('label')].find((l) => l.textContent?.trim() === name);
  return label?.querySelector<HTMLInputElement>('input[type="radio"]') ?? null;
};
/** Whether the card's fields are asked. */
const asksCard = () => [...container.querySelectorAll('label')].some((l) => l.textContent === 'Card number');
const onAccountRadio = () => radio('On account (net 30, $1,500.00 available)');

describe('paying on account at checkout (decision 102)', () => {
  it('offers no choice to a retail buyer', async () => {
    answerCheckout = () => json({});
    await render();
    await shown(() => calls.includes('GET /api/account/trade'), 'the trade account read');
    expect(container.querySelector('[data-testid="pay-with"]')).toBeNull();
    expect(calls).not.toContain('GET /api/account/invoices');
  });

  it('sends payOnAccount, asks no card, and opens the confirmation of the paid order', async () => {
    trade = tradeAccount;
    answerCheckout = () => json(placedOnAccount());
    await render();
    await shown(
      () => onAccountRadio() !== null && onAccountRadio()?.disabled === false,
      'the on-account choice',
    );
    const group = container.querySelector('[data-testid="pay-with"]');
    expect(group?.tagName).toBe('FIELDSET');
    expect(group?.querySelector('legend')?.textContent).toBe('Pay with');
    expect(radio('Card')?.checked).toBe(true);
    expect(asksCard()).toBe(true);

    await act(async () => onAccountRadio()?.click());
    expect(onAccountRadio()?.checked).toBe(true);
    // No card is asked: the whole total goes on the account's invoice.
    expect(asksCard()).toBe(false);
    expect(container.querySelector('[data-testid="on-account-pays"]')?.textContent).toContain(
      'no card is needed',
    );
    expect(container.querySelector('[data-testid="summary-on-account"]')?.textContent).toBe('$192.58');
    const place = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Place order');
    expect(place).toBeDefined();

    await act(async () => place?.click());
    await shown(() => container.querySelector('[data-testid="done"]') !== null, 'the confirmation');
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toMatchObject({
      payOnAccount: true,
      useStoreCredit: false,
      expectedTotalCents: 19258,
    });
    expect(calls.some((c) => c.includes('/api/payments/') || c.includes('create-payment-intent'))).toBe(
      false,
    );
  });

  it('sends no payOnAccount when the card is kept', async () => {
    trade = tradeAccount;
    answerCheckout = () => json({});
    await render();
    await shown(() => onAccountRadio() !== null, 'the on-account choice');
    type(field('Card number'), '4242 4242 4242 4242');
    type(field('Expiry (MM/YY)'), '12/40');
    type(field('CVC'), '123');
    await act(async () => placeButton()?.click());
    await shown(() => checkouts.length === 1, 'the checkout sent');
    expect(checkouts[0]).not.toHaveProperty('payOnAccount');
  });

  it("says the store's refusal (409) and reads the cart and the account again", async () => {
    trade = tradeAccount;
    const refusal = 'This order is over your credit limit: $150.00 is available on account.';
    answerCheckout = () => json({ error: { code: 'CONFLICT', message: refusal } }, 409);
    await render();
    await shown(() => onAccountRadio()?.disabled === false, 'the on-account choice');
    await act(async () => onAccountRadio()?.click());
    const cartReads = calls.filter((c) => c.startsWith('GET /api/cart?')).length;
    const invoiceReads = calls.filter((c) => c === 'GET /api/account/invoices').length;
    await act(async () =>
      [...container.querySelectorAll('button')].find((b) => b.textContent === 'Place order')?.click(),
    );
    await shown(() => container.querySelector('[role="alert"]')?.textContent === refusal, 'the refusal');
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toMatchObject({ payOnAccount: true });
    await shown(
      () =>
        calls.filter((c) => c.startsWith('GET /api/cart?')).length > cartReads &&
        calls.filter((c) => c === 'GET /api/account/invoices').length > invoiceReads,
      'the cart and the account read again',
    );
    expect(container.querySelector('[data-testid="done"]')).toBeNull();
  });

  it('offers on account disabled, with the words why, while an invoice is overdue too long', async () => {
    trade = tradeAccount;
    const why = 'An invoice on your account is more than 30 days overdue: pay it to order on account again.';
    standing = { ...standing, availableCents: 0, overdueCents: 12_000, stoppedBecause: why };
    answerCheckout = () => json({});
    await render();
    const stopped = () => radio('On account (net 30, $0.00 available)');
    await shown(() => stopped() !== null, 'the on-account choice');
    expect(stopped()?.disabled).toBe(true);
    const words = container.querySelector('[data-testid="on-account-stopped"]');
    expect(words?.textContent).toBe(why);
    expect(stopped()?.getAttribute('aria-describedby')).toBe(words?.id);
    expect(radio('Card')?.checked).toBe(true);
    expect(asksCard()).toBe(true);
  });
});
