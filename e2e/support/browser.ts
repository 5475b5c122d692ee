import { type Browser, chromium, type Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { INSTALL_HINT } from './chromium';

const chromePath = inject('chromePath');
const chromeEndpoint = inject('chromeEndpoint');

/**
 * A group of browser journeys; skipped, with the reason in its name, on a machine without
 * Chromium so `npm test` still runs everything else there.
 */
export const journeys = (name: string, fn: () => void) =>
  chromePath
    ? describe(name, fn)
    : describe.skip(`${name} (skipped: no Chromium found; ${INSTALL_HINT})`, fn);

/**
 * A connection to the run's one Chromium (started by the global setup). Closing it closes the
 * file's contexts and pages and leaves the browser to the other files.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.connect(chromeEndpoint);
}

/** Fails the journey on any error the page logs or throws: a broken page must not pass quietly. */
export function watchForPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
