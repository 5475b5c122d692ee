/**
 * Every page of the web app: its address pattern (as the router declares it) and how to build a
 * link to it. The router, the server's page plugins (title and description, preload hints,
 * content for search engines, the sitemap) and the links in mails all take their addresses from
 * here, so a page renamed here is renamed everywhere, and a page added to the router without an
 * entry here fails a test (src/web/app/router.test.tsx; docs/decisions/062-one-route-table.md).
 *
 * The owner's addresses stay exactly as the requirements name them (docs/requirements.md §2),
 * camel case included: /dashboard/myOrders, /dashboard/manageOrders, /purchase/:id.
 *
 * Kept free of any library: the navigation imports it into the home page's first load.
 */

import type { Permission } from './roles';

const encode = (value: string | number) => encodeURIComponent(String(value));

/** A page at one fixed address: its link is its pattern. */
const fixed = <P extends `/${string}`>(pattern: P) => ({ pattern, path: pattern }) as const;

/** A page about one thing, named by the `:id` in its address. */
const withId = <P extends `/${string}:id${string}`>(pattern: P) =>
  ({ pattern, path: (id: string | number) => pattern.replace(':id', encode(id)) }) as const;

/**
 * A page opened by a link that carries a one-use or signed key: `withToken(key)` is that link. The
 * parameter is named `token`, which the request log hides.
 */
const tokenPage = <P extends `/${string}`>(pattern: P) =>
  ({ ...fixed(pattern), withToken: (token: string) => `${pattern}?token=${encode(token)}` }) as const;

/**
 * A page whose signed key is its address (`/quote/:token`, as the store's mails write it): its
 * link is `path(token)`. It matches as one path segment, as `:id` does.
 */
const keyed = <P extends `/${string}:token${string}`>(pattern: P) =>
  ({ pattern, path: (token: string) => pattern.replace(':token', encode(token)) }) as const;

export const pages = {
  // The storefront.
  home: fixed('/'),
  tools: {
    ...fixed('/tools'),
    /** The catalog filtered to one category: that category's page. */
    inCategory: (slug: string): string => `${pages.tools.path}?category=${encode(slug)}`,
  },
  reviews: fixed('/reviews'),
  contact: fixed('/contact'),
  portfolio: fixed('/portfolio'),
  blog: fixed('/blog'),
  /** The store's shipping and returns policies, written from the owner's settings. */
  shippingPolicy: fixed('/shipping'),
  returnPolicy: fixed('/returns'),
  /** A product's full page, public (search engines read it). */
  product: withId('/product/:id'),
  /** The owner's purchase page with the order modal, for signed-in customers. */
  purchase: withId('/purchase/:id'),
  cart: fixed('/cart'),
  checkout: fixed('/checkout'),
  guestCheckout: fixed('/checkout/guest'),
  checkoutDone: withId('/checkout/done/:id'),
  /** A guest's order, opened by the signed key of its mails or of the lookup. */
  orderStatus: tokenPage('/order-status'),
  /** Where a cart reminder's unsubscribe link lands. */
  unsubscribe: tokenPage('/unsubscribe'),
  /** A quote staff sent a customer (decision 103): its lines and prices, to accept and pay. */
  quote: keyed('/quote/:token'),

  // Accounts.
  login: fixed('/login'),
  signup: fixed('/signup'),
  forgotPassword: fixed('/forgot-password'),
  resetPassword: tokenPage('/reset-password'),

  // The dashboard: a customer's pages.
  /** The dashboard's index page, My Profile. */
  dashboard: fixed('/dashboard'),
  myOrders: fixed('/dashboard/myOrders'),
  payment: withId('/dashboard/payment/:id'),
  order: withId('/dashboard/orders/:id'),
  addresses: fixed('/dashboard/addresses'),
  addReview: fixed('/dashboard/addReview'),

  // The dashboard: the staff's pages.
  overview: fixed('/dashboard/overview'),
  /** The owner's Make Admin page, grown into the customers list. */
  users: fixed('/dashboard/users'),
  customer: withId('/dashboard/users/:id'),
  /** Shops' applications for trade terms, for managers to approve or refuse (decision 101). */
  tradeApplications: fixed('/dashboard/trade-applications'),
  /** Customer groups: trade tiers with the price list their members buy at (decision 102). */
  customerGroups: fixed('/dashboard/customer-groups'),
  /** The store's open invoices on account, the overdue first (decision 102). */
  invoices: fixed('/dashboard/invoices'),
  manageProduct: fixed('/dashboard/manageProduct'),
  addProduct: fixed('/dashboard/addProduct'),
  productEditor: withId('/dashboard/products/:id'),
  productStock: withId('/dashboard/products/:id/stock'),
  categories: fixed('/dashboard/categories'),
  bulk: fixed('/dashboard/bulk'),
  catalogImport: fixed('/dashboard/import'),
  searchWords: fixed('/dashboard/searchWords'),
  discounts: fixed('/dashboard/discounts'),
  /** Moderation: reviews awaiting approval, published and hidden. */
  reviewDesk: fixed('/dashboard/reviews'),
  manageOrders: fixed('/dashboard/manageOrders'),
  manageOrder: withId('/dashboard/manageOrders/:id'),
  returns: fixed('/dashboard/returns'),
  numbers: fixed('/dashboard/numbers'),
  /** The books: the owner's finance figures, taxes by state and the accountant's files. */
  finance: fixed('/dashboard/finance'),
  /** Suppliers and purchase orders: what the store buys and what came in. */
  purchasing: fixed('/dashboard/purchasing'),
  purchaseOrder: withId('/dashboard/purchasing/orders/:id'),
  supplier: withId('/dashboard/purchasing/suppliers/:id'),
  /** The places stock is kept and the transfers between them. */
  locations: fixed('/dashboard/locations'),
  settings: fixed('/dashboard/settings'),
  outbox: fixed('/dashboard/outbox'),
  mailbox: fixed('/dashboard/mailbox'),
  mail: withId('/dashboard/mailbox/:id'),
  inbox: fixed('/dashboard/inbox'),
  inboxMessage: withId('/dashboard/inbox/:id'),
  audit: fixed('/dashboard/audit'),
} as const;

