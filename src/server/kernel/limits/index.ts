import type { Db } from '../db';
import type { ModuleDescriptor } from '../jobs';
import { sweepExpiredLimits } from './database-limiter';

/** Old rate-limit counters are swept this often; only expired rows go. */
const RATE_LIMIT_SWEEP_EVERY_MS = 5 * 60_000;

/** The counters of every rate limit, shared by all instances (decision 013). */
export const limitsModule: ModuleDescriptor<{ db: Db }> = {
  name: 'kernel/limits',
  tables: ['rate_limits'],
  jobs: ({ db }) => [
    // Counters whose window ended long ago; any instance may do it, one does each time.
    { name: 'rate-limit-sweep', everyMs: RATE_LIMIT_SWEEP_EVERY_MS, run: () => sweepExpiredLimits(db) },
  ],
};

export { accountKey, databaseLimiter, takeTurn } from './database-limiter';
export {
  catalogSearchLimit,
  namedPerAddress,
  perAddress,
  perSession,
  registerRateLimits,
  uncountedListQuery,
} from './rate-limits';
