import { type Browser, chromium, type Page } from 'playwright-core';
import { describe, inject } from 'vitest';
import { INSTALL_HINT } from './chromium';

const chromePath = inject('chromePath');

/**
 * A group of browser journeys; skipped, with the reason in its name, on a machine without
 * Chromium so `npm test` still runs everything else there.
 */
export const journeys = (name: string, fn: () => void) =>
  chromePath
    ? describe(name, fn)
    : describe.skip(`${name} (skipped: no Chromium found; ${INSTALL_HINT})`, fn);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
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
