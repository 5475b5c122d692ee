import type { InjectOptions } from 'fastify';
import Stripe from 'stripe';
import type { AuthEndpointKey, RouteKey } from './access-table';
import { type AccessWorld, CARD, NEW_TOOL, WEB_ASSET } from './access-world';
import { bigPng, imageForm } from './images';
import { STRONG_PASSWORD, signIn } from './sessions';
import { HOME_ADDRESS, PHONE } from './store-flow';

/**
 * A realistic request for each route of the access table: real ids, the customer's own email and
 * orders, valid bodies, so a refusal can only come from who is asking. Calls that use a record up
 * (cancel, pay, ship, delete) get a fresh one each time. The caller's session is added by the test.
 */

export interface MatrixRequest extends InjectOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Sent to the store set up with Stripe (its webhook exists only there). */
  stripe?: boolean;
}

type Build = (w: AccessWorld) => MatrixRequest | Promise<MatrixRequest>;

const get = (url: string): MatrixRequest => ({ method: 'GET', url });
const send = (method: MatrixRequest['method'], url: string, payload?: object): MatrixRequest => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

/** Only for its webhook signing helper: it never talks to the network. */
const signer = new Stripe('sk_test_x');
let eventNumber = 0;

/** Signs the customer in once more and answers the id of that new session. */
async function spareSessionId(w: AccessWorld): Promise<string> {
  const spare = await signIn(w.app, w.customer.email);
  const res = await w.app.inject({
    method: 'GET',
    url: '/api/account/sessions',
    headers: { cookie: spare.cookie },
  });
  const current = (res.json() as { sessions: { id: string; current: boolean }[] }).sessions.find(
    (s) => s.current,
  );
  if (!current) throw new Error(`no current session: ${res.body}`);
  return current.id;
}

