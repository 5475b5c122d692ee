import { type AccountRole, may, type RouteAccess } from '../../contract/roles';

/**
 * Who may call what, as the matrix test expects it: made from the access each route the app
 * registered declares in its options (`app.routeAccess()`) and the roles' permissions
 * (contract/roles.ts), so the test and the guard cannot disagree about a route without the test
 * failing. What a declaration cannot say is written here: which routes act on the customer's own
 * things, and the answer a route gives an allowed caller when it is not a plain 2xx.
 *
 * Callers: `anonymous`; `customer`, who owns the things each request names (their email, their
 * orders); `other`, a second customer who owns none of them; and one account of each staff role.
 * Outcomes: 'ok' is a 2xx (or a redirect, for the API docs); 400, 401, 403 and 404 are those refusals.
 */

export const ROLES = ['anonymous', 'customer', 'other', 'staff', 'manager', 'owner'] as const;
export type Role = (typeof ROLES)[number];
export type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;
export type Access = Record<Role, Outcome>;
/** A route as Fastify registered it: `METHOD url`, the prefix included, `:params` as written. */
export type RouteKey = string;

/**
 * The spec's calls that name an account by email: anyone else signed in is refused (403); and the
 * things found by id (an order, an address, a session, a vehicle): anyone else finds none (404).
 */
export const OWN_THINGS: Partial<Record<RouteKey, 403 | 404>> = {
  'PUT /api/user/:email': 403,
  'GET /api/admin/:email': 403,
  'GET /api/profile/:email': 403,
  'PUT /api/profile/:email': 403,
  'GET /api/order': 403,
  'DELETE /api/account/sessions/:id': 404,
  'PUT /api/garage/:id/active': 404,
  'DELETE /api/garage/:id': 404,
  'GET /api/order/:id': 404,
  'DELETE /api/order/:id': 404,
  'PATCH /api/order/:id': 404,
  'POST /api/order/:id/buy-again': 404,
  'GET /api/order/:id/history': 404,
  'POST /api/order/:id/cancel-request': 404,
  'POST /api/order/:id/store-credit': 404,
  'POST /api/order/:id/on-account': 404,
  // A quote's link opens it for its own customer only (decision 103).
  'GET /api/quotes/:token': 404,
  'POST /api/quotes/:token/accept': 404,
  'PUT /api/order/:id/address': 404,
  'POST /api/order/:id/returns': 404,
  'POST /api/order/:id/core-returns': 404,
  'GET /api/order/:id/returns': 404,
  'GET /api/order/:id/refunds/:refundId/credit-note.pdf': 404,
  'GET /api/order/:id/receipt.pdf': 404,
  'POST /api/create-payment-intent': 404,
  'POST /api/payments/simulated/confirm': 404,
  'PUT /api/addresses/:id': 404,
  'DELETE /api/addresses/:id': 404,
  // The order was placed with the customer's e-mail: another account may not take it.
  'POST /api/guest/order/claim': 403,
};

/** What an allowed caller gets when it is not a 2xx. */
export const ALLOWED_ANSWER: Partial<Record<RouteKey, Outcome>> = {
  // Past the permission check, the store refuses to fetch from its own network.
  'POST /api/uploads/by-url': 400,
  // Past the permission check, the matrix's return has no fit claim to correct (its 200 is in
  // fit-claims.routes.test.ts).
  'POST /api/manage/returns/:id/fitment-correction': 404,
};

/**
 * What a customer asks for themselves that staff accounts may not (a shop's application for trade
 * terms, decision 101): the store's refusal to a staff caller, in words.
 */
export const CUSTOMERS_ONLY: Partial<Record<RouteKey, Outcome>> = {
  'POST /api/account/trade-application': 409,
};

/** The expected answer of one route to one caller. */
export function expectedOutcome(key: RouteKey, access: RouteAccess, role: Role): Outcome {
  if (access !== 'public') {
    if (role === 'anonymous') return 401;
    const accountRole: AccountRole = role === 'other' ? 'customer' : role;
    if (access !== 'signedIn' && !may(accountRole, access)) return 403;
    const own = OWN_THINGS[key];
    if (own !== undefined && role !== 'customer') return own;
    const customersOnly = CUSTOMERS_ONLY[key];
    if (customersOnly !== undefined && role !== 'customer' && role !== 'other') return customersOnly;
  }
  return ALLOWED_ANSWER[key] ?? 'ok';
}

/** Each registered route's expected answer to each caller, from the access the route declares. */
export function accessTableOf(declared: ReadonlyMap<RouteKey, RouteAccess>): Record<RouteKey, Access> {
  return Object.fromEntries(
    [...declared].map(([key, access]) => [
      key,
      Object.fromEntries(ROLES.map((role) => [role, expectedOutcome(key, access, role)])) as Access,
    ]),
  );
}

const everyone = (outcome: Outcome): Access =>
  Object.fromEntries(ROLES.map((role) => [role, outcome])) as Access;
const signedInAs = (outcome: Outcome): Access => ({ ...everyone(outcome), anonymous: 401 });

/** A power the store gives no one: 404 whoever asks, as if it did not exist. */
const refused = everyone(404);

/**
 * better-auth's endpoints behind the /api/auth/* catch-all that read or change accounts. Only the
 * ones the store uses are open (kernel/identity/auth-plugin.ts, docs/decisions/008-auth-endpoints-the-store-uses.md):
 * the account change every signed-in user may make to themselves. The admin plugin's endpoints are
 * refused to every staff role too: roles change through PUT /api/user/admin/:email and
 * PUT /api/customers/:id/role (the owner) and nothing else, so nobody may impersonate, ban, remove,
 * create, re-role or re-password anyone.
 */
export const authEndpointTable = {
  'POST /api/auth/update-user': signedInAs('ok'),
  // Anyone may ask for a reset link (the same answer for every address); a forged token is refused
  // to everyone; a wrong current password is refused, and only a signed-in caller gets that far.
  'POST /api/auth/request-password-reset': everyone('ok'),
  'POST /api/auth/reset-password': everyone(400),
  'POST /api/auth/change-password': signedInAs(400),
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
