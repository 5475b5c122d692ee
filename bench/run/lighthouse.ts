import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { findChromium, INSTALL_HINT } from '../../e2e/support/chromium';
import { startStore } from '../../e2e/support/store-process';

/**
 * Lighthouse, offline, with the local Chromium, on the five pages a shopper goes through on a
 * freshly started store (demo catalog): home, /tools, a product's page (where a card of the
 * catalog leads), /cart with two lines in it and /checkout, the last two as a signed-in customer.
 * Mobile settings by default, Lighthouse's own (simulated throttling, CPU slowed 4x): the measure
 * of record. `bench/lighthouse.ts` prints the rows.
 */

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseRow {
  page: string;
  /** The score of the run with the median performance score: the page's figures come from it. */
  performance: number;
  /** Every run's performance score, in the order run. */
  performanceRuns: number[];
  accessibility: number;
  'best-practices': number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of the host's CPU (median over the runs); it moves with the load. */
  cpuIndex: number;
  /** Audits that cost points in a category below the goal, as "id (value)". */
  misses: Partial<Record<Category, string[]>>;
}

export interface LighthouseOptions {
  /** Runs per page; the median by performance stands for it (Lighthouse's variance advice). */
  runs?: number;
  /** Another CPU slowdown than Lighthouse's 4x (its throttling guide, for slower hosts). */
  cpuSlowdown?: number;
  desktop?: boolean;
  /** Only the pages of these names (as the rows name them: home, /tools, …); all five by default. */
  only?: string[];
  /** Where to write each run's full report (JSON), for its diagnostics. */
  reportDir?: string;
  log?: (line: string) => void;
}

/** The goal per category (docs/performance.md). */
export const GOAL = 0.95;
export const CLS_GOAL = 0.05;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const PASSWORD = 'Spanner#42';

/**
 * A customer's session cookie from signing up over the API. Node's fetch sends browser-like
 * fetch metadata, so the store's CSRF check wants an Origin on every write.
 */
async function customerCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ name: 'Lighthouse', email: 'lighthouse@example.com', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Puts a tool in the customer's cart at its minimum quantity. */
async function addToCart(base: string, cookie: string, product: CatalogProduct) {
  const res = await fetch(`${base}/api/cart/${encodeURIComponent(product._id)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ quantity: product.minimum_order_quantity }),
  });
  if (!res.ok) throw new Error(`cart line failed: ${res.status} ${await res.text()}`);
}

interface CatalogProduct {
  _id: string;
  minimum_order_quantity: number;
  available_quantity: number;
}

interface Page {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export async function measureLighthouse(options: LighthouseOptions = {}): Promise<LighthouseRow[]> {
  const runs = Math.max(1, options.runs ?? 3);
  const log = options.log ?? (() => {});
  const chromePath = findChromium();
  if (!chromePath) throw new Error(`No Chromium found: ${INSTALL_HINT}`);

  log('Starting the store…');
  const store = await startStore({ LOG_LEVEL: 'info' });
  log(`Store open on ${store.url}; launching Chromium…`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

  try {
    const products = (await (await fetch(`${store.url}/api/tool?limit=3`)).json()) as CatalogProduct[];
    const inStock = products.filter(
      (product) => product.available_quantity >= product.minimum_order_quantity,
    );
    const [first, second] = inStock;
    if (!first || !second) throw new Error('the demo catalog has fewer than two tools in stock');
    const cookie = await customerCookie(store.url);
    await addToCart(store.url, cookie, first);
    await addToCart(store.url, cookie, second);
    const signedIn = { cookie };
    const allPages: Page[] = [
      { name: 'home', url: `${store.url}/` },
      { name: '/tools', url: `${store.url}/tools` },
      { name: 'product page', url: `${store.url}/product/${first._id}` },
      { name: '/cart', url: `${store.url}/cart`, headers: signedIn },
      { name: '/checkout', url: `${store.url}/checkout`, headers: signedIn },
    ];
    const pages = allPages.filter((page) => !options.only || options.only.includes(page.name));

    const rows: LighthouseRow[] = [];
    for (const page of pages) {
      const results = [];
      let discarded = 0;
      while (results.length < runs) {
        const result = await lighthouse(
          page.url,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            extraHeaders: page.headers,
            ...(options.cpuSlowdown === undefined
              ? {}
              : { throttling: { cpuSlowdownMultiplier: options.cpuSlowdown } }),
          },
          options.desktop ? desktopConfig : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
        // A run whose trace Chromium did not record (NO_NAVSTART and the like) has no scores: run again.
        if (result.lhr.runtimeError) {
          log(`${page.name}: run discarded (${result.lhr.runtimeError.code}), running again`);
          if (++discarded > 3 * runs) throw new Error('Lighthouse keeps failing: see the codes above');
          continue;
        }
        if (options.reportDir) {
          mkdirSync(options.reportDir, { recursive: true });
          const file = `${page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '')}-${results.length + 1}.json`;
          writeFileSync(path.join(options.reportDir, file), result.report as string);
        }
        results.push(result.lhr);
        log(`${page.name}: run ${results.length} performance ${result.lhr.categories.performance?.score}`);
      }
      const byPerformance = [...results].sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const lhr = byPerformance[Math.floor(byPerformance.length / 2)];
      if (!lhr) continue;
      const { categories, audits } = lhr;
      const score = (category: Category) => categories[category]?.score ?? 0;
      const misses: LighthouseRow['misses'] = {};
      for (const category of CATEGORIES) {
        if (score(category) >= GOAL) continue;
        // What cost the points, so the next person knows where to look.
        misses[category] = (categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
      }
      const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        page: page.name,
        performance: score('performance'),
        performanceRuns: results.map((r) => r.categories.performance?.score ?? 0),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        cpuIndex: Math.round(median(results.map((r) => r.environment.benchmarkIndex))),
        misses,
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await store.stop();
    store.cleanUp();
  }
}

/** A row misses a goal: a category below 0.95, or the layout shifting by 0.05 or more. */
export const missesGoal = (row: LighthouseRow) =>
  CATEGORIES.some((category) => row[category] < GOAL) || !(row.cls < CLS_GOAL);