export const accessRequests: Record<RouteKey, Build> = {
  'GET /healthz': () => get('/healthz'),
  'GET /readyz': () => get('/readyz'),
  'GET /': () => ({ ...get('/'), headers: { accept: 'text/html' } }),
  'GET /*': () => get(WEB_ASSET),
  'GET /uploads/:key': (w) => get(`/uploads/${w.uploadKey}`),
  'GET /api/docs': () => get('/api/docs'),
  'GET /api/docs/json': () => get('/api/docs/json'),
  'GET /api/docs/yaml': () => get('/api/docs/yaml'),
  'GET /api/docs/static/*': () => get('/api/docs/static/swagger-ui.css'),
  'GET /api/docs/static/index.html': () => get('/api/docs/static/index.html'),
  'GET /api/docs/static/swagger-initializer.js': () => get('/api/docs/static/swagger-initializer.js'),

  'GET /api/auth/*': () => get('/api/auth/get-session'),
  // Anyone who knows the customer's password may sign in as them, whoever they were before.
  'POST /api/auth/*': (w) =>
    send('POST', '/api/auth/sign-in/email', { email: w.customer.email, password: STRONG_PASSWORD }),

  'GET /api/store': () => get('/api/store'),
  'GET /api/auth-providers': () => get('/api/auth-providers'),
  'GET /api/account/sessions': () => get('/api/account/sessions'),
  // A new session of the customer's each time (another device signing in): the customer may end
  // it; to anyone else it is not found.
  'DELETE /api/account/sessions/:id': async (w) =>
    send('DELETE', `/api/account/sessions/${await spareSessionId(w)}`),
  'POST /api/account/sessions/revoke-others': () => send('POST', '/api/account/sessions/revoke-others'),

  'GET /api/tool': () => get('/api/tool?search=socket&sort=price&page=1&limit=10'),
  'GET /api/purchase/:id': (w) => get(`/api/purchase/${w.toolId}`),
  'GET /api/tool/facets': () => get('/api/tool/facets?category=brakes&year=2014&make=Honda&model=Civic'),
  'GET /api/tool/suggest': () => get('/api/tool/suggest?q=wrench'),
  'GET /api/categories': () => get('/api/categories'),
  'GET /api/vehicles/options': () => get('/api/vehicles/options?year=2014&make=Honda'),
  'GET /api/vehicles/vin/:vin': () => get('/api/vehicles/vin/19XFB2F59EE000001'),
  'GET /sitemap.xml': () => get('/sitemap.xml'),
  'GET /robots.txt': () => get('/robots.txt'),
  'GET /api/garage': () => get('/api/garage'),
  'POST /api/garage': () => send('POST', '/api/garage', { year: 2018, make: 'Ford', model: 'F-150' }),
  'DELETE /api/garage/active': () => send('DELETE', '/api/garage/active'),
  'PUT /api/garage/:id/active': async (w) => send('PUT', `/api/garage/${await w.garageVehicle()}/active`),
  'DELETE /api/garage/:id': async (w) => send('DELETE', `/api/garage/${await w.garageVehicle()}`),
  'POST /api/tool': () => send('POST', '/api/tool', NEW_TOOL),
  'PATCH /api/tool/:id': async (w) => send('PATCH', `/api/tool/${await w.newTool()}`, { price: 39.99 }),
  'DELETE /api/tool/:id': async (w) => send('DELETE', `/api/tool/${await w.newTool()}`),
  'POST /api/uploads': () => {
    const form = imageForm(bigPng(16, 16), 'a.png', 'image/png');
    return { method: 'POST', url: '/api/uploads', headers: form.headers, payload: form.payload };
  },

  'GET /api/review': () => get('/api/review'),
  'POST /api/review': () => send('POST', '/api/review', { comment: 'Quick and friendly.', ratings: 5 }),
  'POST /api/contact': () =>
    send('POST', '/api/contact', {
      email: 'visitor@example.com',
      name: 'Visitor',
      message: 'Open on Sundays?',
    }),

  'PUT /api/user/:email': (w) =>
    send('PUT', `/api/user/${w.customer.email}`, { displayName: w.customer.name }),
  'GET /api/admin/:email': (w) => get(`/api/admin/${w.customer.email}`),
  'GET /api/profile/:email': (w) => get(`/api/profile/${w.customer.email}`),
  'PUT /api/profile/:email': (w) =>
    send('PUT', `/api/profile/${w.customer.email}`, {
      education: 'Mechanic',
      address: 'Dhaka',
      linkedin: 'https://linkedin.com/in/customer',
      phone: PHONE,
    }),
  'GET /api/user': () => get('/api/user'),
  'PUT /api/user/admin/:email': (w) => send('PUT', `/api/user/admin/${w.bystander.email}`),

  'POST /api/order': (w) => send('POST', '/api/order', { orderId: w.toolId, orderQuantity: 1, phone: PHONE }),
  'GET /api/order': (w) => get(`/api/order?userEmail=${encodeURIComponent(w.customer.email)}`),
  'GET /api/order/:id': async (w) => get(`/api/order/${await w.unpaidOrder()}`),
  'DELETE /api/order/:id': async (w) => send('DELETE', `/api/order/${await w.unpaidOrder()}`),
  'PATCH /api/order/:id': async (w) => {
    const { orderId, transactionId } = await w.succeededPayment();
    return send('PATCH', `/api/order/${orderId}`, { orderId, transactionId });
  },
  'POST /api/create-payment-intent': async (w) =>
    send('POST', '/api/create-payment-intent', { orderId: await w.unpaidOrder() }),
  'POST /api/payments/simulated/confirm': async (w) => {
    const { clientSecret } = await w.openPayment();
    return send('POST', '/api/payments/simulated/confirm', {
      clientSecret,
      ...CARD,
      name: w.customer.name,
      email: w.customer.email,
    });
  },
  'POST /api/payments/stripe/webhook': (w) => {
    // An event the store does not act on: the answer shows only whether the call was let in.
    const payload = JSON.stringify({
      id: `evt_matrix_${++eventNumber}`,
      type: 'customer.created',
      data: { object: {} },
    });
    return {
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      stripe: true,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: w.webhookSecret }),
      },
      payload,
    };
  },

  'POST /api/cart/quote': (w) =>
    send('POST', '/api/cart/quote', { lines: [{ toolId: w.toolId, quantity: 5 }] }),
  'GET /api/cart': () => get('/api/cart?shippingMethod=express&region=MI'),
  'PUT /api/cart/:toolId': (w) => send('PUT', `/api/cart/${w.toolId}`, { quantity: 5 }),
  'DELETE /api/cart/:toolId': (w) => send('DELETE', `/api/cart/${w.toolId}`),
  'DELETE /api/cart': () => send('DELETE', '/api/cart'),
  'POST /api/cart/merge': (w) =>
    send('POST', '/api/cart/merge', { lines: [{ toolId: w.toolId, quantity: 5 }] }),
  'GET /api/addresses': () => get('/api/addresses'),
  'POST /api/addresses': () => send('POST', '/api/addresses', HOME_ADDRESS),
  'PUT /api/addresses/:id': async (w) =>
    send('PUT', `/api/addresses/${await w.savedAddress()}`, { ...HOME_ADDRESS, isDefault: true }),
  'DELETE /api/addresses/:id': async (w) => send('DELETE', `/api/addresses/${await w.savedAddress()}`),
  'POST /api/checkout': async (w) =>
    send('POST', '/api/checkout', {
      idempotencyKey: `matrix-${++eventNumber}-checkout`,
      address: HOME_ADDRESS,
      shippingMethod: 'standard',
      expectedTotalCents: await w.fullCarts(),
    }),
  'GET /api/order/:id/receipt.pdf': async (w) => get(`/api/order/${await w.paidOrder()}/receipt.pdf`),
  'GET /api/manage/:id': async (w) => get(`/api/manage/${await w.unpaidOrder()}`),
  'GET /api/manage/:id/receipt.pdf': async (w) => get(`/api/manage/${await w.paidOrder()}/receipt.pdf`),
  'GET /api/manage': () => get('/api/manage?status=pending'),
  'GET /api/manage/stats': () => get('/api/manage/stats'),
  'PUT /api/manage/:id': async (w) => send('PUT', `/api/manage/${await w.paidOrder()}`),
  'DELETE /api/manage/:id': async (w) => send('DELETE', `/api/manage/${await w.unpaidOrder()}`),
  'GET /api/order/:id/history': async (w) => get(`/api/order/${await w.unpaidOrder()}/history`),
  'GET /api/manage/:id/history': async (w) => get(`/api/manage/${await w.unpaidOrder()}/history`),
  'GET /api/manage/outbox': () => get('/api/manage/outbox?status=dead'),
  'POST /api/manage/outbox/:id/retry': async (w) =>
    send('POST', `/api/manage/outbox/${await w.deadMessage()}/retry`),
  'GET /api/manage/mails': () => get('/api/manage/mails'),
  'GET /api/manage/mails/:id': async (w) => get(`/api/manage/mails/${await w.keptMail()}`),
  'GET /api/manage/inbox': () => get('/api/manage/inbox'),
  'GET /api/manage/inbox/unread': () => get('/api/manage/inbox/unread'),
  'GET /api/manage/inbox/:id': async (w) => get(`/api/manage/inbox/${await w.contactMessage()}`),
  'PATCH /api/manage/inbox/:id': async (w) =>
    send('PATCH', `/api/manage/inbox/${await w.contactMessage()}`, { read: true }),
  'POST /api/manage/inbox/:id/replies': async (w) =>
    send('POST', `/api/manage/inbox/${await w.contactMessage()}/replies`, { body: 'Matrix reply' }),
  'GET /api/manage/notifications': () => get('/api/manage/notifications'),
  'PUT /api/manage/notifications': () =>
    send('PUT', '/api/manage/notifications', { emailOnNewOrder: true, emailOnNewMessage: true }),
  'GET /api/tool/:id/stock': (w) => get(`/api/tool/${w.toolId}/stock`),
  'POST /api/tool/:id/stock': (w) =>
    send('POST', `/api/tool/${w.toolId}/stock`, { delta: 1, note: 'matrix' }),
};

