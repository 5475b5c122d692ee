/**
 * The long API fuzz run: `npm run fuzz`. The same generators and checks as
 * src/server/security/fuzz.test.ts, with many more requests per operation (10,000+ in all).
 * Prints requests sent, the status histogram and every failure; exits 1 if any property failed.
 *
 *   FUZZ_SEED=<n>   another seed (default below; the output names it)
 *   FUZZ_RUNS=<n>   requests per operation and role (default 100)
 *   TEST_DATABASE_URL=postgres://...   run on a fresh database of that PostgreSQL server, else PGlite
 */
import { buildApp } from '../src/server/app';
import { type Database, openPglite } from '../src/server/kernel/db/database';
import { FUZZ_ROLES } from '../src/server/test/fuzz-hints';
import { formatFailures, formatStatuses, runFuzz } from '../src/server/test/fuzz-run';
import { createFuzzWorld, fuzzAdminEmail, fuzzConfig } from '../src/server/test/fuzz-world';
import { createTestDatabase } from '../src/server/test/harness';

const seed = Number(process.env.FUZZ_SEED ?? 20_260_611);
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 100);

async function openDatabase(): Promise<Database> {
  // createTestDatabase makes (and later drops) a database of its own on the PostgreSQL server.
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  const database = await openPglite();
  await database.migrate();
  return database;
}

// Anything the store logs as an error during the run is a finding too (tests fail on it the same way).
const consoleErrors: string[] = [];
const consoleError = console.error;
console.error = (...args: unknown[]) => {
  const line = args.map(String).join(' ');
  // better-auth reports each cross-site request it refuses; refusing them is the point.
  if (/Invalid origin: https:\/\/evil\.example/.test(line)) return;
  consoleErrors.push(line.slice(0, 500));
};
// better-auth warns of every failed sign-in ("User not found", "Invalid password"): the fuzzer makes
// hundreds on purpose, so they are counted rather than printed.
let authWarnings = 0;
const consoleWarn = console.warn;
console.warn = (...args: unknown[]) => {
  if (args.map(String).join(' ').includes('[Better Auth]')) authWarnings += 1;
  else consoleWarn(...args);
};

const database = await openDatabase();
const adminEmail = fuzzAdminEmail();
const app = await buildApp(fuzzConfig(adminEmail), database);
await app.ready();
let exitCode = 1;
try {
  const world = await createFuzzWorld(app, database.db, adminEmail);
  console.log(
    `Fuzzing the API on ${database.kind}: seed ${seed}, ${runsPerOperation} requests per operation and role`,
  );
  const report = await runFuzz(world, {
    seed,
    runsPerOperation,
    roles: FUZZ_ROLES,
    onOperation: (role, operation, sent) => process.stdout.write(`  ${sent}\t${role}\t${operation}\n`),
  });
  console.log('');
  console.log(
    `requests sent:    ${report.sent} (${report.operations} operations x ${FUZZ_ROLES.length} roles)`,
  );
  console.log(`seed:             ${report.seed}`);
  console.log(`duration:         ${(report.durationMs / 1000).toFixed(1)} s`);
  console.log(`statuses:         ${formatStatuses(report.statuses)}`);
  console.log(`failures:         ${report.failures.length}`);
  if (report.failures.length) console.log(formatFailures(report.failures));
  console.log(`console errors:   ${consoleErrors.length}`);
  console.log(`auth warnings:    ${authWarnings} (failed sign-ins, expected)`);
  for (const line of consoleErrors.slice(0, 20)) console.log(`  ${line}`);
  exitCode = report.failures.length || consoleErrors.length ? 1 : 0;
} finally {
  console.error = consoleError;
  console.warn = consoleWarn;
  await app.close();
  await database.close();
}
process.exit(exitCode);
