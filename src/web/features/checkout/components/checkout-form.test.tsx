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

beforeEach(() => {
  cartTotal = 19258;
  checkouts = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/auth/get-session') return json({ user });
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
