import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import Stripe from 'stripe';
import { DiscountInput } from '../../contract/discounts';
import type { GuestCheckoutAnswer } from '../../contract/guest';
import { unsubscribeToken } from '../edge/cart-reminders/unsubscribe-token';
import { accountBalances, customerGroups, quotes, tradeApplications } from '../kernel/db/schema';
import { resolveAuthSecret } from '../kernel/identity/auth-secret';
import { saveTradeAccount } from '../modules/accounts/trade-accounts';
import { applyBulkChange } from '../modules/catalog/bulk.service';
import { checkImport } from '../modules/catalog/catalog-import.service';
import { createSynonym } from '../modules/catalog/synonyms.service';
import { createBrand, createCategory } from '../modules/catalog/taxonomy.service';
import { moveCredit } from '../modules/credit';
import { createDiscount } from '../modules/discounts/discounts.service';
import { createLocation, sendTransfer } from '../modules/inventory';
import { putOnAccount, quoteToken } from '../modules/orders';
import { mailLinkToken } from '../modules/orders/guest-order-links';
import { createPurchaseOrder, sendPurchaseOrder } from '../modules/purchasing/purchase-orders';
import { createSupplier, setSupplierProduct } from '../modules/purchasing/suppliers';
import { addReview } from '../modules/reviews/reviews.service';
import type { AuthEndpointKey, RouteKey } from './access-table';
import { type AccessWorld, CARD, NEW_TOOL, WEB_ASSET } from './access-world';
import { bigPng, imageForm } from './images';
import { STRONG_PASSWORD, signIn } from './sessions';
import { HOME_ADDRESS, PHONE } from './store-flow';

/**
 * A realistic request for each registered route that needs more than its address: real ids, the
 * customer's own email and orders, valid bodies, so a refusal can only come from who is asking.
 * Calls that use a record up (cancel, pay, ship, delete) get a fresh one each time. The caller's
 * session is added by the test. A GET or DELETE of a fixed address is called as it is written
 * (`requestFor`); any other route without a sample here fails the matrix test.
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

const NO_TRADE_DISCOUNT = {
  priceList: { percentOffBasisPoints: 0, categories: [], netPrices: [] },
  certificate: null,
};

/** A quote of the matrix's customer's, sent as the store would, and its link's token. */
async function matrixQuote(w: AccessWorld): Promise<string> {
  const [row] = await w.app.db
    .insert(quotes)
    .values({
      userId: w.customer.id,
      lines: [{ productId: w.productId, quantity: 1 }],
      shippingMethod: 'standard',
      shippingAddress: HOME_ADDRESS,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: quotes.id });
  return quoteToken(await resolveAuthSecret(w.app.db, w.app.config.auth.secret), row?.id ?? '');
}

/** The matrix's customer orders on account, with room to spare. */
const onTerms = (w: AccessWorld) =>
  saveTradeAccount(
    w.app.db,
    w.customer.id,
    { ...NO_TRADE_DISCOUNT, onAccount: { creditLimitCents: 100_000_000, termsDays: 30 } },
    { mayExtendCredit: true },
  );

/** A visitor's checkout of one new product: its lines, address and the total it was quoted. */
async function guestCheckoutBody(w: AccessWorld) {
  const lines = [{ productId: await w.newTool(), quantity: 1 }];
  const quote = await w.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    payload: { lines, region: HOME_ADDRESS.region },
  });
  return {
    idempotencyKey: `matrix-${++eventNumber}-guest`,
    email: `matrix-guest-${eventNumber}@example.com`,
    lines,
    address: HOME_ADDRESS,
    shippingMethod: 'standard',
    expectedTotalCents: quote.json().totals.totalCents as number,
  };
}

/** A guest's unpaid order with its payment opened, and the key that opens it. */
async function guestOrder(w: AccessWorld): Promise<GuestCheckoutAnswer> {
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/guest/checkout',
    payload: await guestCheckoutBody(w),
  });
  if (res.statusCode !== 201) throw new Error(`guest checkout failed: ${res.body}`);
  return res.json() as GuestCheckoutAnswer;
}

/** A guest's order, paid and shipped by the owner: the key that opens it and its product. */
async function shippedGuestOrder(w: AccessWorld): Promise<{ token: string; productId: string }> {
  const { token, payment, order } = await guestOrder(w);
  const paid = await w.app.inject({
    method: 'POST',
    url: '/api/guest/order/simulated-confirm',
    payload: { token, clientSecret: payment?.clientSecret, ...CARD, name: 'Guest', email: 'g@example.com' },
  });
  if (paid.statusCode !== 200) throw new Error(`guest payment failed: ${paid.body}`);
  const shipped = await w.app.inject({
    method: 'PUT',
    url: `/api/manage/${order._id}`,
    headers: { cookie: w.owner.cookie, origin: 'http://localhost:80' },
  });
  if (shipped.statusCode !== 200) throw new Error(`shipping failed: ${shipped.body}`);
  return { token, productId: order.orderId };
}

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

