import type { StorePolicies } from '@contract/policies';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReturnPolicyPage } from './return-policy-page';
import { ShippingPolicyPage } from './shipping-policy-page';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The shipping and returns pages say what GET /api/store/policies answers: the settings in force. */

const flat: StorePolicies['shipping']['flat'] = {
  standard: { name: 'Standard shipping', estimate: '3 to 5 business days' },
  express: { name: 'Express shipping', estimate: '1 to 2 business days' },
  standardCents: 899,
  expressCents: 2499,
  freeStandardOverCents: 12_500,
};
let answer: StorePolicies;

let container: HTMLDivElement;
let root: Root;
beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/store/policies'
        ? new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('{}', { status: 404 }),
    ),
  );
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render(page: ReactNode, ready: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{page}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
  await act(() =>
    vi.waitFor(
      () => {
        if (!container.textContent?.includes(ready)) throw new Error('not drawn yet');
      },
      { timeout: 10_000, interval: 20 },
    ),
  );
  return container.textContent ?? '';
}

describe('the shipping page', () => {
  it('gives the flat rates and the free-shipping threshold of a store without zones', async () => {
    answer = {
      shipping: { zones: [], flat, defaultWeightLb: 1 },
      returns: { windowDays: 30, restockingFeePercent: 15 },
    };
    const text = await render(<ShippingPolicyPage />, 'Standard shipping');
    expect(text).toContain('Standard shipping: $8.99');
    expect(text).toContain('Free when the parts in your order come to $125.00 or more.');
    expect(text).toContain('Express shipping: $24.99');
  });

  it("gives each zone's places, methods, prices by weight and free threshold", async () => {
    answer = {
      shipping: {
        flat,
        defaultWeightLb: 1.5,
        zones: [
          {
            name: 'Lower 48',
            areas: ['US'],
            methods: [
              {
                name: 'Ground',
                estimate: '3 to 6 days',
                mode: 'ground',
                brackets: [
                  { upToLb: 10, priceCents: 995 },
                  { upToLb: null, priceCents: 1995 },
                ],
                freeOverCents: 9900,
              },
              {
                name: 'Next day air',
                estimate: '',
                mode: 'air',
                brackets: [{ upToLb: 20, priceCents: 4500 }],
                freeOverCents: null,
              },
            ],
          },
        ],
      },
      returns: { windowDays: 30, restockingFeePercent: 15 },
    };
    const text = await render(<ShippingPolicyPage />, 'Lower 48');
    expect(text).toContain('Ships to: US');
    expect(text).toContain('up to 10 lb: $9.95');
    expect(text).toContain('over 10 lb: $19.95');
    expect(text).toContain('Free on parts of $99.00 or more.');
    expect(text).toContain('up to 20 lb: $45.00');
    expect(text).toContain('Parcels over 20 lb are not sent this way.');
    expect(text).toContain('Never free.');
    expect(text).toContain('a part without one counted as 1.5 lb');
    expect(text).not.toContain('$8.99');
  });
});

describe('the returns page', () => {
  it('gives the return window and the restocking fee', async () => {
    answer = {
      shipping: { zones: [], flat, defaultWeightLb: 1 },
      returns: { windowDays: 45, restockingFeePercent: 12.5 },
    };
    const text = await render(<ReturnPolicyPage />, 'Return window');
    expect(text).toContain('within 45 days of the day they shipped');
    expect(text).toContain('less a restocking fee of 12.5 % of what they sold for');
  });

  it('says there is no fee, or no returns, when the settings say so', async () => {
    answer = {
      shipping: { zones: [], flat, defaultWeightLb: 1 },
      returns: { windowDays: 14, restockingFeePercent: 0 },
    };
    expect(await render(<ReturnPolicyPage />, 'Return window')).toContain('There is no restocking fee.');
    act(() => root.unmount());
    root = createRoot(container);
    answer = { ...answer, returns: { windowDays: 0, restockingFeePercent: 20 } };
    const text = await render(<ReturnPolicyPage />, 'No returns');
    expect(text).toContain('Parts are not taken back once they have shipped.');
    expect(text).not.toContain('restocking fee');
  });
});
