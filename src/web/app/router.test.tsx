import { matchPage, type PageKey, pageAccess, pageKeys, pages } from '@contract/pages';
import {
  address,
  addressState,
  answer,
  http,
  json,
  mockApi,
  refusal,
  renderPage,
  screen,
  sent,
  waitFor,
} from '@web/test/page';
import type { ReactElement, ReactNode } from 'react';
import { createRoutesFromChildren, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { RequireAdmin } from './guards/require-admin';
import { RequireAuth } from './guards/require-auth';
import { AppRoutes, pageComponents } from './router';

/**
 * The router against the route table (contract/pages.ts) and the store's rules for addresses
 * (docs/requirements.md §2 and §4): every page of the table is routed and shows its own page, an
 * address of no page shows the 'Page is not Found' card, and a protected page sends a signed-out
 * visitor to /login remembering where they were. The server's page plugins key their entries by
 * the same table (src/server/edge/pages/page-table.test.ts).
 */

const routes = createRoutesFromChildren(
  (AppRoutes() as ReactElement<{ children: ReactNode }>).props.children,
);

/** Every address pattern the router declares (index routes at their parent's), catch-alls aside. */
function routedPatterns(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : (route.path ?? parent);
    const here = route.path === '*' ? [] : route.path || route.index ? [own] : [];
    return [...here, ...routedPatterns(route.children ?? [], own)];
  });
}

/** The element routed at each pattern (index routes at their parent's), with the layouts it sits in. */
function routedElements(
  list: RouteObject[],
  parent = '',
  layouts: ReactElement[] = [],
): Map<string, { element: ReactElement; layouts: ReactElement[] }> {
  const found = new Map<string, { element: ReactElement; layouts: ReactElement[] }>();
  for (const route of list) {
    const own = route.index ? parent || '/' : (route.path ?? parent);
    const element = route.element as ReactElement | undefined;
    if (route.children) {
      const inner = routedElements(route.children, own, element ? [...layouts, element] : layouts);
      for (const [pattern, value] of inner) if (!found.has(pattern)) found.set(pattern, value);
    } else if (element && route.path !== '*') found.set(own, { element, layouts });
  }
  return found;
}

/** The component an element draws, under any guards. */
function pageOf(routed: { element: ReactElement } | undefined): unknown {
  let element = routed?.element;
  while (element && (element.type === RequireAuth || element.type === RequireAdmin))
    element = (element.props as { children: ReactElement }).children;
  return element?.type;
}

/** The guard a page sits behind: its own, or the signed-in guard of the layout around it. */
function guardOf(
  routed: { element: ReactElement; layouts: ReactElement[] } | undefined,
  pattern: string,
): { kind: 'none' } | { kind: 'signedIn' } | { kind: 'permission'; permission: unknown } {
  if (!routed) throw new Error(`nothing routed at ${pattern}`);
  const { element, layouts } = routed;
  if (element.type === RequireAdmin)
    return { kind: 'permission', permission: (element.props as { permission?: unknown }).permission };
  if (element.type === RequireAuth || layouts.some((layout) => layout.type === RequireAuth))
    return { kind: 'signedIn' };
  return { kind: 'none' };
}

const ID = '3f2c9a1e-0b7d-4e5a-9c61-2d8e4f7a1b90';
/** A quote's signed key as the store's links carry it. */
const TOKEN = 'q1Xy_Zt-9aBcDeFgHiJkLmNoP';
/** An address of the page: its pattern with an id (or a key) that looks like the store's. */
const sample = (pattern: string) => pattern.replace(':id', ID).replace(':token', TOKEN);

const owner = { id: 'owner-1', email: 'olive@torque.example', name: 'Olive Owner', image: null };
let signedIn: typeof owner | null;
let role: 'owner' | 'manager' | 'staff' | 'customer';

const product = {
  _id: ID,
  name: 'Torque Wrench',
  image: '/images/tools/torque-wrench.svg',
  price: 89.99,
  description: ['Clicks at the set torque.'],
  available_quantity: 40,
  minimum_order_quantity: 2,
};

/** An order just placed and paid, for the confirmation page. */
const placedOrder = {
  _id: ID,
  number: 'TW-10042',
  paid: true,
  userEmail: owner.email,
  lines: [{ productId: ID, name: 'Torque Wrench', quantity: 2, unitPriceCents: 8999, lineTotalCents: 17998 }],
  amounts: { subtotalCents: 17998, shippingCents: 0, taxCents: 1260, totalCents: 19258 },
  shippingMethod: 'standard',
  shippingLabel: 'Standard shipping',
  discount: null,
};

