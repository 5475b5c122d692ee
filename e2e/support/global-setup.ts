import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script shared with `npm start`
import { buildWebIfNeeded } from '../../scripts/build-web-if-needed.mjs';
import { findChromium, INSTALL_HINT } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the Chromium to drive, or '' when none is installed. */
    chromePath: string;
  }
}

/** Journeys and the budget check run against the built app: build it once (only if sources changed). */
export default function setup(project: TestProject) {
  const chromePath = findChromium();
  if (!chromePath) {
    console.warn(`\n⚠ Browser journeys are skipped: no Chromium found (${INSTALL_HINT}).\n`);
  }
  // Built even without Chromium: the first-load budget check reads the build.
  buildWebIfNeeded();
  project.provide('chromePath', chromePath);
}