/** A fitment file naming a part number no product has: checked, refused, harmless to start. */
const MATRIX_FITMENT_CSV = 'part_number,year_from,year_to,make,model\nNO-SUCH-PART,2015,2018,Honda,Civic\n';

/** A category of its own for each call that renames or removes one. */
async function freshCategory(w: AccessWorld): Promise<string> {
  const slug = `matrix-${++eventNumber}`;
  await createCategory(w.app.db, { name: `Matrix ${slug}`, slug, parent: null, description: '', image: '' });
  return slug;
}
async function freshBrand(w: AccessWorld): Promise<number> {
  return (await createBrand(w.app.db, { name: `Matrix Brand ${++eventNumber}`, description: '', image: '' }))
    .id;
}
async function freshSynonym(w: AccessWorld): Promise<number> {
  return (await createSynonym(w.app.db, { term: `matrixterm${++eventNumber}`, replacement: 'wrench' })).id;
}
/** A new discount code (ending one uses it up); a code, so no order of the matrix changes price. */
async function matrixDiscount(w: AccessWorld): Promise<string> {
  const code = `MATRIX${++eventNumber}`;
  return (
    await createDiscount(w.app.db, {
      ...DiscountInput.parse({ code, name: code, kind: 'percent', value: 500 }),
    })
  ).id;
}
/** A new review of the store, held for approval (the moderation calls publish, hide and answer it). */
async function matrixReview(w: AccessWorld): Promise<string> {
  return (
    await addReview(
      w.app.db,
      { id: w.customer.id, name: 'Matrix Reviewer' },
      { comment: 'Held for the matrix.', ratings: 4 },
      'all',
    )
  ).insertedId;
}
/** A new latest bulk change (only the latest can be undone). */
async function freshBulkChange(w: AccessWorld): Promise<string> {
  const change = await applyBulkChange(
    w.app.db,
    {
      selection: { ids: [await w.newTool()] },
      change: { kind: 'price', mode: 'amount', value: 1 },
      expectedCount: 1,
    },
    { id: w.admin.id, name: 'Matrix admin' },
    2,
  );
  return change.id;
}
async function freshImport(w: AccessWorld): Promise<string> {
  return (
    await checkImport(w.app.db, 'fitment', 'matrix.csv', Readable.from([MATRIX_FITMENT_CSV]), w.admin.id)
  ).id;
}

