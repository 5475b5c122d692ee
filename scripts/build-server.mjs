// Compiles the server (src/server/main.ts and what it imports from src) into one file,
// dist/server/main.mjs, that plain node runs. Packages stay imports of node_modules. Running the
// TypeScript through tsx instead kept its transformer and every transformed module's source in
// memory, and needs tsx and esbuild installed where the store runs (docs/decisions/069).
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'dist', 'server', 'main.mjs');
const inputs = ['src/server', 'src/contract', 'package-lock.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when dist/server/main.mjs is missing or older than the server's sources. */
export function serverBuildStale() {
  const built = existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0;
  return built < Math.max(...inputs.map((p) => newestMtime(path.join(root, p))));
}

export async function buildServer() {
  const { build } = await import('esbuild');
  mkdirSync(path.dirname(serverEntry), { recursive: true });
  // Written beside and renamed into place: test files starting the store at once may build
  // together, and none may run a half-written file.
  const temporary = `${serverEntry}.${process.pid}.tmp`;
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: temporary,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
  });
  renameSync(temporary, serverEntry);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
