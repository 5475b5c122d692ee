// Compiles the server (src/server/main.ts and what it imports from src) into one file,
// dist/server/main.mjs, that plain node runs. Packages stay imports of node_modules. Running the
// TypeScript through tsx instead kept its transformer and every transformed module's source in
// memory, and needs tsx and esbuild installed where the store runs (docs/decisions/069).
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist', 'server');
/** What `npm start` runs, and the operator's command (`npm run admin`). */
export const serverEntry = path.join(outDir, 'main.mjs');
export const adminEntry = path.join(outDir, 'admin.mjs');
const entryPoints = { main: 'src/server/main.ts', admin: 'src/server/cli/admin.ts' };
const inputs = ['src/server', 'src/contract', 'package-lock.json'];

/**
 * True where the build tools are installed (a development install). A production install built
 * and then pruned (`npm run build && npm prune --omit=dev`) has none: it runs what was built.
 */
export function canBuild() {
  return ['vite', 'esbuild'].every((name) =>
    existsSync(path.join(root, 'node_modules', name, 'package.json')),
  );
}

/** True when a file of dist/server is missing or older than the server's sources. */
export function serverBuildStale() {
  const built = Math.min(
    ...[serverEntry, adminEntry].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  return built < Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
}

export async function buildServer() {
  const { build } = await import('esbuild');
  // Built aside and renamed into place: test files starting the store at once may build together,
  // and none may run a half-written file.
  const aside = path.join(outDir, `.build-${process.pid}`);
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)]),
    ),
    outdir: aside,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
  });
  for (const name of Object.keys(entryPoints))
    renameSync(path.join(aside, `${name}.mjs`), path.join(outDir, `${name}.mjs`));
  rmSync(aside, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
