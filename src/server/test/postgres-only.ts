import { describe } from 'vitest';

/**
 * A block of tests that needs a real PostgreSQL server (a second connection pool, an outage, two
 * instances' notifications): run when TEST_DATABASE_URL names one, as CI's second pass does,
 * skipped otherwise. The server project's global setup names every such block it skips, so a
 * skip is never silent.
 */
export const postgresOnly = describe.skipIf(!process.env.TEST_DATABASE_URL);