export type PageKey = keyof typeof pages;

/**
 * Who may open each page: anyone (`public`), any signed-in account (`signedIn`: the page shows
 * the caller's own things), or one of the staff whose role holds the permission (contract/roles.ts).
 * The router guards each page by this table and the dashboard's menu shows each role the pages it
 * opens; the server refuses the calls behind a page regardless (decision 088).
 */
export type PageAccess = 'public' | 'signedIn' | Permission;

export const pageAccess: Record<PageKey, PageAccess> = {
  home: 'public',
  tools: 'public',
  reviews: 'public',
  contact: 'public',
  portfolio: 'public',
  blog: 'public',
  shippingPolicy: 'public',
  returnPolicy: 'public',
  product: 'public',
  purchase: 'signedIn',
  cart: 'public',
  checkout: 'signedIn',
  guestCheckout: 'public',
  checkoutDone: 'signedIn',
  orderStatus: 'public',
  unsubscribe: 'public',
  quote: 'signedIn',
  login: 'public',
  signup: 'public',
  forgotPassword: 'public',
  resetPassword: 'public',
  dashboard: 'signedIn',
  myOrders: 'signedIn',
  payment: 'signedIn',
  order: 'signedIn',
  addresses: 'signedIn',
  addReview: 'signedIn',
  overview: 'reports.read',
  users: 'customers.read',
  customer: 'customers.read',
  tradeApplications: 'trade.write',
  customerGroups: 'customers.read',
  invoices: 'customers.read',
  manageProduct: 'products.read',
  addProduct: 'products.write',
  productEditor: 'products.read',
  productStock: 'products.read',
  categories: 'products.write',
  bulk: 'products.write',
  catalogImport: 'products.write',
  searchWords: 'products.write',
  discounts: 'discounts.read',
  reviewDesk: 'reviews.moderate',
  manageOrders: 'orders.read',
  manageOrder: 'orders.read',
  returns: 'returns.read',
  numbers: 'reports.read',
  finance: 'books.read',
  purchasing: 'purchasing.read',
  purchaseOrder: 'purchasing.read',
  supplier: 'purchasing.read',
  locations: 'products.read',
  settings: 'settings.read',
  outbox: 'outbox.read',
  mailbox: 'mailbox.read',
  mail: 'mailbox.read',
  inbox: 'inbox.read',
  inboxMessage: 'inbox.read',
  audit: 'audit.read',
};

/** Every page key, in the table's order. */
export const pageKeys = Object.keys(pages) as PageKey[];

/** A pattern as a regular expression: `:id` (or `:token`) is one path segment, everything else literal. */
function patternRegex(pattern: string) {
  const literal = pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${literal.replace(/:id|:token/, '([^/]+)')}$`);
}

const matchers = pageKeys.map((key) => ({ key, regex: patternRegex(pages[key].pattern) }));

/**
 * The page at a path (no query string, no trailing slash), and its `:id` (or `:token`) as written in the
 * address (still URI-encoded); undefined for an address the router shows as not found.
 */
export function matchPage(pathName: string): { key: PageKey; id?: string } | undefined {
  for (const { key, regex } of matchers) {
    const match = regex.exec(pathName);
    if (match) return match[1] === undefined ? { key } : { key, id: match[1] };
  }
  return undefined;
}
