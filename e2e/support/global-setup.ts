import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildWebIfNeeded } from '../../scripts/build-web-if-needed.mjs';
import { CHROMIUM_ARGS, findJourneyChromium, INSTALL_HINT } from './chromium';
import { startStore } from './store-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the Chromium to drive, or '' when none is installed. */
    chromePath: string;
    /** Where the run's one Chromium listens; every journey file connects to it ('' without Chromium). */
    chromeEndpoint: string;
  }
}

const e2eDir = path.resolve(import.meta.dirname, '..');

/** The journey files, named for the message that says they were skipped. */
function journeyFiles(): string[] {
  return readdirSync(e2eDir)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => readFileSync(path.join(e2eDir, name), 'utf8').includes('journeys('))
    .sort();
}

/**
 * Journeys and the budget check run against the built app: build it once (only if sources
 * changed), and start one Chromium that every journey file connects to. Starting a browser per
 * file cost seconds each; contexts keep the files' cookies and storage apart.
 */
export default async function setup(project: TestProject) {
  const chromePath = findJourneyChromium();
  let server: BrowserServer | undefined;
  if (!chromePath) {
    const files = journeyFiles();
    const message = `Browser journeys skipped: no Chromium found (${INSTALL_HINT}). Skipped: ${files.join(', ')}`;
    // In CI a missing browser is a broken machine, not a reason to pass with half the tests.
    if (process.env.CI === 'true') throw new Error(`${message}. CI=true requires them to run.`);
    console.warn(`\n⚠ ${message}\n`);
  }
  // Built even without Chromium: the first-load budget check reads the build.
  buildWebIfNeeded();
  // One first start (migrations and the demo seed) for the whole run; each file's store opens a copy.
  const first = await startStore();
  if ((await first.stop()) !== 0) throw new Error(`The store did not stop cleanly:\n${first.output()}`);
  project.provide('storeSnapshot', first.dataDir);
  if (chromePath) server = await chromium.launchServer({ executablePath: chromePath, args: CHROMIUM_ARGS });
  project.provide('chromePath', chromePath);
  project.provide('chromeEndpoint', server?.wsEndpoint() ?? '');
  return async () => {
    await server?.close();
    rmSync(first.dataDir, { recursive: true, force: true });
  };
}