export const accessRequests: Partial<Record<RouteKey, Build>> = {
  'GET /': () => ({ ...get('/'), headers: { accept: 'text/html' } }),
  'GET /*': () => get(WEB_ASSET),
  'GET /uploads/:key': (w) => get(`/uploads/${w.uploadKey}`),
  'GET /api/docs/static/*': () => get('/api/docs/static/swagger-ui.css'),

  'GET /api/auth/*': () => get('/api/auth/get-session'),
  // Anyone who knows the customer's password may sign in as them, whoever they were before.
  'POST /api/auth/*': (w) =>
    send('POST', '/api/auth/sign-in/email', { email: w.customer.email, password: STRONG_PASSWORD }),

  // A new session of the customer's each time (another device signing in): the customer may end
  // it; to anyone else it is not found.
  'DELETE /api/account/sessions/:id': async (w) =>
    send('DELETE', `/api/account/sessions/${await spareSessionId(w)}`),
  'POST /api/account/sessions/revoke-others': () => send('POST', '/api/account/sessions/revoke-others'),

  'GET /api/tool': () => get('/api/tool?search=socket&sort=price&page=1&limit=10'),
  'GET /api/purchase/:id': (w) => get(`/api/purchase/${w.productId}`),
  'GET /api/tool/facets': () => get('/api/tool/facets?category=brakes&year=2014&make=Honda&model=Civic'),
  'GET /api/tool/suggest': () => get('/api/tool/suggest?q=wrench'),
  'GET /api/vehicles/options': () => get('/api/vehicles/options?year=2014&make=Honda'),
  'GET /api/vehicles/vin/:vin': () => get('/api/vehicles/vin/19XFB2F59EE000001'),
  'POST /api/garage': () => send('POST', '/api/garage', { year: 2018, make: 'Ford', model: 'F-150' }),
  'PUT /api/garage/:id/active': async (w) => send('PUT', `/api/garage/${await w.garageVehicle()}/active`),
  'DELETE /api/garage/:id': async (w) => send('DELETE', `/api/garage/${await w.garageVehicle()}`),
  'POST /api/tool': () => send('POST', '/api/tool', NEW_TOOL),
  'PATCH /api/tool/:id': async (w) => send('PATCH', `/api/tool/${await w.newTool()}`, { price: 39.99 }),
  'DELETE /api/tool/:id': async (w) => send('DELETE', `/api/tool/${await w.newTool()}`),
  'POST /api/uploads/by-url': () =>
    send('POST', '/api/uploads/by-url', { url: 'http://127.0.0.1:9/part.png' }),
  'GET /api/purchase/:id/related': (w) => get(`/api/purchase/${w.productId}/related`),
  'POST /api/tool/:id/fitment': async (w) =>
    send('POST', `/api/tool/${await w.newTool()}/fitment`, {
      year_from: 2016,
      year_to: 2020,
      vehicles: [
        { make: 'Honda', model: 'Civic' },
        { make: 'Honda', model: 'Accord' },
      ],
    }),
  'GET /api/catalog/products': () => get('/api/catalog/products?status=active&stock=in&page=1'),
  'GET /api/catalog/products/:id': (w) => get(`/api/catalog/products/${w.productId}`),
  'GET /api/catalog/products/:id/history': (w) => get(`/api/catalog/products/${w.productId}/history`),
  'POST /api/catalog/categories': () =>
    send('POST', '/api/catalog/categories', { name: `Matrix ${++eventNumber}`, parent: null }),
  'PATCH /api/catalog/categories/:slug': async (w) =>
    send('PATCH', `/api/catalog/categories/${await freshCategory(w)}`, { name: 'Renamed by matrix' }),
  'PUT /api/catalog/categories/order': () =>
    send('PUT', '/api/catalog/categories/order', { slugs: ['parts', 'tools'] }),
  'DELETE /api/catalog/categories/:slug': async (w) =>
    send('DELETE', `/api/catalog/categories/${await freshCategory(w)}`),
  'POST /api/catalog/brands': () =>
    send('POST', '/api/catalog/brands', { name: `Matrix Brand ${++eventNumber}` }),
  'PATCH /api/catalog/brands/:id': async (w) =>
    send('PATCH', `/api/catalog/brands/${await freshBrand(w)}`, { description: 'Changed by the matrix' }),
  'PUT /api/catalog/brands/order': async (w) =>
    send('PUT', '/api/catalog/brands/order', { ids: [await freshBrand(w)] }),
  'DELETE /api/catalog/brands/:id': async (w) => send('DELETE', `/api/catalog/brands/${await freshBrand(w)}`),
  'POST /api/catalog/bulk/preview': (w) =>
    send('POST', '/api/catalog/bulk/preview', {
      selection: { ids: [w.productId] },
      change: { kind: 'price', mode: 'percent', value: 5 },
    }),
  'POST /api/catalog/bulk': async (w) =>
    send('POST', '/api/catalog/bulk', {
      selection: { ids: [await w.newTool()] },
      change: { kind: 'price', mode: 'amount', value: 1 },
      expectedCount: 1,
    }),
  'POST /api/catalog/bulk/:id/undo': async (w) =>
    send('POST', `/api/catalog/bulk/${await freshBulkChange(w)}/undo`),
  'POST /api/catalog/imports': () => ({
    method: 'POST',
    url: '/api/catalog/imports?kind=fitment&name=matrix.csv',
    headers: { 'content-type': 'text/csv' },
    payload: MATRIX_FITMENT_CSV,
  }),
  'GET /api/catalog/imports/:id': async (w) => get(`/api/catalog/imports/${await freshImport(w)}`),
  'GET /api/catalog/imports/:id/rows': async (w) =>
    get(`/api/catalog/imports/${await freshImport(w)}/rows?verdict=refuse`),
  'POST /api/catalog/imports/:id/start': async (w) =>
    send('POST', `/api/catalog/imports/${await freshImport(w)}/start`),
  'POST /api/catalog/imports/:id/cancel': async (w) =>
    send('POST', `/api/catalog/imports/${await freshImport(w)}/cancel`),
  'GET /api/catalog/export/:kind': () => get('/api/catalog/export/fitment'),
  'POST /api/catalog/synonyms': () =>
    send('POST', '/api/catalog/synonyms', { term: `matrixword${++eventNumber}`, replacement: 'wrench' }),
  'PUT /api/catalog/synonyms/:id': async (w) =>
    send('PUT', `/api/catalog/synonyms/${await freshSynonym(w)}`, {
      term: `matrixword${++eventNumber}`,
      replacement: 'socket',
    }),
  'DELETE /api/catalog/synonyms/:id': async (w) =>
    send('DELETE', `/api/catalog/synonyms/${await freshSynonym(w)}`),
  'POST /api/uploads': () => {
    const form = imageForm(bigPng(16, 16), 'a.png', 'image/png');
    return { method: 'POST', url: '/api/uploads', headers: form.headers, payload: form.payload };
  },

  'POST /api/review': () => send('POST', '/api/review', { comment: 'Quick and friendly.', ratings: 5 }),
  'POST /api/reviews/:id/publish': async (w) => send('POST', `/api/reviews/${await matrixReview(w)}/publish`),
  'POST /api/reviews/:id/hide': async (w) => send('POST', `/api/reviews/${await matrixReview(w)}/hide`),
  'PUT /api/reviews/:id/reply': async (w) =>
    send('PUT', `/api/reviews/${await matrixReview(w)}/reply`, { reply: 'Thank you.' }),
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
  'PUT /api/user/admin/:email': (w) => send('PUT', `/api/user/admin/${w.bystander.email}`),
  'GET /api/customers': () => get('/api/customers?search=matrix'),
  'GET /api/customers/:id': (w) => get(`/api/customers/${w.customer.id}`),
  // Back to a customer: the bystander stays as the other calls left it, whoever is allowed.
  'PUT /api/customers/:id/role': (w) =>
    send('PUT', `/api/customers/${w.bystander.id}/role`, { role: 'customer' }),
  'GET /api/audit': () => get('/api/audit?kind=order'),
  // The customer as a trade account at list prices (nothing off, no certificate): what the other
  // calls price stays as it was, whether the account is trade or not.
  'GET /api/customers/:id/trade': (w) => get(`/api/customers/${w.customer.id}/trade`),
  'GET /api/account/trade-prices': (w) => get(`/api/account/trade-prices?ids=${w.productId}`),
  'PUT /api/customers/:id/trade': (w) =>
    send('PUT', `/api/customers/${w.customer.id}/trade`, NO_TRADE_DISCOUNT),
  'DELETE /api/customers/:id/trade': async (w) => {
    await saveTradeAccount(w.app.db, w.customer.id, NO_TRADE_DISCOUNT);
    // An account that owes on invoices keeps its terms (409): nothing is owed here.
    await w.app.db
      .update(accountBalances)
      .set({ balanceCents: 0 })
      .where(eq(accountBalances.userId, w.customer.id));
    return send('DELETE', `/api/customers/${w.customer.id}/trade`);
  },

  // Customer groups and orders on account (decision 102).
  'GET /api/customer-groups': () => get('/api/customer-groups'),
  'POST /api/customer-groups': () =>
    send('POST', '/api/customer-groups', {
      name: `Matrix group ${++made}`,
      priceList: NO_TRADE_DISCOUNT.priceList,
    }),
  'PUT /api/customer-groups/:id': async (w) => {
    const [group] = await w.app.db
      .insert(customerGroups)
      .values({ name: `Matrix group ${++made}` })
      .returning();
    return send('PUT', `/api/customer-groups/${group?.id}`, {
      name: `Matrix group ${++made}`,
      priceList: NO_TRADE_DISCOUNT.priceList,
    });
  },
  'DELETE /api/customer-groups/:id': async (w) => {
    const [group] = await w.app.db
      .insert(customerGroups)
      .values({ name: `Matrix group ${++made}` })
      .returning();
    return send('DELETE', `/api/customer-groups/${group?.id}`);
  },
  'GET /api/account/invoices': () => get('/api/account/invoices'),
  'GET /api/account/statement.pdf': () => get('/api/account/statement.pdf?month=2026-11'),
  'GET /api/invoices': () => get('/api/invoices'),
  'GET /api/customers/:id/invoices': (w) => get(`/api/customers/${w.customer.id}/invoices`),
  'GET /api/customers/:id/statement.pdf': (w) =>
    get(`/api/customers/${w.customer.id}/statement.pdf?month=2026-11`),
  'POST /api/order/:id/on-account': async (w) => {
    await onTerms(w);
    return send('POST', `/api/order/${await w.unpaidOrder()}/on-account`);
  },
  // Orders staff make for a customer (decision 103).
  'POST /api/customers/:id/orders': (w) =>
    send('POST', `/api/customers/${w.customer.id}/orders`, {
      lines: [{ productId: w.productId, quantity: 1 }],
      shippingMethod: 'standard',
      address: HOME_ADDRESS,
      payment: 'unpaid',
    }),
  'POST /api/customers/:id/orders/preview': (w) =>
    send('POST', `/api/customers/${w.customer.id}/orders/preview`, {
      lines: [{ productId: w.productId, quantity: 1 }],
      shippingMethod: 'standard',
      region: 'MI',
      country: 'US',
    }),
  'POST /api/customers/:id/quotes': (w) =>
    send('POST', `/api/customers/${w.customer.id}/quotes`, {
      lines: [{ productId: w.productId, quantity: 1 }],
      shippingMethod: 'standard',
      address: HOME_ADDRESS,
    }),
  'GET /api/customers/:id/quotes': (w) => get(`/api/customers/${w.customer.id}/quotes`),
  'GET /api/quotes/:token': async (w) => get(`/api/quotes/${await matrixQuote(w)}`),
  'POST /api/quotes/:token/accept': async (w) => send('POST', `/api/quotes/${await matrixQuote(w)}/accept`),
  'POST /api/manage/:id/card-by-phone': async (w) =>
    send('POST', `/api/manage/${await w.unpaidOrder()}/card-by-phone`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
      name: 'Matrix Card',
    }),
  'POST /api/manage/:id/lines': async (w) => {
    // A paid order of the customer's on account, nothing shipped: a part more for it lands.
    await onTerms(w);
    const orderId = await w.unpaidOrder();
    await putOnAccount(w.app.db, w.app.outbox, w.customer.id, orderId, 30);
    return send('POST', `/api/manage/${orderId}/lines`, { lines: [{ productId: w.productId, quantity: 1 }] });
  },
  'POST /api/customers/:id/payments': async (w) => {
    // The customer owes on an invoice of its own, so an allowed caller's payment of a cent lands.
    await onTerms(w);
    await putOnAccount(w.app.db, w.app.outbox, w.customer.id, await w.unpaidOrder(), 30);
    return send('POST', `/api/customers/${w.customer.id}/payments`, {
      method: 'check',
      amountCents: 1,
      receivedOn: '2026-11-29',
    });
  },

  // Purchasing: a supplier and orders of its own for each call, made as the store itself.
  'GET /api/suppliers/:id': async (w) => get(`/api/suppliers/${await matrixSupplier(w)}`),
  'POST /api/suppliers': () => send('POST', '/api/suppliers', supplierBody(`Matrix supplier ${++made}`)),
  'PUT /api/suppliers/:id': async (w) =>
    send('PUT', `/api/suppliers/${await matrixSupplier(w)}`, supplierBody(`Matrix supplier ${++made}`)),
  'PUT /api/suppliers/:id/import-mapping': async (w) =>
    send('PUT', `/api/suppliers/${await matrixSupplier(w)}/import-mapping`, {
      mapping: { 'Item No': 'sku', 'Our Cost': 'supplier_cost' },
    }),
  'PUT /api/suppliers/:id/products/:productId': async (w) =>
    send('PUT', `/api/suppliers/${await matrixSupplier(w)}/products/${w.productId}`, {
      supplierPartNumber: 'MX-1',
      packSize: 1,
      costCents: 500,
    }),
  'DELETE /api/suppliers/:id/products/:productId': async (w) => {
    const supplierId = await matrixSupplier(w);
    await setSupplierProduct(w.app.db, supplierId, w.productId, {
      supplierPartNumber: 'MX-1',
      packSize: 1,
      costCents: 500,
    });
    return send('DELETE', `/api/suppliers/${supplierId}/products/${w.productId}`);
  },
  'POST /api/locations': async () =>
    send('POST', '/api/locations', { name: `Matrix place ${++made}`, kind: 'warehouse', pickOrder: 9 }),
  'PUT /api/locations/:id': async (w) => {
    const place = await matrixPlace(w);
    return send('PUT', `/api/locations/${place.id}`, {
      ...place,
      name: `${place.name} renamed`,
      pickOrder: 8,
    });
  },
  'PUT /api/tool/:id/stock/:location/bin': async (w) =>
    send('PUT', `/api/tool/${w.productId}/stock/main/bin`, { bin: 'A-1' }),
  'POST /api/transfers': async (w) =>
    send('POST', '/api/transfers', {
      productId: w.productId,
      fromLocationId: 'main',
      toLocationId: (await matrixPlace(w)).id,
      quantity: 1,
    }),
  'POST /api/transfers/:id/receive': async (w) =>
    send('POST', `/api/transfers/${await matrixTransfer(w)}/receive`, {}),
  'POST /api/transfers/:id/cancel': async (w) =>
    send('POST', `/api/transfers/${await matrixTransfer(w)}/cancel`, {}),
  'POST /api/purchase-orders': async (w) =>
    send('POST', '/api/purchase-orders', {
      supplierId: await matrixSupplier(w),
      lines: [{ productId: w.productId, quantity: 1, unitCostCents: 500 }],
    }),
  'GET /api/purchase-orders/:id': async (w) => get(`/api/purchase-orders/${await draftOrder(w)}`),
  'GET /api/purchase-orders/:id/csv': async (w) => get(`/api/purchase-orders/${await draftOrder(w)}/csv`),
  'PUT /api/purchase-orders/:id': async (w) =>
    send('PUT', `/api/purchase-orders/${await draftOrder(w)}`, {
      supplierId: await matrixSupplier(w),
      lines: [{ productId: w.productId, quantity: 2, unitCostCents: 500 }],
    }),
  'POST /api/purchase-orders/:id/send': async (w) =>
    send('POST', `/api/purchase-orders/${await draftOrder(w)}/send`),
  'POST /api/purchase-orders/:id/cancel': async (w) =>
    send('POST', `/api/purchase-orders/${await draftOrder(w)}/cancel`),
  'POST /api/purchase-orders/:id/close': async (w) =>
    send('POST', `/api/purchase-orders/${await sentOrder(w)}/close`),
  'POST /api/purchase-orders/:id/receipts': async (w) =>
    send('POST', `/api/purchase-orders/${await sentOrder(w)}/receipts`, {
      lines: [{ lineNo: 1, quantity: 1 }],
    }),

  'POST /api/order': (w) =>
    send('POST', '/api/order', { orderId: w.productId, orderQuantity: 1, phone: PHONE }),
  'GET /api/order': (w) => get(`/api/order?userEmail=${encodeURIComponent(w.customer.email)}`),
  'GET /api/order/:id': async (w) => get(`/api/order/${await w.unpaidOrder()}`),
  'DELETE /api/order/:id': async (w) => send('DELETE', `/api/order/${await w.unpaidOrder()}`),
  'POST /api/order/:id/buy-again': async (w) => send('POST', `/api/order/${await w.unpaidOrder()}/buy-again`),
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
    send('POST', '/api/cart/quote', { lines: [{ productId: w.productId, quantity: 5 }] }),
  'GET /api/cart': () => get('/api/cart?shippingMethod=express&region=MI'),
  'PUT /api/cart/:productId': (w) => send('PUT', `/api/cart/${w.productId}`, { quantity: 5 }),
  'DELETE /api/cart/:productId': (w) => send('DELETE', `/api/cart/${w.productId}`),
  'POST /api/cart/merge': (w) =>
    send('POST', '/api/cart/merge', { lines: [{ productId: w.productId, quantity: 5 }] }),
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
  'POST /api/guest/checkout': async (w) => send('POST', '/api/guest/checkout', await guestCheckoutBody(w)),
  'POST /api/guest/order/lookup': async (w) => {
    const { order } = await guestOrder(w);
    return send('POST', '/api/guest/order/lookup', { number: order.number, email: order.userEmail });
  },
  'GET /api/guest/order': async (w) => get(`/api/guest/order?token=${(await guestOrder(w)).token}`),
  'GET /api/guest/order/receipt.pdf': async (w) =>
    get(`/api/guest/order/receipt.pdf?token=${(await guestOrder(w)).token}`),
  'POST /api/guest/order/payment-intent': async (w) =>
    send('POST', '/api/guest/order/payment-intent', { token: (await guestOrder(w)).token }),
  'POST /api/guest/order/simulated-confirm': async (w) => {
    const { token, payment } = await guestOrder(w);
    return send('POST', '/api/guest/order/simulated-confirm', {
      token,
      clientSecret: payment?.clientSecret,
      ...CARD,
      name: 'Guest Buyer',
      email: 'guest@example.com',
    });
  },
  'POST /api/guest/order/paid': async (w) => {
    const { token, payment } = await guestOrder(w);
    const paid = await w.app.inject({
      method: 'POST',
      url: '/api/guest/order/simulated-confirm',
      payload: { token, clientSecret: payment?.clientSecret, ...CARD, name: 'Guest', email: 'g@example.com' },
    });
    return send('POST', '/api/guest/order/paid', { token, transactionId: paid.json().transactionId });
  },
  'POST /api/guest/order/returns': async (w) => {
    const { token, productId } = await shippedGuestOrder(w);
    return send('POST', '/api/guest/order/returns', {
      token,
      lines: [{ productId, quantity: 1, reason: 'no_longer_needed' }],
    });
  },
  'GET /api/guest/order/returns': async (w) =>
    get(`/api/guest/order/returns?token=${(await guestOrder(w)).token}`),
  'POST /api/cart-reminders/unsubscribe': async (w) =>
    send('POST', '/api/cart-reminders/unsubscribe', {
      token: unsubscribeToken(await resolveAuthSecret(w.app.db, w.app.config.auth.secret), w.bystander.id),
    }),
  // A guest order placed with the customer's e-mail, claimed with its mail's key: the customer's own.
  'POST /api/guest/order/claim': async (w) => {
    const body = { ...(await guestCheckoutBody(w)), email: w.customer.email };
    const placed = await w.app.inject({ method: 'POST', url: '/api/guest/checkout', payload: body });
    if (placed.statusCode !== 201) throw new Error(`guest checkout failed: ${placed.body}`);
    const { order } = placed.json() as GuestCheckoutAnswer;
    const secret = await resolveAuthSecret(w.app.db, w.app.config.auth.secret);
    const token = mailLinkToken(secret, { id: order._id, createdAt: new Date(order.createdAt) });
    return send('POST', '/api/guest/order/claim', { token });
  },
  'POST /api/guest/order/cancel': async (w) =>
    send('POST', '/api/guest/order/cancel', { token: (await guestOrder(w)).token }),
  'GET /api/manage/:id': async (w) => get(`/api/manage/${await w.unpaidOrder()}`),
  'GET /api/manage/:id/receipt.pdf': async (w) => get(`/api/manage/${await w.paidOrder()}/receipt.pdf`),
  'GET /api/manage/:id/packing-slip': async (w) => get(`/api/manage/${await w.paidOrder()}/packing-slip`),
  'GET /api/manage': () => get('/api/manage?status=pending'),
  'PUT /api/manage/:id': async (w) => send('PUT', `/api/manage/${await w.paidOrder()}`),
  'DELETE /api/manage/:id': async (w) => send('DELETE', `/api/manage/${await w.unpaidOrder()}`),
  'GET /api/order/:id/history': async (w) => get(`/api/order/${await w.unpaidOrder()}/history`),
  'POST /api/account/trade-application': async (w) => {
    // Each caller applies afresh: an earlier call's pending application is decided out of the way.
    await w.app.db
      .update(tradeApplications)
      .set({ status: 'refused' })
      .where(eq(tradeApplications.status, 'pending'));
    return send('POST', '/api/account/trade-application', {
      businessName: 'Matrix Motors',
      taxId: '12-3456789',
    });
  },
  'PUT /api/account/trade-application/certificate': async (w) => {
    await w.app.db
      .update(tradeApplications)
      .set({ status: 'refused' })
      .where(eq(tradeApplications.status, 'pending'));
    // Every signed-in caller has a pending application of their own to attach the scan to.
    for (const who of [w.customer, w.other, w.staff, w.manager, w.owner])
      await w.app.db
        .insert(tradeApplications)
        .values({ userId: who.id, businessName: 'Matrix Motors', taxId: '12-3456789' });
    return {
      method: 'PUT',
      url: '/api/account/trade-application/certificate',
      headers: { 'content-type': 'application/pdf' },
      payload: Buffer.from('%PDF-1.4\n%%EOF\n'),
    };
  },
  'GET /api/trade-applications/:id/certificate': async (w) => {
    const [row] = await w.app.db
      .insert(tradeApplications)
      .values({
        userId: w.customer.id,
        businessName: 'Matrix Motors',
        taxId: '12-3456789',
        status: 'refused',
        certificateFile: Buffer.from('%PDF-1.4\n%%EOF\n'),
        certificateFileType: 'application/pdf',
      })
      .returning({ id: tradeApplications.id });
    return get(`/api/trade-applications/${row?.id}/certificate`);
  },
  'POST /api/trade-applications/:id/decision': async (w) => {
    await w.app.db
      .update(tradeApplications)
      .set({ status: 'refused' })
      .where(eq(tradeApplications.status, 'pending'));
    const [row] = await w.app.db
      .insert(tradeApplications)
      .values({ userId: w.other.id, businessName: 'Matrix Motors', taxId: '12-3456789' })
      .returning({ id: tradeApplications.id });
    return send('POST', `/api/trade-applications/${row?.id}/decision`, { approve: false, reason: 'Matrix' });
  },
  'POST /api/order/:id/store-credit': async (w) => {
    // The customer has credit to spend (a refund gave it), so the owner's call succeeds.
    await w.app.db.transaction((tx) =>
      moveCredit(tx, { userId: w.customer.id, cents: 100, reason: 'refund' }),
    );
    return send('POST', `/api/order/${await w.unpaidOrder()}/store-credit`);
  },
  'POST /api/order/:id/cancel-request': async (w) =>
    send('POST', `/api/order/${await w.paidOrder()}/cancel-request`, { reason: 'Matrix' }),
  'PUT /api/order/:id/address': async (w) =>
    send('PUT', `/api/order/${await w.unpaidOrder()}/address`, { address: HOME_ADDRESS }),
  'POST /api/manage/:id/shipments': async (w) =>
    send('POST', `/api/manage/${await w.paidOrder()}/shipments`, { carrier: 'UPS', trackingNumber: '1Z999' }),
  'POST /api/manage/:id/refunds': async (w) => ({
    ...send('POST', `/api/manage/${await w.paidOrder()}/refunds`, {
      amountCents: 100,
      restock: false,
      reason: 'Matrix',
    }),
    headers: { 'idempotency-key': `matrix-${++eventNumber}-refund` },
  }),
  'POST /api/manage/:id/refunds/quote': async (w) =>
    send('POST', `/api/manage/${await w.paidOrder()}/refunds/quote`, { amountCents: 100 }),
  'POST /api/order/:id/returns': async (w) =>
    send('POST', `/api/order/${await w.shippedOrder()}/returns`, {
      lines: [{ productId: w.productId, quantity: 1, reason: 'damaged' }],
    }),
  // The matrix's product has a core charge, so its old part may come back.
  'POST /api/order/:id/core-returns': async (w) =>
    send('POST', `/api/order/${await w.shippedOrder()}/core-returns`, {
      lines: [{ productId: w.productId, quantity: 1 }],
    }),
  'POST /api/manage/:id/core-returns': async (w) =>
    send('POST', `/api/manage/${await w.shippedOrder()}/core-returns`, {
      lines: [{ productId: w.productId, quantity: 1 }],
    }),
  'GET /api/order/:id/returns': async (w) => get(`/api/order/${await w.shippedOrder()}/returns`),
  'GET /api/order/:id/refunds/:refundId/credit-note.pdf': async (w) => {
    const { orderId, refundId } = await w.refundedOrder();
    return get(`/api/order/${orderId}/refunds/${refundId}/credit-note.pdf`);
  },
  'GET /api/manage/:id/refunds/:refundId/credit-note.pdf': async (w) => {
    const { orderId, refundId } = await w.refundedOrder();
    return get(`/api/manage/${orderId}/refunds/${refundId}/credit-note.pdf`);
  },
  'GET /api/manage/reports': () => get('/api/manage/reports?from=2026-01-01&to=2026-12-31'),
  'GET /api/manage/books': () => get('/api/manage/books?from=2026-01-01&to=2026-12-31&group=week'),
  'GET /api/manage/books/:file.csv': () => get('/api/manage/books/taxes.csv?from=2026-01-01&to=2026-12-31'),
  'GET /api/manage/reports/orders.csv': () =>
    get('/api/manage/reports/orders.csv?from=2026-01-01&to=2026-12-31'),
  'POST /api/manage/returns/:id/decision': async (w) =>
    send('POST', `/api/manage/returns/${await w.returnAt('requested')}/decision`, {
      approve: false,
      note: 'No',
    }),
  'POST /api/manage/returns/:id/fitment-correction': async (w) =>
    send('POST', `/api/manage/returns/${await w.returnAt('requested')}/fitment-correction`, {
      productId: w.productId,
    }),
  'POST /api/manage/returns/:id/received': async (w) =>
    send('POST', `/api/manage/returns/${await w.returnAt('approved')}/received`, {
      lines: [{ productId: w.productId, outcome: 'damaged' }],
    }),
  'GET /api/manage/returns/:id/refund-quote': async (w) =>
    get(`/api/manage/returns/${await w.returnAt('received')}/refund-quote`),
  'POST /api/manage/returns/:id/refund': async (w) =>
    send('POST', `/api/manage/returns/${await w.returnAt('received')}/refund`),
  'POST /api/manage/:id/cancel': async (w) =>
    send('POST', `/api/manage/${await w.paidOrder()}/cancel`, { reason: 'Matrix' }),
  'GET /api/manage/:id/history': async (w) => get(`/api/manage/${await w.unpaidOrder()}/history`),
  'GET /api/manage/outbox': () => get('/api/manage/outbox?status=dead'),
  'POST /api/manage/outbox/:id/retry': async (w) =>
    send('POST', `/api/manage/outbox/${await w.deadMessage()}/retry`),
  'GET /api/manage/mails/:id': async (w) => get(`/api/manage/mails/${await w.keptMail()}`),
  'GET /api/manage/inbox/:id': async (w) => get(`/api/manage/inbox/${await w.contactMessage()}`),
  'PATCH /api/manage/inbox/:id': async (w) =>
    send('PATCH', `/api/manage/inbox/${await w.contactMessage()}`, { read: true }),
  'POST /api/manage/inbox/:id/replies': async (w) =>
    send('POST', `/api/manage/inbox/${await w.contactMessage()}/replies`, { body: 'Matrix reply' }),
  'PUT /api/manage/notifications': () =>
    send('PUT', '/api/manage/notifications', { emailOnNewOrder: true, emailOnNewMessage: true }),
  'GET /api/discounts/:id': async (w) => get(`/api/discounts/${await matrixDiscount(w)}`),
  'POST /api/discounts': () =>
    send('POST', '/api/discounts', {
      code: `MATRIX${++eventNumber}`,
      name: 'Matrix',
      kind: 'percent',
      value: 500,
    }),
  'PUT /api/discounts/:id': async (w) =>
    send('PUT', `/api/discounts/${await matrixDiscount(w)}`, {
      code: `MATRIX${++eventNumber}`,
      name: 'Matrix again',
      kind: 'fixed',
      value: 100,
    }),
  'POST /api/discounts/:id/end': async (w) => send('POST', `/api/discounts/${await matrixDiscount(w)}/end`),
  // The value in force, from the revision in force: an owner's save that changes nothing.
  'PUT /api/settings/:section': () =>
    send('PUT', '/api/settings/returns', { value: { windowDays: 30, restockingFeePercent: 0 }, revision: 0 }),
  'GET /api/tool/:id/stock': (w) => get(`/api/tool/${w.productId}/stock`),
  'POST /api/tool/:id/stock': (w) =>
    send('POST', `/api/tool/${w.productId}/stock`, { delta: 1, note: 'matrix' }),
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

