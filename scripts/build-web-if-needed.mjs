// Builds the web app when dist/web is missing or older than its sources, so `npm start` on a
// fresh clone serves the store without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', 'web', 'index.html');
const inputs = ['src/web', 'src/contract', 'vite.config.ts', 'package-lock.json'];

/** True when dist/web is missing or older than the web app's sources. */
export function webBuildStale() {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  return built < Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
}

export function buildWebIfNeeded() {
  if (!webBuildStale()) return;
  const built = existsSync(stamp);
  console.log(built ? 'Web app sources changed: rebuilding…' : 'Building the web app (first start)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    // A production build whoever asks: under the test runner NODE_ENV is 'test', which would give
    // React's development build (larger, slower) to the journeys and the budget check.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildWebIfNeeded();
