import { VISITOR_CART_KEY } from '@contract/cart.constants';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartLink } from './cart-link';
import { useCart } from './use-cart';
import { useMergeVisitorCartOnSignIn } from './use-merge-visitor-cart';
import { addToLines, readVisitorLines, writeVisitorLines } from './visitor-cart';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const quote = (itemCount: number) => ({
  lines: [],
  itemCount,
  totals: {
    subtotalCents: 0,
    shippingCents: 0,
    taxCents: 0,
    totalCents: 0,
    shippingMethod: 'standard',
    taxRateBasisPoints: 700,
  },
  shippingOptions: [],
  freeShippingOverCents: 10000,
});

beforeEach(() => {
  localStorage.clear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
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
const cartLabel = () => container.querySelector('a')?.getAttribute('aria-label');

function renderWith(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  );
}

/** The layout's part that matters here: the merge hook and the navigation's cart link. */
function Shell() {
  useMergeVisitorCartOnSignIn();
  return <CartLink />;
}

function CartLines() {
  const { cart } = useCart();
  return <p>{cart?.lines.map((l) => l.productId).join(',')}</p>;
}

describe("a visitor's cart in the browser", () => {
  it("reads anything but a list of lines as empty, and adds to the same product's line", () => {
    localStorage.setItem(VISITOR_CART_KEY, '{not json');
    expect(readVisitorLines()).toEqual([]);
    localStorage.setItem(
      VISITOR_CART_KEY,
      JSON.stringify([{ productId: 'a', quantity: 2 }, { productId: 'b', quantity: 0 }, 'x']),
    );
    expect(readVisitorLines()).toEqual([{ productId: 'a', quantity: 2 }]);
    const lines = addToLines(addToLines(readVisitorLines(), 'a', 3), 'c', 1);
    expect(lines).toEqual([
      { productId: 'a', quantity: 5 },
      { productId: 'c', quantity: 1 },
    ]);
    writeVisitorLines([]);
    expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
  });

  it("counts a visitor's units in the Cart link's name without asking the server for the cart", async () => {
    const fetch = vi.fn(async (url: string) => (url.endsWith('/get-session') ? json(null) : json({})));
    vi.stubGlobal('fetch', fetch);
    writeVisitorLines([
      { productId: 'a', quantity: 2 },
      { productId: 'b', quantity: 1 },
    ]);
    await renderWith(<CartLink />);
    await shown(() => cartLabel() === 'Cart, 3 items', 'the count of 3');
    act(() => writeVisitorLines([{ productId: 'a', quantity: 1 }]));
    expect(container.querySelector('a')?.getAttribute('aria-label')).toBe('Cart, 1 item');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/get-session']);
  });

  it('merges the lines into the server cart once a session appears, then clears the browser copy', async () => {
    const merges: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url.endsWith('/get-session'))
          return json({ user: { id: 'u1', email: 'ada@torque.example', name: 'Ada' } });
        if (url === '/api/cart/merge') {
          merges.push(JSON.parse(String(init?.body)));
          return json(quote(5));
        }
        return json(quote(0));
      }),
    );
    writeVisitorLines([
      { productId: 'a', quantity: 2 },
      { productId: 'b', quantity: 3 },
    ]);
    await renderWith(<Shell />);
    // The browser copy also counts 5: wait until it is gone, so the count is the server's.
    await shown(
      () => localStorage.getItem(VISITOR_CART_KEY) === null && cartLabel() === 'Cart, 5 items',
      "the server cart's 5 items",
    );
    expect(merges).toEqual([
      {
        lines: [
          { productId: 'a', quantity: 2 },
          { productId: 'b', quantity: 3 },
        ],
      },
    ]);
    expect(localStorage.getItem(VISITOR_CART_KEY)).toBeNull();
    expect(container.querySelector('a')?.getAttribute('aria-label')).toBe('Cart, 5 items');
  });

  it('drops a product the store no longer has from the browser copy once priced', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/get-session')
          ? json(null)
          : json({
              ...quote(2),
              lines: [
                {
                  productId: 'a',
                  name: 'A',
                  image: '',
                  unitPriceCents: 100,
                  quantity: 2,
                  minimum: 1,
                  available: 9,
                  lineTotalCents: 200,
                  problem: null,
                },
              ],
            }),
      ),
    );
    writeVisitorLines([
      { productId: 'a', quantity: 2 },
      { productId: 'gone', quantity: 1 },
    ]);
    await renderWith(<CartLines />);
    await shown(() => container.textContent === 'a', 'the priced line');
    expect(readVisitorLines()).toEqual([{ productId: 'a', quantity: 2 }]);
  });
});
