import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { toolListFromAddress } from '../../contract/catalog';
import { facetsAddress, toolListSearch } from '../../contract/catalog.constants';
import { PURCHASE_IMAGE_SIZES, srcSetFor } from '../../contract/uploads.constants';
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

/** The page modules of src/web/app/router.tsx, by address: what a page needs before it can draw. */
const PAGE_MODULES: { path: RegExp; modules: string[] }[] = [
  { path: /^\/tools$/, modules: ['app/routes/tools.tsx'] },
  { path: /^\/reviews$/, modules: ['app/routes/reviews.tsx'] },
  { path: /^\/contact$/, modules: ['app/routes/contact.tsx'] },
  { path: /^\/portfolio$/, modules: ['app/routes/portfolio.tsx'] },
  { path: /^\/blog$/, modules: ['app/routes/blog.tsx'] },
  { path: /^\/login$/, modules: ['app/routes/login.tsx'] },
  { path: /^\/signup$/, modules: ['app/routes/signup.tsx'] },
  { path: /^\/purchase\/[^/]+$/, modules: ['app/routes/purchase.tsx'] },
  { path: /^\/product\/[^/]+$/, modules: ['app/routes/product.tsx'] },
  { path: /^\/cart$/, modules: ['app/routes/cart.tsx'] },
  { path: /^\/checkout$/, modules: ['app/routes/checkout.tsx'] },
  { path: /^\/checkout\/done\/[^/]+$/, modules: ['app/routes/checkout-done.tsx'] },
  ...(
    [
      ['', 'my-profile'],
      ['myOrders', 'my-orders'],
      ['payment/[^/]+', 'payment'],
      ['addReview', 'add-review'],
      ['users', 'users'],
      ['overview', 'overview'],
      ['manageProduct', 'manage-products'],
      ['addProduct', 'add-product'],
      ['manageOrders', 'manage-orders'],
      ['outbox', 'outbox'],
    ] as const
  ).map(([address, file]) => ({
    path: new RegExp(`^/dashboard${address ? `/${address}` : ''}$`),
    modules: ['app/routes/dashboard/dashboard-layout.tsx', `app/routes/dashboard/${file}.tsx`],
  })),
];

/** Every page module the hints name, for the check that the build still has each of them. */
export const pageModules = () => [...new Set(PAGE_MODULES.flatMap((page) => page.modules))];

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
  const pages = PAGE_MODULES.map((page) => {
    const scripts = new Set<string>();
    const seen = new Set<string>();
    for (const module of page.modules) collect(module, scripts, seen);
    return { path: page.path, scripts: [...scripts] };
  });
  return (pathName: string) => pages.find((page) => page.path.test(pathName))?.scripts ?? [];
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
}

const fetchHint = (url: string) =>
  `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin>`;

/**
 * The API calls a page makes as soon as its code runs. A hint for a call the page does not make
 * would fetch for nothing (and the browser warns), so each one matches src/web exactly: the same
 * address, and `crossorigin` for fetch's same-origin credentials.
 */
function dataHints(page: PageData): string[] {
  if (page.pathName === '/') return [fetchHint('/api/tool'), fetchHint('/api/review')];
  if (page.pathName === '/tools') {
    const query = toolListFromAddress(Object.fromEntries(page.search));
    // The filters' counts are asked for the same filters, without the sort and the page.
    const { sort: _sort, page: _page, limit: _limit, ...filters } = query;
    return [fetchHint(`/api/tool?${toolListSearch(query)}`), fetchHint(facetsAddress(filters))];
  }
  if (page.pathName.startsWith('/purchase/')) {
    // The page waits for the session before anything else (it is for signed-in customers).
    const hints = [fetchHint('/api/auth/get-session')];
    if (page.signedIn && page.product) {
      const { id, image } = page.product;
      hints.push(fetchHint(`/api/purchase/${encodeURIComponent(id)}`));
      const srcset = srcSetFor(image);
      hints.push(
        `<link rel="preload" href="${escapeAttribute(image)}" as="image" fetchpriority="high"${
          srcset
            ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(PURCHASE_IMAGE_SIZES)}"`
            : ''
        }>`,
      );
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
