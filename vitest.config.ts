import { defineConfig } from 'vitest/config';
import { webAliases } from './scripts/web-aliases.mjs';

export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker, which runs every file in turn. Browser
    // journeys mostly wait on their server and Chromium processes, so a second worker overlaps that
    // waiting with the server suite. Timeouts are generous: a loaded CI machine is slow, not wrong.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          include: ['src/**/*.test.ts'],
          // The web app's own tests belong to the web project, even those without a component.
          exclude: ['src/web/**'],
          environment: 'node',
          // Importing the app (Fastify, better-auth, Drizzle, zod schemas) cost each file seconds of
          // its own. Files of a worker share those modules instead: every file still builds its own
          // app on its own database (harness.ts), and no server module keeps state two apps could
          // disagree on (what stays module-level is memos of shipped data and the process guard). The
          // one shared thing is the test harness's idle PGlite, reset to the migrated state before
          // each file gets it (src/server/test/pglite-pool.ts).
          isolate: false,
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/server/test/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Components rendered by React into happy-dom's document: quick checks of UI behaviour
        // that needs no server (docs/decisions/020-accessibility-checks.md).
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          testTimeout: 30_000,
        },
      },
      {
        // Journeys read a few of the web app's helpers (its number format), which import by alias.
        resolve: { alias: webAliases },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/support/global-setup.ts'],
          testTimeout: 150_000,
          hookTimeout: 150_000,
        },
      },
    ],
  },
});
