import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpThroughApi } from './admin-page';
import { seriousViolations, trackRequests } from './axe';
import { launchBrowser, watchForPageErrors } from './browser';
import { type StoreProcess, startJourneyStore } from './journey-store';
import { mailsWritten } from './mailbox';

/**
 * axe-core over every page of the store in the states a reader meets (dialogs open, forms with
 * their errors), at a phone's and a desktop's width. The sweep is split by who reads the pages
 * (one journey file for the public and customer pages, one for the admin's), so the two halves
 * run side by side; each file starts its own store with the same customer, admin and order.
 */

const ADMIN = 'axe.admin@torque.example';
const CUSTOMER = 'axe.customer@torque.example';
const WIDTHS = [390, 1280] as const;

let store: StoreProcess;
let browser: Browser;
const pages: Record<'visitor' | 'customer' | 'admin', Page> = {} as never;
const pageErrors: string[] = [];
let productId = '';
let productMinimum = 1;
let orderId = '';
let supplierId = '';
let purchaseOrderId = '';

/** A page and the state to put it in before axe looks at it. */
interface PageState {
  name: string;
  path: () => string;
  /** Brings the page into the state to check (opens a dialog, submits an empty form...). */
  act?: (page: Page) => Promise<void>;
  /** Only at this width (the phone menu and the dashboard drawer exist only on a phone). */
  width?: number;
}

const submitEmpty = (button: string) => async (page: Page) => {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('[role="alert"]').first().waitFor();
};
const openPhoneMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools' }).first().waitFor();
};
const openDrawer = async (page: Page) => {
  await page.getByText('Menu', { exact: true }).click();
  await page.getByTestId('dashboard-menu').locator('a').first().waitFor({ state: 'visible' });
};

/** A visitor's cart of one line (below the product's minimum, so its problem shows too), or none. */
const visitorCart = (lines: number) => async (page: Page) => {
  await page.evaluate(
    ([id, count]) =>
      count
        ? localStorage.setItem('tw.cart', JSON.stringify([{ productId: id, quantity: 1 }]))
        : localStorage.clear(),
    [productId, lines] as const,
  );
  await page.reload();
  await page.getByRole('heading', { name: 'Your cart' }).waitFor();
  await page.getByTestId(lines ? 'summary-total' : 'cart-empty').waitFor();
};
/** The customer's server cart holds the first tool at its minimum. */
const customerCart = async (page: Page) => {
  const put = await page.request.put(`${store.url}/api/cart/${productId}`, {
    headers: { origin: store.url },
    data: { quantity: productMinimum },
  });
  expect(put.ok()).toBe(true);
  await page.reload();
};

const visitorStates: PageState[] = [
  {
    name: 'home, scrolled to the contact form',
    path: () => '/',
    act: async (page) => {
      await page.locator('#contact-us').scrollIntoViewIfNeeded();
      await page.locator('#contact-us form').waitFor();
    },
  },
  { name: 'home with the phone menu open', path: () => '/', act: openPhoneMenu, width: 390 },
  { name: 'tools', path: () => '/tools' },
  { name: 'reviews', path: () => '/reviews' },
  { name: 'contact', path: () => '/contact' },
  { name: 'portfolio', path: () => '/portfolio' },
  { name: 'blog', path: () => '/blog' },
  { name: 'login', path: () => '/login' },
  { name: 'login with errors', path: () => '/login', act: submitEmpty('Login') },
  { name: 'signup', path: () => '/signup' },
  { name: 'signup with errors', path: () => '/signup', act: submitEmpty('Sign Up') },
  { name: 'forgot password', path: () => '/forgot-password' },
  {
    name: 'forgot password with errors',
    path: () => '/forgot-password',
    act: submitEmpty('Send reset link'),
  },
  { name: 'reset password', path: () => '/reset-password?token=not-a-real-token' },
  {
    name: 'reset password with errors',
    path: () => '/reset-password?token=not-a-real-token',
    act: submitEmpty('Set new password'),
  },
  { name: 'not found', path: () => '/no-such-page' },
  { name: 'one product', path: () => `/product/${productId}` },
  { name: 'search with nothing found', path: () => '/tools?search=zzqxv' },
  { name: 'search read otherwise (a typo)', path: () => '/tools?search=brkae%20pads' },
  { name: 'parts for a vehicle', path: () => '/tools?year=2015&make=Honda&model=Civic' },
  {
    name: 'the vehicle window, from the header',
    path: () => '/blog',
    act: async (page) => {
      await page.getByRole('button', { name: 'My vehicle' }).click();
      await page.getByRole('dialog', { name: 'My vehicle' }).getByLabel('Year').waitFor();
    },
  },
  { name: 'shipping', path: () => '/shipping' },
  { name: 'returns', path: () => '/returns' },
  { name: 'guest checkout with an empty cart', path: () => '/checkout/guest' },
  { name: 'empty cart', path: () => '/cart', act: visitorCart(0) },
  { name: 'cart with a line below its minimum', path: () => '/cart', act: visitorCart(1) },
];

