import type { Permission } from '../../../contract/roles';

/**
 * What each route asks of its caller, declared once: `public` (anyone), `signedIn` (any account,
 * acting as itself: the service then checks the thing is the caller's own), or a permission that
 * the caller's role must hold (contract/roles.ts maps roles to permissions).
 *
 * Keyed by `METHOD url` exactly as Fastify registers the route (the prefix included, `:params` as
 * written). The guard in access-guard.ts reads this table before every route's own handler, and a
 * route missing from it is refused to everyone (fail closed); the access matrix test
 * (security/access-matrix.test.ts) calls every registered route as every role against it.
 *
 * Adding a route is one line here: `'POST /api/discounts': 'discounts.write',`.
 */
export type RouteAccess = 'public' | 'signedIn' | Permission;

export const ROUTE_PERMISSIONS = {
  // Operations and the web app
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /': 'public',
  'GET /*': 'public',
  'GET /uploads/:key': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /sitemap.xml': 'public',
  'GET /robots.txt': 'public',

  // better-auth: one catch-all; it lets through only the endpoints the store uses (kernel/identity/auth-plugin.ts).
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',

  // The store's own details
  'GET /api/store': 'public',
  'GET /api/store/policies': 'public',
  'GET /api/auth-providers': 'public',

  // Accounts: the spec's calls naming an account by email check it is the caller's own.
  'PUT /api/user/:email': 'signedIn',
  'GET /api/admin/:email': 'signedIn',
  'GET /api/profile/:email': 'signedIn',
  'PUT /api/profile/:email': 'signedIn',
  'GET /api/account/sessions': 'signedIn',
  'DELETE /api/account/sessions/:id': 'signedIn',
  'POST /api/account/sessions/revoke-others': 'signedIn',
  'GET /api/user': 'customers.read',
  // The spec's "Make admin": makes a manager, and only the owner may.
  'PUT /api/user/admin/:email': 'roles.write',
  'GET /api/customers': 'customers.read',
  'GET /api/customers/:id': 'customers.read',
  'PUT /api/customers/:id/role': 'roles.write',

  // Catalog, read by anyone
  'GET /api/tool': 'public',
  'GET /api/purchase/:id': 'public',
  'GET /api/purchase/:id/related': 'public',
  'GET /api/tool/facets': 'public',
  'GET /api/tool/suggest': 'public',
  'GET /api/categories': 'public',
  'GET /api/brands': 'public',
  'GET /api/vehicles/options': 'public',
  'GET /api/vehicles/vin/:vin': 'public',
  // My Garage: each customer's own vehicles.
  'GET /api/garage': 'signedIn',
  'POST /api/garage': 'signedIn',
  'DELETE /api/garage/active': 'signedIn',
  'PUT /api/garage/:id/active': 'signedIn',
  'DELETE /api/garage/:id': 'signedIn',

  // The owner's catalog: products, pictures, fitment, categories, bulk changes, imports, search words
  'POST /api/tool': 'products.write',
  'PATCH /api/tool/:id': 'products.write',
  'DELETE /api/tool/:id': 'products.write',
  'POST /api/tool/:id/fitment': 'products.write',
  'POST /api/uploads': 'products.write',
  'POST /api/uploads/by-url': 'products.write',
  'GET /api/catalog/products': 'products.read',
  'GET /api/catalog/products/:id': 'products.read',
  'GET /api/catalog/products/:id/history': 'products.read',
  'GET /api/catalog/low-stock': 'products.read',
  'POST /api/catalog/categories': 'products.write',
  'PATCH /api/catalog/categories/:slug': 'products.write',
  'PUT /api/catalog/categories/order': 'products.write',
  'DELETE /api/catalog/categories/:slug': 'products.write',
  'POST /api/catalog/brands': 'products.write',
  'PATCH /api/catalog/brands/:id': 'products.write',
  'PUT /api/catalog/brands/order': 'products.write',
  'DELETE /api/catalog/brands/:id': 'products.write',
  'POST /api/catalog/bulk/preview': 'products.write',
  'POST /api/catalog/bulk': 'products.write',
  'GET /api/catalog/bulk/last': 'products.read',
  'POST /api/catalog/bulk/:id/undo': 'products.write',
  'POST /api/catalog/imports': 'products.write',
  'GET /api/catalog/imports': 'products.read',
  'GET /api/catalog/imports/:id': 'products.read',
  'GET /api/catalog/imports/:id/rows': 'products.read',
  'POST /api/catalog/imports/:id/start': 'products.write',
  'POST /api/catalog/imports/:id/cancel': 'products.write',
  'GET /api/catalog/export/:kind': 'products.read',
  'GET /api/catalog/synonyms': 'products.read',
  'POST /api/catalog/synonyms': 'products.write',
  'PUT /api/catalog/synonyms/:id': 'products.write',
  'DELETE /api/catalog/synonyms/:id': 'products.write',
  // Stock ledger: reading it is part of the product; a count or an adjustment is its own power.
  'GET /api/tool/:id/stock': 'products.read',
  'POST /api/tool/:id/stock': 'stock.write',

  // Reviews and contact
  'GET /api/review': 'public',
  'POST /api/review': 'signedIn',
  'GET /api/review/mine': 'signedIn',
  // Moderation: publish, hide and answer reviews.
  'GET /api/reviews': 'reviews.moderate',
  'POST /api/reviews/:id/publish': 'reviews.moderate',
  'POST /api/reviews/:id/hide': 'reviews.moderate',
  'PUT /api/reviews/:id/reply': 'reviews.moderate',
  'POST /api/contact': 'public',

  // A customer's orders and payments: the service finds only the caller's own.
  'POST /api/order': 'signedIn',
  'GET /api/order': 'signedIn',
  'GET /api/order/:id': 'signedIn',
  'DELETE /api/order/:id': 'signedIn',
  'PATCH /api/order/:id': 'signedIn',
  'GET /api/order/:id/history': 'signedIn',
  'POST /api/order/:id/cancel-request': 'signedIn',
  'PUT /api/order/:id/address': 'signedIn',
  'POST /api/order/:id/returns': 'signedIn',
  'POST /api/order/:id/core-returns': 'signedIn',
  'GET /api/order/:id/returns': 'signedIn',
  'GET /api/order/:id/refunds/:refundId/credit-note.pdf': 'signedIn',
  'GET /api/order/:id/receipt.pdf': 'signedIn',
  'POST /api/create-payment-intent': 'signedIn',
  'POST /api/payments/simulated/confirm': 'signedIn',
  // Stripe signs its webhook; the signature, not a session, is the credential.
  'POST /api/payments/stripe/webhook': 'public',

  // Cart, address book and checkout
  'POST /api/cart/quote': 'public',
  'GET /api/cart': 'signedIn',
  'PUT /api/cart/:toolId': 'signedIn',
  'DELETE /api/cart/:toolId': 'signedIn',
  'DELETE /api/cart': 'signedIn',
  'POST /api/cart/merge': 'signedIn',
  'GET /api/addresses': 'signedIn',
  'POST /api/addresses': 'signedIn',
  'PUT /api/addresses/:id': 'signedIn',
  'DELETE /api/addresses/:id': 'signedIn',
  'POST /api/checkout': 'signedIn',

  // The order desk
  'GET /api/manage': 'orders.read',
  'GET /api/manage/:id': 'orders.read',
  'GET /api/manage/:id/history': 'orders.read',
  // A receipt and a credit note are money through and through: not for staff (decision 079).
  'GET /api/manage/:id/receipt.pdf': 'orders.money',
  'GET /api/manage/:id/refunds/:refundId/credit-note.pdf': 'orders.money',
  'GET /api/manage/:id/packing-slip': 'orders.read',
  'PUT /api/manage/:id': 'orders.ship',
  'POST /api/manage/:id/shipments': 'orders.ship',
  'DELETE /api/manage/:id': 'orders.cancel',
  'POST /api/manage/:id/cancel': 'orders.cancel',
  'POST /api/manage/:id/refunds': 'refunds.create',
  'POST /api/manage/:id/refunds/quote': 'refunds.create',
  // Money figures: the overview's sales, the owner's numbers and their export.
  'GET /api/manage/stats': 'reports.read',
  'GET /api/manage/reports': 'reports.read',
  'GET /api/manage/reports/orders.csv': 'reports.read',
  // The returns desk
  'GET /api/manage/returns': 'returns.read',
  'POST /api/manage/returns/:id/decision': 'returns.decide',
  'POST /api/manage/returns/:id/received': 'returns.receive',
  // Old parts handed in at the desk: received there, like a parcel of returns.
  'POST /api/manage/:id/core-returns': 'returns.receive',
  'POST /api/manage/returns/:id/refund': 'refunds.create',
  'GET /api/manage/returns/:id/refund-quote': 'refunds.create',
  // Deliveries and mail
  'GET /api/manage/outbox': 'outbox.read',
  'POST /api/manage/outbox/:id/retry': 'outbox.retry',
  'GET /api/manage/mails': 'mailbox.read',
  'GET /api/manage/mails/:id': 'mailbox.read',
  // The Inbox
  'GET /api/manage/inbox': 'inbox.read',
  'GET /api/manage/inbox/unread': 'inbox.read',
  'GET /api/manage/inbox/:id': 'inbox.read',
  'PATCH /api/manage/inbox/:id': 'inbox.reply',
  'POST /api/manage/inbox/:id/replies': 'inbox.reply',
  // Each staff member's own notification mails
  'GET /api/manage/notifications': 'notifications.own',
  'PUT /api/manage/notifications': 'notifications.own',

  // The audit log
  'GET /api/audit': 'audit.read',

  // Discounts (managers)
  'GET /api/discounts': 'discounts.read',
  'GET /api/discounts/:id': 'discounts.read',
  'POST /api/discounts': 'discounts.write',
  'PUT /api/discounts/:id': 'discounts.write',
  'POST /api/discounts/:id/end': 'discounts.write',

  // The owner's settings
  'GET /api/settings': 'settings.read',
  'PUT /api/settings/:section': 'settings.write',

  // Guest checkout: no account; a guest's order is opened by its signed key (decision 059).
  'POST /api/guest/checkout': 'public',
  'POST /api/guest/order/lookup': 'public',
  'GET /api/guest/order': 'public',
  'GET /api/guest/order/receipt.pdf': 'public',
  'POST /api/guest/order/payment-intent': 'public',
  'POST /api/guest/order/simulated-confirm': 'public',
  'POST /api/guest/order/paid': 'public',
  'POST /api/guest/order/cancel': 'public',
  'POST /api/guest/order/returns': 'public',
  'GET /api/guest/order/returns': 'public',
  // The order joins the signed-in account with its e-mail, from the mail's key.
  'POST /api/guest/order/claim': 'signedIn',
  // A cart reminder's unsubscribe link: its signed key is the credential (decision 060).
  'POST /api/cart-reminders/unsubscribe': 'public',
} as const satisfies Record<string, RouteAccess>;

export type RouteKey = keyof typeof ROUTE_PERMISSIONS;

/**
 * Routes a test mounts on an app of its own (one that throws on purpose, to test the error
 * handler). Nothing in the store adds to it: the access matrix calls every route the store
 * registers against ROUTE_PERMISSIONS alone.
 */
const testRoutes = new Map<string, RouteAccess>();

/** Declares a route only a test mounts, e.g. `declareTestRoute('GET /boom', 'public')`. */
export function declareTestRoute(key: string, access: RouteAccess) {
  testRoutes.set(key, access);
}

/** What the route `METHOD url` asks of its caller; undefined when it was never declared. */
export function accessOf(method: string, url: string): RouteAccess | undefined {
  // Asked on every request: two lookups, no table built per call.
  const find = (key: string): RouteAccess | undefined =>
    Object.hasOwn(ROUTE_PERMISSIONS, key)
      ? (ROUTE_PERMISSIONS as Record<string, RouteAccess>)[key]
      : testRoutes.get(key);
  // Fastify answers HEAD with the GET route's handler; it asks what the GET asks.
  return find(`${method} ${url}`) ?? (method === 'HEAD' ? find(`GET ${url}`) : undefined);
}
