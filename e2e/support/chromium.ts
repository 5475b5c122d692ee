import { existsSync } from 'node:fs';

export const INSTALL_HINT = 'apt-get install -y chromium, or set CHROME_PATH to a Chromium or Chrome binary';

/** The Chromium the journeys drive: CHROME_PATH, else Debian's or a usual install path; '' if none. */
export function findChromium(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p as string)) ?? '';
}

/**
 * The browser the journeys drive: Chromium's headless shell where it is installed (Debian's
 * chromium-headless-shell, the same engine and version without the browser's own interface), else
 * the Chromium above. The shell renders the same pages for a fraction of the CPU, which on a
 * 2-core machine is most of what the journeys cost (docs/test-suite.md).
 */
export function findJourneyChromium(): string {
  if (process.env.CHROME_PATH) return findChromium();
  const shells = ['/usr/lib/chromium/chromium-headless-shell'];
  return shells.find((p) => existsSync(p)) ?? findChromium();
}

/** Chromium as the journeys run it: headless in a container, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