/** Whether a route cannot be called by its address alone: it has `:params` or `*`, or takes a body. */
export function needsSample(key: RouteKey): boolean {
  const [method = '', url = ''] = key.split(' ');
  return /[:*]/.test(url) || !(method === 'GET' || method === 'DELETE');
}

/** The request the matrix sends a route: its sample, else its address; undefined when it needs a sample. */
export function requestFor(key: RouteKey): Build | undefined {
  const sample = accessRequests[key];
  if (sample) return sample;
  if (needsSample(key)) return undefined;
  const [method, url = ''] = key.split(' ');
  return () => ({ method: method as MatrixRequest['method'], url });
}

let made = 0;
const supplierBody = (name: string) => ({
  name,
  email: 'orders@matrix-supplier.example',
  leadTimeDays: 5,
  minimumOrderCents: 0,
});
const matrixSupplier = async (w: AccessWorld) =>
  (
    await createSupplier(w.app.db, {
      ...supplierBody(`Matrix supplier ${++made}`),
      contactName: null,
      phone: null,
      note: null,
    })
  ).id;
const draftOrder = async (w: AccessWorld) =>
  (
    await createPurchaseOrder(
      w.app.db,
      {
        supplierId: await matrixSupplier(w),
        lines: [{ productId: w.productId, quantity: 1, unitCostCents: 500 }],
        note: null,
      },
      null,
    )
  ).id;
const matrixPlace = async (w: AccessWorld) =>
  createLocation(w.app.db, { name: `Matrix place ${++made}`, kind: 'shop', pickOrder: 9 });
/** A transfer of one unit in transit from main (the matrix's product has stock there). */
const matrixTransfer = async (w: AccessWorld) =>
  (
    await sendTransfer(
      w.app.db,
      {
        productId: w.productId,
        fromLocationId: 'main',
        toLocationId: (await matrixPlace(w)).id,
        quantity: 1,
      },
      w.admin.id,
    )
  ).id;
const sentOrder = async (w: AccessWorld) => {
  const id = await draftOrder(w);
  await sendPurchaseOrder(w.app.db, w.app.outbox, id);
  return id;
};