export const authEndpointRequests: Record<AuthEndpointKey, Build> = {
  'POST /api/auth/update-user': () => send('POST', '/api/auth/update-user', { image: null }),
  'GET /api/auth/admin/list-users': () => get('/api/auth/admin/list-users'),
  'GET /api/auth/admin/get-user': (w) => get(`/api/auth/admin/get-user?id=${w.bystander.id}`),
  'POST /api/auth/admin/set-role': (w) =>
    send('POST', '/api/auth/admin/set-role', { userId: w.bystander.id, role: 'user' }),
  'POST /api/auth/admin/impersonate-user': (w) =>
    send('POST', '/api/auth/admin/impersonate-user', { userId: w.bystander.id }),
  'POST /api/auth/admin/ban-user': (w) =>
    send('POST', '/api/auth/admin/ban-user', { userId: w.bystander.id, banReason: 'matrix' }),
  'POST /api/auth/admin/unban-user': (w) =>
    send('POST', '/api/auth/admin/unban-user', { userId: w.bystander.id }),
  'POST /api/auth/admin/remove-user': (w) =>
    send('POST', '/api/auth/admin/remove-user', { userId: w.bystander.id }),
  'POST /api/auth/admin/set-user-password': (w) =>
    send('POST', '/api/auth/admin/set-user-password', { userId: w.bystander.id, newPassword: 'Taken#2024' }),
  'POST /api/auth/admin/create-user': () =>
    send('POST', '/api/auth/admin/create-user', {
      email: `matrix-created-${++eventNumber}@example.com`,
      password: STRONG_PASSWORD,
      name: 'Made By Admin',
      role: 'admin',
    }),
  'POST /api/auth/admin/update-user': (w) =>
    send('POST', '/api/auth/admin/update-user', { userId: w.bystander.id, data: { name: 'Renamed' } }),
  'POST /api/auth/admin/list-user-sessions': (w) =>
    send('POST', '/api/auth/admin/list-user-sessions', { userId: w.bystander.id }),
  'POST /api/auth/admin/revoke-user-sessions': (w) =>
    send('POST', '/api/auth/admin/revoke-user-sessions', { userId: w.bystander.id }),
  'GET /api/auth/list-sessions': () => get('/api/auth/list-sessions'),
  'POST /api/auth/revoke-other-sessions': () => send('POST', '/api/auth/revoke-other-sessions', {}),
  'POST /api/auth/request-password-reset': (w) =>
    send('POST', '/api/auth/request-password-reset', { email: w.bystander.email }),
  'POST /api/auth/reset-password': () =>
    send('POST', '/api/auth/reset-password', { token: 'forged-token', newPassword: 'Taken#2024' }),
  // A wrong current password: the callers' own passwords stay, and so do their sessions.
  'POST /api/auth/change-password': () =>
    send('POST', '/api/auth/change-password', {
      currentPassword: 'Wrong#2024',
      newPassword: 'Changed#2024',
    }),
  'POST /api/auth/change-email': (w) =>
    send('POST', '/api/auth/change-email', { newEmail: `changed-${w.bystander.id}@example.com` }),
  'POST /api/auth/delete-user': () => send('POST', '/api/auth/delete-user', { password: STRONG_PASSWORD }),
};
