import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FuzzRole } from '../test/fuzz-hints';
import { formatFailures, formatStatuses, runFuzz } from '../test/fuzz-run';
import { createFuzzWorld, type FuzzWorld, fuzzAdminEmail, fuzzConfig } from '../test/fuzz-world';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The fast, fixed-seed subset of the API fuzzer (`npm run fuzz` runs the long one): requests built
 * from the OpenAPI document, valid and malformed, as each role. See src/server/test/fuzz-run.ts.
 */
const SEED = 20_260_611;
const RUNS_PER_OPERATION = 4;

let t: TestApp;
let world: FuzzWorld;

beforeAll(async () => {
  const adminEmail = fuzzAdminEmail();
  t = await createTestApp({ auth: fuzzConfig(adminEmail).auth });
  world = await createFuzzWorld(t.app, t.database.db, adminEmail);
});
afterAll(() => t?.close());

describe('the API under fuzzed requests', () => {
  it.each<FuzzRole>(['anonymous', 'customer', 'admin'])(
    'as %s: no 5xx, the error envelope, no internals, 413 over the limit, still healthy, data intact',
    async (role) => {
      const report = await runFuzz(world, {
        seed: SEED,
        runsPerOperation: RUNS_PER_OPERATION,
        roles: [role],
      });
      expect(formatFailures(report.failures)).toBe('');
      // The requests reached past validation and the session checks, not only into refusals.
      const statuses = formatStatuses(report.statuses);
      expect(
        [...report.statuses.keys()].some((s) => s >= 200 && s < 300),
        statuses,
      ).toBe(true);
      expect(report.statuses.get(400), statuses).toBeGreaterThan(0);
      expect(report.statuses.get(413), statuses).toBeGreaterThan(0);
      expect(report.sent).toBeGreaterThanOrEqual(report.operations * RUNS_PER_OPERATION);
    },
  );
});
