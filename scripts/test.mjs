// `npm test`: the typecheck, the lint and every test project, in that order, stopping at the
// first that fails, and the whole command's time at the end (vitest's own Duration counts only
// its part).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const steps = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  ['lint', bin('biome'), ['check', '.']],
  ['tests', bin('vitest'), ['run', ...process.argv.slice(2)]],
];

const started = Date.now();
const times = [];
for (const [name, command, args] of steps) {
  const stepStarted = Date.now();
  const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  times.push(`${name} ${((Date.now() - stepStarted) / 1000).toFixed(1)} s`);
  if (error || status !== 0) {
    console.error(
      `\nnpm test: ${name} failed (${times.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    process.exit(status ?? 1);
  }
}
console.log(`\nnpm test passed: ${times.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
