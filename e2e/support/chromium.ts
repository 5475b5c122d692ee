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

/** Chromium as the journeys run it: headless in a container, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