mockApi(
  http.get('/api/auth/get-session', () => json(signedIn ? { user: signedIn } : null)),
  http.post('/api/auth/sign-out', () => {
    signedIn = null;
    return json({ success: true });
  }),
  http.get('/api/admin/:email', () => json({ admin: role !== 'customer', role })),
  http.get('/api/tool', () => json([product])),
  http.get('/api/tool/facets', () => refusal(404, 'NOT_FOUND', 'Not found')),
  http.get('/api/tool/:id', () => json(product)),
  http.get('/api/purchase/:id', () => json(product)),
  // Everything else a page asks for is not there: each page still shows itself, and says so.
  http.all('/api/*', () => refusal(404, 'NOT_FOUND', 'Not found')),
);

beforeEach(() => {
  signedIn = owner;
  role = 'owner';
});

/** The headings of the page the router shows (the frame's own nav and footer aside). */
const headings = () =>
  [...(screen().querySelector('main')?.querySelectorAll('h1, h2, h3') ?? [])].map((h) =>
    h.textContent?.trim(),
  );
/** Its headings, links and buttons, the dashboard's menu aside: what tells one page from another. */
const marks = () => [
  ...headings(),
  ...[...(screen().querySelector('main')?.querySelectorAll('a, button') ?? [])]
    .filter((e) => !e.closest('nav'))
    .map((e) => e.textContent?.trim()),
];

/** What only each page of the table shows: its heading (or, with nothing to show, its way back). */
const mark: Record<PageKey, string> = {
  home: 'All Tools',
  tools: 'Tools',
  reviews: 'Reviews',
  contact: 'Contact Us',
  portfolio: 'Projects',
  blog: 'Blog',
  shippingPolicy: 'Shipping',
  returnPolicy: 'Returns',
  product: 'Torque Wrench',
  purchase: 'Torque Wrench',
  cart: 'Your cart',
  checkout: 'Checkout',
  guestCheckout: 'Checkout as a guest',
  checkoutDone: 'Thank you for your order!',
  orderStatus: 'Find your order',
  unsubscribe: 'Cart reminders',
  quote: 'Quote not found',
  login: 'Login',
  signup: 'Sign Up',
  forgotPassword: 'Reset your password',
  resetPassword: 'Choose a new password',
  dashboard: 'My Profile',
  myOrders: 'My Orders',
  payment: 'Payment',
  order: 'Order not found',
  addresses: 'Addresses',
  addReview: 'Add a review',
  overview: 'Overview',
  users: 'Make Admin',
  customer: 'Customer not found',
  tradeApplications: 'Trade applications',
  customerGroups: 'Customer groups',
  invoices: 'Open invoices',
  manageProduct: 'Manage Product',
  addProduct: 'Add Product',
  productEditor: 'History',
  productStock: 'Stock',
  categories: 'Categories and brands',
  bulk: 'Bulk changes',
  catalogImport: 'Import and export',
  searchWords: 'Search words',
  discounts: 'Discounts',
  reviewDesk: 'Moderate reviews',
  manageOrders: 'Manage All Orders',
  manageOrder: 'Order not found',
  returns: 'Returns',
  numbers: 'Numbers',
  finance: 'Finance',
  purchasing: 'Purchasing',
  purchaseOrder: 'Purchase order not found',
  supplier: 'Supplier not found',
  locations: 'Places',
  settings: 'Settings',
  outbox: 'Outbox',
  mailbox: 'Mailbox',
  mail: 'Back to the Mailbox',
  inbox: 'Inbox',
  inboxMessage: 'Back to the Inbox',
  audit: 'Audit log',
};

