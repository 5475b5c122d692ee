// Runs the test suite N times, on a quiet machine or with both cores kept busy, and lists every
// test that failed at least once, how often, and its first error. A suite that never lies passes
// every run either way.
//
//   node scripts/flaky-tests.mjs [--runs N] [--busy] [vitest arguments...]
//   e.g. node scripts/flaky-tests.mjs --runs 3 --busy --project e2e
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = 5;
let busy = false;
const vitestArgs = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--runs') runs = Number(args[++i]);
  else if (args[i] === '--busy') busy = true;
  else vitestArgs.push(args[i]);
}
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');

/** Two endless loops (one per core of a 2-core machine), each ended by `timeout` at the latest. */
function keepCoresBusy(seconds) {
  const hogs = [];
  for (let i = 0; i < Math.min(2, cpus().length); i += 1) {
    hogs.push(spawn('timeout', [String(seconds), process.execPath, '-e', 'for(;;){}'], { stdio: 'ignore' }));
  }
  return () => {
    for (const hog of hogs) hog.kill('SIGTERM');
  };
}

function runOnce(outputFile) {
  return new Promise((resolve) => {
    const started = Date.now();
    const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const child = spawn(
      process.execPath,
      [vitest, 'run', '--reporter=dot', '--reporter=json', `--outputFile.json=${outputFile}`, ...vitestArgs],
      { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('exit', (code) => resolve({ code, seconds: (Date.now() - started) / 1000 }));
  });
}

const dir = mkdtempSync(path.join(tmpdir(), 'flaky-tests-'));
/** test name → { failures, errors } */
const failed = new Map();
const summary = [];
for (let run = 1; run <= runs; run += 1) {
  const stopBusy = busy ? keepCoresBusy(3600) : () => {};
  const outputFile = path.join(dir, `run-${run}.json`);
  const { code, seconds } = await runOnce(outputFile).finally(stopBusy);
  let report;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    report = { testResults: [] };
    const key = '(the run itself)';
    const entry = failed.get(key) ?? { failures: 0, errors: [] };
    entry.failures += 1;
    entry.errors.push(`vitest exited with ${code} and wrote no report`);
    failed.set(key, entry);
  }
  let failures = 0;
  for (const file of report.testResults) {
    const relative = path.relative(root, file.name);
    // A file that failed outside any test (a hook, an import) has no failed assertion to show.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      const key = `${relative} (the file: ${file.message?.split('\n')[0] ?? 'failed'})`;
      const entry = failed.get(key) ?? { failures: 0, errors: [] };
      entry.failures += 1;
      entry.errors.push(file.message ?? '');
      failed.set(key, entry);
      failures += 1;
    }
    for (const test of file.assertionResults) {
      if (test.status !== 'failed') continue;
      failures += 1;
      const key = `${relative} > ${test.fullName}`;
      const entry = failed.get(key) ?? { failures: 0, errors: [] };
      entry.failures += 1;
      entry.errors.push(test.failureMessages?.[0] ?? '');
      failed.set(key, entry);
    }
  }
  summary.push({ run, code, seconds, failures });
  console.log(
    `\nrun ${run}/${runs}${busy ? ' (both cores busy)' : ''}: exit ${code}, ${failures} failed, ${seconds.toFixed(0)} s\n`,
  );
}
rmSync(dir, { recursive: true, force: true });

console.log(
  `\n${runs} runs${busy ? ' with both cores busy' : ''}: ${summary.map((s) => `${s.seconds.toFixed(0)} s`).join(', ')}`,
);
if (failed.size === 0) {
  console.log('No test failed in any run.');
} else {
  console.log(`${failed.size} test(s) failed at least once:`);
  for (const [name, { failures, errors }] of [...failed].sort((a, b) => b[1].failures - a[1].failures)) {
    console.log(`\n✗ ${name}: failed ${failures} of ${runs} runs`);
    console.log(`  ${(errors[0] ?? '').split('\n').slice(0, 4).join('\n  ')}`);
  }
}
process.exitCode = failed.size === 0 ? 0 : 1;
