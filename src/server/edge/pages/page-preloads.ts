import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { facetsAddress, HOME_TOOL_COUNT, toolListSearch } from '../../../contract/catalog.constants';
import { matchPage, type PageKey, pageKeys } from '../../../contract/pages';
import { toolListFromAddress } from '../../../contract/tool-list-address';
import { PURCHASE_IMAGE_SIZES, srcSetFor, TOOL_CARD_IMAGE_SIZES } from '../../../contract/uploads.constants';
import { escapeAttribute } from './page-meta';

/**
 * Preload hints: a page of the web app learns what it needs only step by step (the entry script,
 * then the page's own code, then its data, then the product's picture), each step a round trip on
 * a phone's network. The server knows all of it from the address, so index.html names it at once
 * and the browser fetches it side by side with the entry script (docs/performance.md).
 */

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The frame every dashboard page is drawn inside. */
const DASHBOARD = 'app/layouts/dashboard-layout.tsx';
/** A page: its module in its feature's pages/ folder (src/web/features/<feature>/pages/). */
const route = (feature: string, file: string) => [`features/${feature}/pages/${file}.tsx`];
const dashboard = (feature: string, file: string) => [DASHBOARD, ...route(feature, file)];

/**
 * The modules of src/web/app/router.tsx's pages, by the route table's key: what a page needs
 * before it can draw. Every page of the table has its entry (a page without one would not
 * compile); home names none, as its code is the entry's own.
 */
export const PAGE_MODULES: Record<PageKey, readonly string[]> = {
  home: [],
  tools: route('catalog', 'tools-page'),
  reviews: route('reviews', 'reviews-page'),
  contact: route('contact', 'contact-page'),
  portfolio: route('content', 'portfolio-page'),
  blog: route('content', 'blog-page'),
  shippingPolicy: route('store', 'shipping-policy-page'),
  returnPolicy: route('store', 'return-policy-page'),
  product: route('catalog', 'product-page'),
  purchase: route('orders', 'purchase-page'),
  cart: route('checkout', 'cart-page'),
  checkout: route('checkout', 'checkout-page'),
  guestCheckout: route('checkout', 'guest-checkout-page'),
  checkoutDone: route('checkout', 'checkout-done-page'),
  orderStatus: route('orders', 'order-status-page'),
  unsubscribe: route('checkout', 'unsubscribe-page'),
  quote: route('orders', 'quote-page'),
  login: route('accounts', 'login-page'),
  signup: route('accounts', 'signup-page'),
  forgotPassword: route('accounts', 'forgot-password-page'),
  resetPassword: route('accounts', 'reset-password-page'),
  dashboard: dashboard('accounts', 'my-profile-page'),
  myOrders: dashboard('orders', 'my-orders-page'),
  payment: dashboard('orders', 'payment-page'),
  order: dashboard('orders', 'order-page'),
  addresses: dashboard('addresses', 'addresses-page'),
  addReview: dashboard('reviews', 'add-review-page'),
  overview: dashboard('reports', 'overview-page'),
  users: dashboard('customers', 'users-page'),
  customer: dashboard('customers', 'customer-page'),
  tradeApplications: dashboard('customers', 'trade-applications-page'),
  customerGroups: dashboard('customers', 'customer-groups-page'),
  invoices: dashboard('customers', 'invoices-page'),
  manageProduct: dashboard('catalog', 'manage-products-page'),
  addProduct: dashboard('catalog', 'add-product-page'),
  productEditor: dashboard('catalog', 'product-editor-page'),
  productStock: dashboard('catalog', 'product-stock-page'),
  categories: dashboard('catalog', 'catalog-setup-page'),
  bulk: dashboard('catalog', 'bulk-changes-page'),
  catalogImport: dashboard('catalog', 'catalog-import-page'),
  searchWords: dashboard('catalog', 'search-words-page'),
  discounts: dashboard('discounts', 'discounts-page'),
  reviewDesk: dashboard('reviews', 'reviews-desk-page'),
  manageOrders: dashboard('admin-orders', 'manage-orders-page'),
  manageOrder: dashboard('admin-orders', 'admin-order-page'),
  returns: dashboard('admin-orders', 'returns-desk-page'),
  numbers: dashboard('reports', 'numbers-page'),
  finance: dashboard('books', 'finance-page'),
  purchasing: dashboard('purchasing', 'purchasing-page'),
  purchaseOrder: dashboard('purchasing', 'purchase-order-page'),
  supplier: dashboard('purchasing', 'supplier-page'),
  locations: dashboard('locations', 'locations-page'),
  settings: dashboard('settings', 'settings-page'),
  outbox: dashboard('outbox', 'outbox-page'),
  mailbox: dashboard('mail', 'mailbox-page'),
  mail: dashboard('mail', 'mailbox-page'),
  inbox: dashboard('inbox', 'inbox-page'),
  inboxMessage: dashboard('inbox', 'inbox-page'),
  audit: dashboard('audit', 'audit-page'),
};

