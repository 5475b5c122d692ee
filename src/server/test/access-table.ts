/**
 * Who may call what: the authorization matrix of the whole app, written down once. Keyed by `METHOD url` exactly as Fastify registers each route; the matrix test
 * (src/server/security/access-matrix.test.ts) fails if a route has no entry here or an entry has
 * no route, and calls every route as every role with a realistic request (access-requests.ts).
 *
 * Roles: `customer` acts on their own things; `other` is a second customer who owns none of them;
 * `admin` is an admin account. Every request names the customer's things (their email, their
 * orders), so `other` and `admin` show what happens when someone else asks for them.
 *
 * Outcomes: 'ok' is a 2xx (or a redirect, for the API docs); 401, 403 and 404 are those refusals.
 */

export const ROLES = ['anonymous', 'customer', 'other', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = 'ok' | 400 | 401 | 403 | 404;
export type Access = Record<Role, Outcome>;

/** Public: the catalog, reviews, contact, store details, health, images, docs, the web app. */
const anyone: Access = { anonymous: 'ok', customer: 'ok', other: 'ok', admin: 'ok' };
/** Any signed-in account, acting as itself. */
const signedIn: Access = { anonymous: 401, customer: 'ok', other: 'ok', admin: 'ok' };
/** The spec's calls naming an account by email: its owner only; anyone else signed in is 403. */
const ownEmail: Access = { anonymous: 401, customer: 'ok', other: 403, admin: 403 };
/** One of the customer's orders: anyone else (an admin too, on these routes) finds no such order. */
const ownOrder: Access = { anonymous: 401, customer: 'ok', other: 404, admin: 404 };
/** The store's staff only. */
const adminOnly: Access = { anonymous: 401, customer: 403, other: 403, admin: 'ok' };

export const accessTable = {
  // Operations and the web app
  'GET /healthz': anyone,
  'GET /readyz': anyone,
  'GET /': anyone,
  'GET /*': anyone,
  'GET /uploads/:key': anyone,
  'GET /api/docs': anyone,
  'GET /api/docs/json': anyone,
  'GET /api/docs/yaml': anyone,
  'GET /api/docs/static/*': anyone,
  'GET /api/docs/static/index.html': anyone,
  'GET /api/docs/static/swagger-initializer.js': anyone,

  // better-auth (one catch-all route; its admin endpoints are checked separately below)
  'GET /api/auth/*': anyone,
  'POST /api/auth/*': anyone,

  // The store's own details
  'GET /api/store': anyone,
  'GET /api/auth-providers': anyone,
  // The caller's own sessions; another account's session id is not found.
  'GET /api/account/sessions': signedIn,
  'DELETE /api/account/sessions/:id': ownOrder,
  'POST /api/account/sessions/revoke-others': signedIn,

  // Catalog
  'GET /api/tool': anyone,
  'GET /api/purchase/:id': anyone,
  'GET /api/tool/facets': anyone,
  'GET /api/tool/suggest': anyone,
  'GET /api/categories': anyone,
  'GET /api/vehicles/options': anyone,
  'GET /api/vehicles/vin/:vin': anyone,
  'GET /sitemap.xml': anyone,
  'GET /robots.txt': anyone,
  // My Garage: each customer's own vehicles; anyone else's is not found.
  'GET /api/garage': signedIn,
  'POST /api/garage': signedIn,
  'DELETE /api/garage/active': signedIn,
  'PUT /api/garage/:id/active': ownOrder,
  'DELETE /api/garage/:id': ownOrder,
  'POST /api/tool': adminOnly,
  'PATCH /api/tool/:id': adminOnly,
  'DELETE /api/tool/:id': adminOnly,
  'POST /api/uploads': adminOnly,
  // The admin passes the role check and the store then refuses to fetch from its own network.
  'POST /api/uploads/by-url': { anonymous: 401, customer: 403, other: 403, admin: 400 },
  'GET /api/purchase/:id/related': anyone,
  'GET /api/brands': anyone,
  'POST /api/tool/:id/fitment': adminOnly,

  // The owner's catalog
  'GET /api/catalog/products': adminOnly,
  'GET /api/catalog/products/:id': adminOnly,
  'GET /api/catalog/products/:id/history': adminOnly,
  'GET /api/catalog/low-stock': adminOnly,
  'POST /api/catalog/categories': adminOnly,
  'PATCH /api/catalog/categories/:slug': adminOnly,
  'PUT /api/catalog/categories/order': adminOnly,
  'DELETE /api/catalog/categories/:slug': adminOnly,
  'POST /api/catalog/brands': adminOnly,
  'PATCH /api/catalog/brands/:id': adminOnly,
  'PUT /api/catalog/brands/order': adminOnly,
  'DELETE /api/catalog/brands/:id': adminOnly,
  'POST /api/catalog/bulk/preview': adminOnly,
  'POST /api/catalog/bulk': adminOnly,
  'GET /api/catalog/bulk/last': adminOnly,
  'POST /api/catalog/bulk/:id/undo': adminOnly,
  'POST /api/catalog/imports': adminOnly,
  'GET /api/catalog/imports': adminOnly,
  'GET /api/catalog/imports/:id': adminOnly,
  'GET /api/catalog/imports/:id/rows': adminOnly,
  'POST /api/catalog/imports/:id/start': adminOnly,
  'POST /api/catalog/imports/:id/cancel': adminOnly,
  'GET /api/catalog/export/:kind': adminOnly,
  'GET /api/catalog/synonyms': adminOnly,
  'POST /api/catalog/synonyms': adminOnly,
  'PUT /api/catalog/synonyms/:id': adminOnly,
  'DELETE /api/catalog/synonyms/:id': adminOnly,

  // Reviews and contact
  'GET /api/review': anyone,
  'POST /api/review': signedIn,
  'POST /api/contact': anyone,

  // Accounts
  'PUT /api/user/:email': ownEmail,
  'GET /api/admin/:email': ownEmail,
  'GET /api/profile/:email': ownEmail,
  'PUT /api/profile/:email': ownEmail,
  'GET /api/user': adminOnly,
  'PUT /api/user/admin/:email': adminOnly,

  // Orders and payments
  'POST /api/order': signedIn,
  'GET /api/order': ownEmail,
  'GET /api/order/:id': ownOrder,
  'DELETE /api/order/:id': ownOrder,
  'PATCH /api/order/:id': ownOrder,
  'GET /api/order/:id/history': ownOrder,
  'POST /api/order/:id/cancel-request': ownOrder,
  'PUT /api/order/:id/address': ownOrder,
  'POST /api/order/:id/returns': ownOrder,
  'GET /api/order/:id/returns': ownOrder,
  'GET /api/order/:id/refunds/:refundId/credit-note.pdf': ownOrder,
  'POST /api/create-payment-intent': ownOrder,
  'POST /api/payments/simulated/confirm': ownOrder,
  // Stripe signs its webhook; the signature, not a session, is the credential (only with Stripe set up).
  'POST /api/payments/stripe/webhook': anyone,

  // Cart, address book and checkout: each account's own; someone else's address is not found.
  'POST /api/cart/quote': anyone,
  'GET /api/cart': signedIn,
  'PUT /api/cart/:toolId': signedIn,
  'DELETE /api/cart/:toolId': signedIn,
  'DELETE /api/cart': signedIn,
  'POST /api/cart/merge': signedIn,
  'GET /api/addresses': signedIn,
  'POST /api/addresses': signedIn,
  'PUT /api/addresses/:id': ownOrder,
  'DELETE /api/addresses/:id': ownOrder,
  'POST /api/checkout': signedIn,
  // Guest checkout (decision 059): no account; a guest's order is opened by its signed key.
  'POST /api/guest/checkout': anyone,
  'POST /api/guest/order/lookup': anyone,
  'GET /api/guest/order': anyone,
  'GET /api/guest/order/receipt.pdf': anyone,
  'POST /api/guest/order/payment-intent': anyone,
  'POST /api/guest/order/simulated-confirm': anyone,
  'POST /api/guest/order/paid': anyone,
  'POST /api/guest/order/cancel': anyone,
  // A cart reminder's unsubscribe link: its signed key is the credential (decision 060).
  'POST /api/cart-reminders/unsubscribe': anyone,
  'GET /api/order/:id/receipt.pdf': ownOrder,

  // The admin's order desk
  'GET /api/manage': adminOnly,
  'GET /api/manage/:id': adminOnly,
  'GET /api/manage/:id/receipt.pdf': adminOnly,
  'GET /api/manage/stats': adminOnly,
  'PUT /api/manage/:id': adminOnly,
  'DELETE /api/manage/:id': adminOnly,
  'GET /api/manage/:id/history': adminOnly,
  'POST /api/manage/:id/shipments': adminOnly,
  'POST /api/manage/:id/refunds': adminOnly,
  'POST /api/manage/:id/cancel': adminOnly,
  'GET /api/manage/returns': adminOnly,
  'GET /api/manage/:id/refunds/:refundId/credit-note.pdf': adminOnly,
  'GET /api/manage/reports': adminOnly,
  'GET /api/manage/reports/orders.csv': adminOnly,
  'POST /api/manage/returns/:id/decision': adminOnly,
  'POST /api/manage/returns/:id/received': adminOnly,
  'POST /api/manage/returns/:id/refund': adminOnly,
  'GET /api/manage/outbox': adminOnly,
  'POST /api/manage/outbox/:id/retry': adminOnly,
  'GET /api/manage/mails': adminOnly,
  'GET /api/manage/mails/:id': adminOnly,
  'GET /api/manage/inbox': adminOnly,
  'GET /api/manage/inbox/unread': adminOnly,
  'GET /api/manage/inbox/:id': adminOnly,
  'PATCH /api/manage/inbox/:id': adminOnly,
  'POST /api/manage/inbox/:id/replies': adminOnly,
  'GET /api/manage/notifications': adminOnly,
  'PUT /api/manage/notifications': adminOnly,
  // Discounts (permissions discounts.read and discounts.write once roles exist)
  'GET /api/discounts': adminOnly,
  'GET /api/discounts/:id': adminOnly,
  'POST /api/discounts': adminOnly,
  'PUT /api/discounts/:id': adminOnly,
  'POST /api/discounts/:id/end': adminOnly,
  // The owner's settings (settings.read, settings.write once roles land).
  'GET /api/settings': adminOnly,
  'PUT /api/settings/:section': adminOnly,
  // Stock ledger
  'GET /api/tool/:id/stock': adminOnly,
  'POST /api/tool/:id/stock': adminOnly,
} satisfies Record<string, Access>;

export type RouteKey = keyof typeof accessTable;

/** A power the store gives no one: 404 whoever asks, as if it did not exist. */
const refused: Access = { anonymous: 404, customer: 404, other: 404, admin: 404 };

/**
 * better-auth's endpoints behind the /api/auth/* catch-all that read or change accounts. Only the
 * ones the store uses are open (plugins/auth.ts, docs/decisions/008-auth-endpoints-the-store-uses.md):
 * the account change every signed-in user may make to themselves. The admin plugin's endpoints are
 * refused to admins too: admins promote with PUT /api/user/admin/:email and nothing else, so none of them may impersonate, ban, remove, create, re-role or re-password anyone.
 */
export const authEndpointTable = {
  'POST /api/auth/update-user': signedIn,
  // Anyone may ask for a reset link (the same answer for every address); a forged token is refused
  // to everyone; a wrong current password is refused, and only a signed-in caller gets that far.
  'POST /api/auth/request-password-reset': anyone,
  'POST /api/auth/reset-password': { anonymous: 400, customer: 400, other: 400, admin: 400 },
  'POST /api/auth/change-password': { anonymous: 401, customer: 400, other: 400, admin: 400 },
  'GET /api/auth/admin/list-users': refused,
  'GET /api/auth/admin/get-user': refused,
  'POST /api/auth/admin/set-role': refused,
  'POST /api/auth/admin/impersonate-user': refused,
  'POST /api/auth/admin/ban-user': refused,
  'POST /api/auth/admin/unban-user': refused,
  'POST /api/auth/admin/remove-user': refused,
  'POST /api/auth/admin/set-user-password': refused,
  'POST /api/auth/admin/create-user': refused,
  'POST /api/auth/admin/update-user': refused,
  'POST /api/auth/admin/list-user-sessions': refused,
  'POST /api/auth/admin/revoke-user-sessions': refused,
  // better-auth's own self-service calls the store does not offer: its profile lists and ends
  // sessions through /api/account/sessions, which never shows a session's token.
  'GET /api/auth/list-sessions': refused,
  'POST /api/auth/revoke-other-sessions': refused,
  'POST /api/auth/change-email': refused,
  'POST /api/auth/delete-user': refused,
} satisfies Record<string, Access>;

export type AuthEndpointKey = keyof typeof authEndpointTable;
