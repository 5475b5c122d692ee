import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page, Request } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

interface Requests {
  pending: Set<Request>;
  /** Called whenever a request ends. */
  onEnd: Set<() => void>;
}
const tracked = new WeakMap<Page, Requests>();

/**
 * Starts counting the page's requests in flight (every fetch, script and image the browser
 * asked for and has no answer to yet). Call before the navigation whose requests matter;
 * calling it again is harmless.
 */
export function trackRequests(page: Page) {
  if (tracked.has(page)) return;
  const requests: Requests = { pending: new Set(), onEnd: new Set() };
  tracked.set(page, requests);
  const end = (request: Request) => {
    requests.pending.delete(request);
    for (const listener of requests.onEnd) listener();
  };
  page.on('request', (request) => requests.pending.add(request));
  page.on('requestfinished', end);
  page.on('requestfailed', end);
}

/** Resolves once the page has no request in flight (at once if it has none). */
function noRequestInFlight(page: Page): Promise<void> {
  const requests = tracked.get(page);
  if (!requests) throw new Error('trackRequests(page) must run before the page is checked');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      requests.onEnd.delete(check);
      const urls = [...requests.pending].map((request) => request.url());
      reject(new Error(`requests still in flight after 30 s: ${urls.join(', ')}`));
    }, 30_000);
    const check = () => {
      if (requests.pending.size > 0) return;
      clearTimeout(timer);
      requests.onEnd.delete(check);
      resolve();
    };
    requests.onEnd.add(check);
    check();
  });
}

/** True when the page shows its content: loaded, no spinner, no animation but endless ones. */
const pageAtRest = () =>
  document.readyState === 'complete' &&
  !document.querySelector('.loading') &&
  document.getAnimations().every(
    (animation) =>
      animation.playState !== 'running' ||
      // daisyUI's scroll lock follows the page's scroll, not time: it never "finishes".
      animation.timeline !== document.timeline ||
      animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
  );

/**
 * Waits until the page has stopped moving: no request of its own in flight, no spinner, no
 * animation running but endless or scroll-driven ones (a dialog fading in is measured at half
 * contrast otherwise). A request answered can start another (the session, then the data), and
 * the data can start an animation: so the page is at rest when both hold after a frame was drawn.
 */
export async function settle(page: Page) {
  for (;;) {
    await noRequestInFlight(page);
    await page.waitForFunction(pageAtRest);
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    if (tracked.get(page)?.pending.size === 0 && (await page.evaluate(pageAtRest))) return;
  }
}

/**
 * Runs axe-core in the page as it is now and answers its serious and critical violations, one
 * line each ("rule (impact): help: target"). Evaluated through the DevTools protocol, so the
 * store's Content-Security-Policy (no inline script) does not stand in its way.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page);
  // Loaded once per document: a page reached within the app keeps it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, { resultTypes: ['violations'] })) as {
      violations: AxeViolation[];
    };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map((node) => `${v.id} (${v.impact}): ${v.help}: ${JSON.stringify(node.target)}`),
    );
}