/** Pages whose code is in the entry script itself: nothing to name for them. */
export const PAGES_IN_ENTRY: readonly PageKey[] = ['home'];

/** Every page module the hints name, for the check that the build still has each of them. */
export const pageModules = () => [...new Set(Object.values(PAGE_MODULES).flat())];

/**
 * The build's manifest (Vite writes it beside the app, vite.config.ts): each module's file and
 * the shared chunks it imports. Without one (an older build) pages get no script hints.
 */
export function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

/**
 * For each page address, the scripts of its modules and of everything they import, less what
 * index.html loads anyway (the entry and the chunks it preloads itself). The style sheet is the
 * entry's alone, so pages have none of their own to name.
 */
export function pageScripts(manifest: Record<string, ManifestChunk>, indexHtml: string) {
  const inIndex = new Set([...indexHtml.matchAll(/(?:href|src)="\/([^"]+)"/g)].map((m) => m[1]));
  const collect = (key: string, scripts: Set<string>, seen: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || key === 'index.html' || seen.has(key)) return;
    seen.add(key);
    if (!inIndex.has(chunk.file)) scripts.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, scripts, seen);
  };
  const scriptsOf = new Map<PageKey, string[]>();
  for (const key of pageKeys) {
    const scripts = new Set<string>();
    const seen = new Set<string>();
    for (const module of PAGE_MODULES[key]) collect(module, scripts, seen);
    scriptsOf.set(key, [...scripts]);
  }
  return (pathName: string) => {
    const page = matchPage(pathName);
    return page ? (scriptsOf.get(page.key) ?? []) : [];
  };
}

/** What a page will ask the API for first, and the product picture it will show. */
export interface PageData {
  pathName: string;
  /** The address's query string, for the list /tools shows. */
  search: URLSearchParams;
  /** The request carries a session cookie: a signed-in page will go on to fetch its data. */
  signedIn: boolean;
  /** The product of /purchase/:id, when it exists. */
  product?: { id: string; image: string };
  /** On /tools: the first picture of the list the server wrote into the page, and its category. */
  listPicture?: { category?: string; image: string };
}

const fetchHint = (url: string) =>
  `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin>`;

/** A product picture drawn at `sizes`, with the `srcset` the page gives it. */
const imageHint = (image: string, sizes: string) => {
  const srcset = srcSetFor(image);
  return `<link rel="preload" href="${escapeAttribute(image)}" as="image" fetchpriority="high"${
    srcset ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}"` : ''
  }>`;
};

/**
 * The API calls a page makes as soon as its code runs. A hint for a call the page does not make
 * would fetch for nothing (and the browser warns), so each one matches src/web exactly: the same
 * address, and `crossorigin` for fetch's same-origin credentials.
 */
function dataHints(page: PageData): string[] {
  const key = matchPage(page.pathName)?.key;
  if (key === 'home') return [fetchHint(`/api/tool?limit=${HOME_TOOL_COUNT}`), fetchHint('/api/review')];
  if (key === 'tools') {
    const query = toolListFromAddress(Object.fromEntries(page.search));
    // The filters' counts are asked for the same filters, without the sort and the page.
    const { sort: _sort, page: _page, limit: _limit, ...filters } = query;
    const hints = [fetchHint(`/api/tool?${toolListSearch(query)}`), fetchHint(facetsAddress(filters))];
    // The first card's picture is the page's largest paint. The server listed the first page of
    // the catalog or of one category for the page's content; when the address asks for that same
    // list, its first picture is the one the page will show.
    const { category, ...others } = filters;
    const picture = page.listPicture;
    const sameList = query.page === 1 && query.sort === undefined && Object.keys(others).length === 0;
    if (picture && sameList && category === picture.category) {
      hints.push(imageHint(picture.image, TOOL_CARD_IMAGE_SIZES));
    }
    return hints;
  }
  // The policy pages are written from the owner's settings, which they read first.
  if (key === 'shippingPolicy' || key === 'returnPolicy') return [fetchHint('/api/store/policies')];
  if (key === 'cart' || key === 'checkout') {
    // Both read the session first; a customer's cart is then read priced for standard shipping
    // (a visitor's lives in the browser and is priced by a POST, which no hint can name).
    const hints = [fetchHint('/api/auth/get-session')];
    if (page.signedIn) hints.push(fetchHint('/api/cart?shippingMethod=standard'));
    return hints;
  }
  if (key === 'purchase') {
    // The page waits for the session before anything else (it is for signed-in customers).
    const hints = [fetchHint('/api/auth/get-session')];
    if (page.signedIn && page.product) {
      const { id, image } = page.product;
      hints.push(fetchHint(`/api/purchase/${encodeURIComponent(id)}`));
      hints.push(imageHint(image, PURCHASE_IMAGE_SIZES));
    }
    return hints;
  }
  return [];
}

/** The hints for one page: its code (from the build), then its data and picture. */
export function preloadTags(scriptsFor: ReturnType<typeof pageScripts>, page: PageData): string[] {
  return [
    ...scriptsFor(page.pathName).map(
      (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
    ),
    ...dataHints(page),
  ];
}
