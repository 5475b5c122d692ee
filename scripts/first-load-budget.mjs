// The home page's first-load JavaScript, gzip-compressed, against its budget (docs/performance.md).
// `npm run size` prints the breakdown and fails past the budget; the e2e suite runs the same check
// and a browser measurement of what the home page really fetches.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

/** 120 KB of gzip-compressed JavaScript; React and React DOM alone are about 70 KB of it. */
export const FIRST_LOAD_BUDGET_BYTES = 120 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const webDist = path.join(root, 'dist', 'web');

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The scripts index.html makes the browser fetch before the page runs: the entry and its preloads. */
export function firstLoadScripts(html = readFileSync(path.join(webDist, 'index.html'), 'utf8')) {
  const entry = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...entry, ...preloads])];
}

/** Each first-load script with its gzip size, largest first, and the total. */
export function measureFirstLoad() {
  const files = firstLoadScripts().map((url) => ({
    url,
    gzipBytes: gzipSize(readFileSync(path.join(webDist, url.replace(/^\//, '')))),
  }));
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, totalBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildWebIfNeeded();
  const { files, totalBytes } = measureFirstLoad();
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const file of files) console.log(`${kb(file.gzipBytes).padStart(10)}  ${file.url}`);
  const verdict = totalBytes <= FIRST_LOAD_BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `${kb(totalBytes).padStart(10)}  home page first-load JavaScript (gzip), ${verdict} the ${kb(FIRST_LOAD_BUDGET_BYTES)} budget`,
  );
  if (totalBytes > FIRST_LOAD_BUDGET_BYTES) process.exit(1);
}
