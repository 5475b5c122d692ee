import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Waits until the page has stopped moving: no request in flight, no spinner, no animation
 * running but endless or scroll-driven ones (a dialog fading in is measured at half contrast otherwise).
 */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.loading') &&
      document.getAnimations().every(
        (animation) =>
          animation.playState !== 'running' ||
          // daisyUI's scroll lock follows the page's scroll, not time: it never "finishes".
          animation.timeline !== document.timeline ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Runs axe-core in the page as it is now and answers its serious and critical violations, one
 * line each ("rule (impact): help: target"). Evaluated through the DevTools protocol, so the
 * store's Content-Security-Policy (no inline script) does not stand in its way.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await settle(page);
  await page.evaluate(axeSource);
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
