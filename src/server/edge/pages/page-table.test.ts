import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../contract/orders';
import { matchPage, pageKeys } from '../../../contract/pages';
import type { OutgoingMail } from '../../kernel/mail-delivery/mailer';
import { cartReminderMail } from '../cart-reminders/cart-reminder-mail';
import {
  emailConfirmationMail,
  passwordResetMail,
  signUpRepeatedMail,
} from '../mail/templates/account-mails';
import { type OrderMailKind, orderMail } from '../mail/templates/order-mails';
import {
  customerRequestNotice,
  lowStockDigest,
  newMessageNotice,
  paidOrderNotice,
} from '../notifications/admin-mails';
import { PAGE_META } from './page-meta';
import { PAGE_MODULES, PAGES_IN_ENTRY } from './page-preloads';
import { SITEMAP_PAGES } from './site-map.routes';

/**
 * The server's side of the route table (contract/pages.ts): every page of the table has what the
 * server writes for it, and everything the server links to is a page of the table. With
 * src/web/app/router.test.tsx (the router routes exactly the table's pages), a page added to the
 * router without a server-side entry fails one of the two.
 */

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

describe('the route table on the server', () => {
  it.each(pageKeys)(
    '%s has its preload entry, naming modules that exist, or is explicitly in the entry',
    (key) => {
      const modules = PAGE_MODULES[key];
      expect(modules, `no preload entry for ${key}`).toBeDefined();
      if (PAGES_IN_ENTRY.includes(key)) {
        // Nothing to name: its code is the entry's. It still says what it is to search engines.
        expect(modules).toEqual([]);
        expect(PAGE_META[key]).toBeDefined();
        return;
      }
      expect(modules.length, `${key} names no module`).toBeGreaterThan(0);
      for (const module of modules) expect(existsSync(path.join(webRoot, module)), module).toBe(true);
    },
  );

  it('gives every page of the sitemap its own description', () => {
    for (const key of SITEMAP_PAGES) expect(PAGE_META[key]?.description, key).toBeTruthy();
  });
});

const ctx = { brand: 'Torque Works', siteUrl: () => 'https://shop.example.com' };

const order = {
  _id: '00000000-0000-4000-8000-000000000002',
  number: 'TW-10002',
  userName: 'Bo',
  userEmail: 'bo@example.com',
  phone: '01711111111',
  lines: [{ productId: 'a', name: 'Brake pad set', unitPriceCents: 4599, quantity: 1, lineTotalCents: 4599 }],
  amounts: { subtotalCents: 4599, shippingCents: 799, taxCents: 322, totalCents: 5720 },
  shippingMethod: 'standard',
  shippingAddress: null,
  shipments: [],
  refunds: [],
  returns: [],
  refundedCents: 0,
  awaitingAddress: true,
} as unknown as Order;

const message = {
  id: 7,
  name: 'Vi',
  email: 'vi@example.com',
  message: 'Hello',
} as unknown as Parameters<typeof newMessageNotice>[1];

const ORDER_MAILS: OrderMailKind[] = [
  'placed',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  'refunded',
  'cancel_requested',
  'return_requested',
  'return_approved',
  'return_refused',
  'return_received',
];

/** Every mail the store writes that carries a link to one of its pages. */
const mails: [string, OutgoingMail][] = [
  ...ORDER_MAILS.map((kind): [string, OutgoingMail] => [`order ${kind}`, orderMail(kind, order, ctx)]),
  ['paid order notice', paidOrderNotice('admin@example.com', order, ctx, true)],
  ['cancel request notice', customerRequestNotice('admin@example.com', order, 'cancel', ctx, true)],
  ['new message notice', newMessageNotice('admin@example.com', message, ctx)],
  ['low-stock digest', lowStockDigest('admin@example.com', [], ctx)],
  ['password reset', passwordResetMail({ email: 'bo@example.com', name: 'Bo' }, 'k.e+y', new Date(), ctx)],
  ['address confirmation', emailConfirmationMail({ email: 'bo@example.com', name: 'Bo' }, 'key', ctx)],
  ['sign-up repeated', signUpRepeatedMail({ email: 'bo@example.com', name: 'Bo' }, ctx)],
  [
    'cart reminder',
    cartReminderMail({ email: 'bo@example.com', name: 'Bo' }, [{ name: 'Pads', quantity: 1 }], '', ctx),
  ],
];

/** The store's own addresses a mail links to, from its text and its HTML. */
function storeLinks(mail: OutgoingMail): URL[] {
  const found = [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
  for (const m of mail.html.matchAll(/href="([^"]+)"/g)) found.push((m[1] ?? '').replace(/&amp;/g, '&'));
  return found.map((link) => new URL(link)).filter((url) => url.origin === 'https://shop.example.com');
}

describe('links in mails', () => {
  it.each(mails)('the %s mail links only to pages of the table', (name, mail) => {
    const links = storeLinks(mail);
    // Only the mails of an unpaid order that ended have nothing to open.
    if (!['order cancelled', 'order expired'].includes(name)) expect(links.length).toBeGreaterThan(0);
    for (const url of links) {
      // A link through the API (confirming an address) lands on the page it names.
      const page = url.pathname.startsWith('/api/')
        ? (url.searchParams.get('callbackURL') ?? '')
        : url.pathname;
      expect(matchPage(page), url.toString()).toBeDefined();
    }
  });

  it("sends the low-stock digest's reader to the overview, where the low-stock list is, and to what to reorder", () => {
    const digest = mails.find(([name]) => name === 'low-stock digest')?.[1] as OutgoingMail;
    const keys = storeLinks(digest).map((link) => matchPage(link.pathname)?.key);
    expect(keys).toContain('overview');
    expect(keys).toContain('purchasing');
    expect(digest.text).toContain(
      'What to reorder, and from which supplier: https://shop.example.com/dashboard/purchasing#reorder',
    );
  });
});
