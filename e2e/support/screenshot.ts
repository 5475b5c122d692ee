import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

const folder = path.resolve(import.meta.dirname, '..', 'screenshots');

/** Whether this run keeps screenshots: `JOURNEY_SCREENSHOTS=1 npm run test:e2e`. */
export const screenshotsWanted = process.env.JOURNEY_SCREENSHOTS === '1';

/**
 * Saves `e2e/screenshots/NAME.png` for a person to look at, when the run asks for them: a page,
 * or one element (with `fullPage`, cut from the whole page, so that an element taller than the
 * window is whole and the sticky header is not over it). They are not assertions, and a full-page
 * capture costs the shared Chromium about 0.4 CPU-second: the eighty of a whole run were a tenth
 * of its browser time, taken from the journeys beside them.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = false } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  const file = path.join(folder, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else if (!fullPage) await target.screenshot({ path: file });
  else {
    // The part of a full-page capture the element covers: the page's sticky header stays at the
    // top of the page instead of over an element taller than the window.
    const page = target.page();
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x + window.scrollX, y: r.y + window.scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({ path: file, fullPage: true, clip: box });
  }
}
