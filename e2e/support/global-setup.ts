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

/** Journeys run against the built app, so build it once (only if sources changed) before they start. */
export default function setup(project: TestProject) {
  const chromePath = findChromium();
  if (!chromePath) {
    console.warn(`\n⚠ Browser journeys are skipped: no Chromium found (${INSTALL_HINT}).\n`);
  } else {
    buildWebIfNeeded();
  }
  project.provide('chromePath', chromePath);
}