const customerStates: PageState[] = [
  { name: 'purchase', path: () => `/purchase/${productId}` },
  {
    name: 'purchase with the order modal and its errors',
    path: () => `/purchase/${productId}`,
    act: async (page) => {
      await page.getByRole('button', { name: 'Order Now' }).first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Place Order' }).click();
      await page.getByText('Phone number is Required').waitFor();
    },
  },
  { name: 'purchase of an unknown tool', path: () => '/purchase/no-such-tool' },
  { name: 'my profile', path: () => '/dashboard' },
  {
    name: 'my profile, signing out the other devices',
    path: () => '/dashboard',
    act: async (page) => {
      // The customer's other sessions (the checks sign in more than once) are listed; asking opens the dialog.
      const others = page.getByRole('button', { name: 'Sign out all other devices' });
      const alone = page.getByText('You are not signed in anywhere else.');
      await others.or(alone).first().waitFor();
      if (await others.isVisible()) {
        await others.click();
        await page.getByRole('dialog').waitFor();
      }
    },
  },
  { name: 'dashboard with the drawer open', path: () => '/dashboard', act: openDrawer, width: 390 },
  { name: 'my orders', path: () => '/dashboard/myOrders' },
  {
    name: 'my orders with the delete dialog',
    path: () => '/dashboard/myOrders',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Delete/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'payment', path: () => `/dashboard/payment/${orderId}` },
  {
    name: 'payment with errors',
    path: () => `/dashboard/payment/${orderId}`,
    act: async (page) => {
      // The page pays only for what can ship: the first time, the customer gives the address.
      const given = page.getByTestId('payment-address');
      const form = page.getByRole('form', { name: 'Shipping address' });
      await given.or(form).first().waitFor();
      if (await form.isVisible()) {
        await form.getByLabel('Full name').fill('Cora Customer');
        await form.getByLabel('Address line 1').fill('1200 Woodward Ave');
        await form.getByLabel('City').fill('Detroit');
        await form.getByLabel('State / province').fill('MI');
        await form.getByLabel('Postal code').fill('48226');
        await form.getByLabel('Phone').fill('+1 313 555 0142');
        await form.getByRole('button', { name: 'Ship to this address' }).click();
        await given.waitFor();
      }
      const pay = page.getByRole('button', { name: /^Pay \$/ });
      await page.waitForFunction(() =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent?.startsWith('Pay $') && !b.disabled,
        ),
      );
      await pay.click();
      await page.locator('[role="alert"]').first().waitFor();
    },
  },
  { name: 'payment for an unknown order', path: () => '/dashboard/payment/no-such-order' },
  { name: 'order page', path: () => `/dashboard/orders/${orderId}` },
  { name: 'order page of an unknown order', path: () => '/dashboard/orders/no-such-order' },
  { name: 'addresses', path: () => '/dashboard/addresses' },
  {
    name: 'addresses with the new-address form and its errors',
    path: () => '/dashboard/addresses',
    act: async (page) => {
      await page.getByRole('button', { name: 'Add an address' }).click();
      await page.getByRole('button', { name: 'Add address' }).click();
      await page.getByText('Full name is required').waitFor();
    },
  },
  { name: 'add a review', path: () => '/dashboard/addReview' },
  { name: 'add a review with errors', path: () => '/dashboard/addReview', act: submitEmpty('Post review') },
  {
    name: 'cart',
    path: () => '/cart',
    act: async (page) => {
      await customerCart(page);
      await page.getByTestId('summary-total').waitFor();
    },
  },
  {
    name: 'checkout with errors',
    path: () => '/checkout',
    act: async (page) => {
      await customerCart(page);
      await page.getByRole('button', { name: 'Place order and pay' }).click();
      await page.getByText('Full name is required').waitFor();
    },
  },
];

