// `npm start`: build the web app and the server if needed, then run the server in this same
// process (so SIGTERM from a process manager reaches it directly and it can stop cleanly).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { buildServer, canBuild, serverBuildStale, serverEntry } from './build-server.mjs';
import { buildWebIfNeeded } from './build-web-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

// A production install built and then pruned (`npm run build && npm prune --omit=dev`) has no
// build tools: it runs what was built and never tries to build again.
if (canBuild()) {
  buildWebIfNeeded();
  if (serverBuildStale()) await buildServer();
} else if (!existsSync(serverEntry) || !existsSync(path.join(root, 'dist', 'web', 'index.html'))) {
  console.error(
    'The store is not built, and the build tools are not installed: run `npm ci && npm run build`.',
  );
  process.exit(1);
}
// PGlite is PostgreSQL compiled to WebAssembly. V8 recompiles a WebAssembly function with its
// optimizing compiler once it has run a while; at the default threshold the start-up's queries
// alone had about 40 MB of PostgreSQL recompiled and kept, resident for good. A hundred times the
// threshold leaves that start-up code at the baseline compiler and still optimizes what runs hot
// under load (docs/decisions/069). Set before the server loads PGlite, which reads it when it
// compiles the module.
v8.setFlagsFromString('--wasm-tiering-budget=180000000');
await import(pathToFileURL(serverEntry).href);