describe('the router and the route table', () => {
  it('routes exactly the pages of the table, at their patterns', () => {
    const patterns = pageKeys.map((key) => pages[key].pattern);
    expect([...new Set(routedPatterns(routes))].sort()).toEqual([...patterns].sort());
  });

  it("routes each page's own module: one per page of the table, and no module without a page", () => {
    expect(Object.keys(pageComponents).sort()).toEqual([...pageKeys].sort());
    // The element routed at each pattern draws that page's component, under the guard of its access.
    const byPattern = routedElements(routes);
    for (const key of pageKeys) {
      const element = byPattern.get(pages[key].pattern);
      expect(element, key).toBeDefined();
      expect(pageOf(element), key).toBe(pageComponents[key]);
    }
  });

  it('guards each page as its access in the route table says', () => {
    const byPattern = routedElements(routes);
    for (const key of pageKeys) {
      const access = pageAccess[key];
      const guard = guardOf(byPattern.get(pages[key].pattern), pages[key].pattern);
      if (access === 'public') expect(guard, key).toEqual({ kind: 'none' });
      else if (access === 'signedIn') expect(guard, key).toEqual({ kind: 'signedIn' });
      else expect(guard, key).toEqual({ kind: 'permission', permission: access });
    }
  });

  it.each(pageKeys)('shows the %s page at its address, drawn by its own component', async (key) => {
    // Signed in, a customer is sent from these to their own checkout, or home.
    if (key === 'guestCheckout' || key === 'login' || key === 'signup') signedIn = null;
    if (key === 'checkoutDone') answer(http.get('/api/order/:id', () => json(placedOrder)));
    const at = sample(pages[key].pattern);
    expect(matchPage(at)?.key).toBe(key);
    await renderPage(<AppRoutes />, { address: at });
    await waitFor(() => expect(marks()).toContain(mark[key]));
    expect(headings()).not.toContain('Page is not Found');
    expect(address()).toBe(at);
  });

  it("shows the 'Page is not Found' card for addresses of no page, which the server knows of no page either", async () => {
    for (const at of ['/nope', '/dashboard/nope', '/purchase', '/product/1/2', '/dashboard/products/1/x']) {
      expect(matchPage(at)).toBeUndefined();
      await renderPage(<AppRoutes />, { address: at });
      await waitFor(() => expect(headings()).toContain('Page is not Found'));
    }
  });

  it('sends a signed-out visitor of a protected page to /login, remembering where they were', async () => {
    signedIn = null;
    for (const key of ['myOrders', 'purchase', 'checkout', 'manageOrders'] as const) {
      const at = sample(pages[key].pattern);
      await renderPage(<AppRoutes />, { address: at });
      await waitFor(() => expect(address()).toBe(pages.login.path));
      expect(addressState()).toMatchObject({ from: at });
      await waitFor(() => expect(headings()).toContain('Login'));
    }
  });

  it('signs a signed-in customer out of an admin page and sends them to /login', async () => {
    role = 'customer';
    await renderPage(<AppRoutes />, { address: pages.manageOrders.path });
    await waitFor(() => expect(address()).toBe(pages.login.path));
    expect(addressState()).toMatchObject({ from: pages.manageOrders.path, reason: 'admin-only' });
    expect(sent('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  it('opens the trade applications to managers, and tells the staff their role does not open it', async () => {
    role = 'manager';
    await renderPage(<AppRoutes />, { address: pages.tradeApplications.path });
    await waitFor(() => expect(headings()).toContain('Trade applications'));
    expect(sent('GET', '/api/trade-applications')).toHaveLength(1);

    role = 'staff';
    await renderPage(<AppRoutes />, { address: pages.tradeApplications.path });
    await waitFor(() => expect(screen().textContent).toContain('Your role (Staff) does not open this page.'));
    expect(headings()).not.toContain('Trade applications');
    expect(sent('GET', '/api/trade-applications')).toHaveLength(1);
  });

  it('opens the customer groups and open invoices to managers, and tells the staff their role does not open them', async () => {
    answer(
      http.get('/api/customer-groups', () => json({ groups: [] })),
      http.get('/api/invoices', () => json({ invoices: [], totalOpenCents: 0 })),
    );
    role = 'manager';
    await renderPage(<AppRoutes />, { address: pages.customerGroups.path });
    await waitFor(() => expect(headings()).toContain('Customer groups'));
    await waitFor(() => expect(screen().textContent).toContain('No customer groups yet.'));
    expect(sent('GET', '/api/customer-groups')).toHaveLength(1);
    await renderPage(<AppRoutes />, { address: pages.invoices.path });
    await waitFor(() => expect(headings()).toContain('Open invoices'));
    await waitFor(() =>
      expect(screen().textContent).toContain('No open invoices: every account is paid up.'),
    );
    expect(sent('GET', '/api/invoices')).toHaveLength(1);

    role = 'staff';
    for (const key of ['customerGroups', 'invoices'] as const) {
      await renderPage(<AppRoutes />, { address: pages[key].path });
      await waitFor(() =>
        expect(screen().textContent).toContain('Your role (Staff) does not open this page.'),
      );
    }
    expect(sent('GET', '/api/customer-groups')).toHaveLength(1);
    expect(sent('GET', '/api/invoices')).toHaveLength(1);
  });

  it('builds links the router opens, encoding what an id could carry', () => {
    expect(pages.manageOrder.path('a b/c')).toBe('/dashboard/manageOrders/a%20b%2Fc');
    expect(matchPage(pages.manageOrder.path('a b/c'))?.key).toBe('manageOrder');
    expect(pages.resetPassword.withToken('x+y=')).toBe('/reset-password?token=x%2By%3D');
    expect(pages.quote.path(TOKEN)).toBe(`/quote/${TOKEN}`);
    expect(matchPage(pages.quote.path(TOKEN))?.key).toBe('quote');
    expect(pages.tools.inCategory('brakes & rotors')).toBe('/tools?category=brakes%20%26%20rotors');
  });
});