const adminStates: PageState[] = [
  { name: 'overview', path: () => '/dashboard/overview' },
  { name: 'users', path: () => '/dashboard/users' },
  { name: 'outbox', path: () => '/dashboard/outbox' },
  { name: 'mailbox', path: () => '/dashboard/mailbox' },
  { name: 'inbox', path: () => '/dashboard/inbox' },
  { name: 'manage all orders', path: () => '/dashboard/manageOrders' },
  { name: 'an order opened by the admin', path: () => `/dashboard/manageOrders/${orderId}` },
  {
    name: 'a mail opened from the mailbox',
    path: () => '/dashboard/mailbox',
    act: async (page) => {
      // The customer's order mail is written by the job runner: once the server holds it, the
      // Mailbox lists it.
      await mailsWritten(page, store.url, (mail) => mail.orderId === orderId);
      await page.reload();
      await page.getByRole('list', { name: 'Mails' }).getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Text version' }).waitFor();
    },
  },
  {
    name: 'users with the make-admin dialog',
    path: () => '/dashboard/users',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Make admin/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: "a customer's page opened from the customers list",
    path: () => '/dashboard/users',
    act: async (page) => {
      await page.getByRole('region', { name: 'Users' }).getByRole('link').first().click();
      await page.getByRole('heading', { name: 'Addresses' }).waitFor();
    },
  },
  { name: 'audit log', path: () => '/dashboard/audit' },
  { name: 'manage products', path: () => '/dashboard/manageProduct' },
  {
    name: 'manage products searched and filtered',
    path: () => '/dashboard/manageProduct?search=brake&status=active&stock=in',
    act: async (page) => {
      await page.getByTestId('manage-products').waitFor();
    },
  },
  {
    name: 'manage products with the delete dialog',
    path: () => '/dashboard/manageProduct',
    act: async (page) => {
      await page
        .getByRole('button', { name: /^Delete/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'add product', path: () => '/dashboard/addProduct' },
  { name: 'add product with errors', path: () => '/dashboard/addProduct', act: submitEmpty('Add Product') },
  { name: 'manage all orders', path: () => '/dashboard/manageOrders' },
  { name: 'product editor', path: () => `/dashboard/products/${productId}` },
  {
    name: 'product editor with its errors',
    path: () => `/dashboard/products/${productId}`,
    act: async (page) => {
      await page.getByLabel('Product name').fill('');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('alert', { name: 'What to change' }).waitFor();
    },
  },
  {
    name: 'moderate reviews',
    path: () => '/dashboard/reviews',
    act: async (page) => {
      await page.getByRole('button', { name: /^Awaiting approval/ }).waitFor();
    },
  },
  {
    name: 'moderate reviews, the published ones with a reply open',
    path: () => '/dashboard/reviews',
    act: async (page) => {
      await page.getByRole('button', { name: 'Published' }).click();
      await page
        .getByRole('button', { name: /^Reply to|^Change the reply/ })
        .first()
        .click();
      await page.getByRole('form', { name: /^Reply to/ }).waitFor();
    },
  },
  { name: 'categories and brands', path: () => '/dashboard/categories' },
  {
    name: 'categories with the edit dialog',
    path: () => '/dashboard/categories',
    act: async (page) => {
      await page.getByRole('button', { name: /^Edit/ }).first().click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'bulk changes', path: () => '/dashboard/bulk' },
  { name: 'import and export', path: () => '/dashboard/import' },
  { name: 'search words', path: () => '/dashboard/searchWords' },
  { name: 'discounts', path: () => '/dashboard/discounts' },
  { name: 'customer groups', path: () => '/dashboard/customer-groups' },
  {
    name: 'customer groups with the new group form',
    path: () => '/dashboard/customer-groups',
    act: async (page) => {
      await page.getByRole('button', { name: 'Add a group' }).click();
      await page.getByRole('form', { name: 'New customer group' }).waitFor();
    },
  },
  { name: 'open invoices', path: () => '/dashboard/invoices' },
  {
    name: 'discounts with the new discount form',
    path: () => '/dashboard/discounts',
    act: async (page) => {
      await page.getByRole('button', { name: 'New discount' }).click();
      await page.getByRole('form', { name: 'Create discount' }).waitFor();
    },
  },
  { name: 'finance', path: () => '/dashboard/finance' },
  { name: 'numbers', path: () => '/dashboard/numbers' },
  { name: 'returns desk', path: () => '/dashboard/returns' },
  { name: 'settings', path: () => '/dashboard/settings' },
  { name: "a product's stock", path: () => `/dashboard/products/${productId}/stock` },
  { name: 'purchasing', path: () => '/dashboard/purchasing' },
  {
    name: 'purchasing with the new supplier form and its errors',
    path: () => '/dashboard/purchasing',
    act: async (page) => {
      await page.getByRole('button', { name: 'Add supplier' }).click();
      await page
        .getByRole('form', { name: 'Add supplier' })
        .getByRole('button', { name: 'Add supplier' })
        .click();
      await page.getByText('Give the supplier a name').first().waitFor();
    },
  },
  {
    name: 'purchasing with the new purchase order form',
    path: () => '/dashboard/purchasing',
    act: async (page) => {
      await page.getByRole('button', { name: 'New purchase order' }).click();
      const form = page.getByRole('form', { name: 'New purchase order' });
      await form.getByLabel('Supplier', { exact: true }).selectOption(supplierId);
      await form.getByRole('list', { name: 'What this supplier sells' }).waitFor();
    },
  },
  { name: 'a supplier', path: () => `/dashboard/purchasing/suppliers/${supplierId}` },
  { name: 'a draft purchase order', path: () => `/dashboard/purchasing/orders/${purchaseOrderId}` },
  {
    name: 'a draft purchase order with the send dialog',
    path: () => `/dashboard/purchasing/orders/${purchaseOrderId}`,
    act: async (page) => {
      await page.getByRole('button', { name: 'Send to supplier' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
];

/** A page signed in as a new account (through the API: signing up is not what this checks). */
async function signedIn(name: string, email: string) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
  pageErrors.push(...watchForPageErrors(page));
  await signUpThroughApi(page.request, store.url, { name, email });
  return page;
}

/**
 * Opens `path` as a reader following a link would: the router moves to it within the loaded app
 * (no second start of the app, and axe stays loaded), as React Router does on Back and Forward.
 * A page left in a state of its own (a dialog or menu open, a form with errors), the same path
 * again, and the first page of a width are loaded afresh instead.
 */
async function open(page: Page, path: string, clean: boolean) {
  const here = await page.evaluate(() => location.pathname + location.search).catch(() => '');
  if (!clean || here === path || here === '') {
    await page.goto(`${store.url}${path}`);
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForFunction((to) => location.pathname + location.search === to, path);
}

/** Every state at the given width; answers one line per serious or critical violation. */
async function check(page: Page, states: PageState[], width: number) {
  await page.setViewportSize({ width, height: 900 });
  trackRequests(page);
  const found: string[] = [];
  // Whether the page as it stands can go on to the next state by following a link.
  let clean = false;
  for (const state of states) {
    if (state.width && state.width !== width) continue;
    try {
      await open(page, state.path(), clean);
      await state.act?.(page);
      clean = !state.act;
      for (const line of await seriousViolations(page)) found.push(`${width}px ${state.name}: ${line}`);
    } catch (error) {
      found.push(
        `${width}px ${state.name}: could not be checked: ${(error as Error).message.split('\n')[0]}`,
      );
    }
  }
  return found;
}

type Reader = 'visitor' | 'customer' | 'admin';
const statesOf: Record<Reader, PageState[]> = {
  visitor: visitorStates,
  customer: customerStates,
  admin: adminStates,
};
const readerWords: Record<Reader, string> = { visitor: 'public', customer: 'customer', admin: 'admin' };

/** The sweep's tests for these readers' pages; call inside `journeys(...)`. */
export function accessibilitySweep(readers: Reader[]) {
  beforeAll(async () => {
    // The unpaid order's "waiting for payment" mail is the one the Mailbox opens: sent at once here
    // instead of minutes later (decision 073).
    store = await startJourneyStore({ ADMIN_EMAILS: ADMIN, ORDER_WAITING_MAIL_MINUTES: '0' });
    browser = await launchBrowser();
    pages.visitor = await browser.newPage();
    pageErrors.push(...watchForPageErrors(pages.visitor));
    pages.admin = await signedIn('Axel Admin', ADMIN);
    pages.customer = await signedIn('Cora Customer', CUSTOMER);
    const products = (await (await pages.customer.request.get(`${store.url}/api/tool`)).json()) as {
      _id: string;
      minimum_order_quantity: number;
    }[];
    // A product sold in packs (minimum above 1), so a cart of one unit shows the minimum's problem.
    const product = products.find((t) => t.minimum_order_quantity > 1);
    if (!product) throw new Error('The demo catalog has no product sold in packs');
    productId = product._id;
    productMinimum = product.minimum_order_quantity;
    const order = await pages.customer.request.post(`${store.url}/api/order`, {
      data: { orderId: productId, orderQuantity: product.minimum_order_quantity, phone: '01712345678' },
    });
    expect(order.ok()).toBe(true);
    orderId = ((await order.json()) as { _id: string })._id;
    if (readers.includes('admin')) {
      // A supplier selling the product, and a draft purchase order of it, for the purchasing pages.
      const admin = pages.admin.request;
      const supplier = await admin.post(`${store.url}/api/suppliers`, {
        headers: { origin: store.url },
        data: {
          name: 'Axe Parts Supply',
          email: 'orders@axe-parts.example',
          leadTimeDays: 3,
          minimumOrderCents: 0,
        },
      });
      expect(supplier.status()).toBe(201);
      supplierId = ((await supplier.json()) as { id: string }).id;
      const sells = await admin.put(`${store.url}/api/suppliers/${supplierId}/products/${productId}`, {
        headers: { origin: store.url },
        data: { supplierPartNumber: 'AXE-1', packSize: 5, costCents: 1250 },
      });
      expect(sells.ok()).toBe(true);
      const draft = await admin.post(`${store.url}/api/purchase-orders`, {
        headers: { origin: store.url },
        data: { supplierId, lines: [{ productId, quantity: 10 }] },
      });
      expect(draft.status()).toBe(201);
      purchaseOrderId = ((await draft.json()) as { id: string }).id;
    }
  });
  afterAll(async () => {
    await browser?.close();
    await store?.stop();
    store?.cleanUp();
  });

  for (const width of WIDTHS)
    for (const reader of readers)
      it(`${readerWords[reader]} pages at ${width} px`, async () => {
        expect(await check(pages[reader], statesOf[reader], width)).toEqual([]);
      });

  it('saw no script errors but the expected refusals', () => {
    // The unknown tool and order answer 404, the empty and bad forms 4xx: the browser logs those loads.
    expect(pageErrors.filter((e) => !/status of (404|400|401|422)/.test(e))).toEqual([]);
  });
}
