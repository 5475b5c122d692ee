import rateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../db';
import { AppError } from '../errors';
import { clientKey } from '../http';
import { databaseLimiter } from './database-limiter';

/** What a route's limit options may add: the name its counters are stored under. */
type NamedLimit = RateLimitOptions & { nameSpace?: string };

/**
 * @fastify/rate-limit's store over the `rate_limits` table (rate-limiter-flexible's Drizzle store):
 * each route's counters under its own name, shared by every instance on the database.
 */
function databaseStore(db: Db) {
  return class DatabaseStore implements FastifyRateLimitStore {
    private readonly limiters = new Map<number, RateLimiterDrizzle>();
    private readonly name: string;

    constructor(options: FastifyRateLimitOptions & { nameSpace?: string; name?: string }) {
      this.name = options.name ?? options.nameSpace ?? 'requests';
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      max: number,
    ) {
      let limiter = this.limiters.get(timeWindow);
      if (!limiter) {
        limiter = databaseLimiter(db, {
          name: this.name,
          points: max,
          windowSeconds: Math.max(1, Math.ceil(timeWindow / 1000)),
        });
        this.limiters.set(timeWindow, limiter);
      }
      // penalty: count the request and report the total, whatever it is (the plugin compares it with max).
      limiter.penalty(key, 1).then(
        (res) => callback(null, { current: res.consumedPoints, ttl: Math.max(0, res.msBeforeNext) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // The plugin passes the route's merged limit options, with the route itself as `routeInfo`.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const named = routeOptions as unknown as NamedLimit & {
        routeInfo?: { method?: string | string[]; url?: string };
      };
      const route = named.routeInfo;
      const name = route?.url
        ? `${[route.method].flat().join(',')} ${route.url}`
        : (named.nameSpace ?? 'requests');
      return new DatabaseStore({ name } as FastifyRateLimitOptions & { name: string });
    }
  };
}

/**
 * Request limits for the calls people can abuse cheaply (ASVS 2.2): nothing is limited unless a
 * route asks. The counters live in the database, so several instances enforce one limit and a
 * restart resets nothing. Answers over the limit are the 429 error envelope.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: databaseStore(app.db),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`),
  });
  // Old counters are swept by a recurring job of the job runner (app.ts), once for all instances.
}

/**
 * Who is asking: the signed-in user once the access guard resolved them, else the client's
 * address (honouring TRUST_PROXY; IPv6 by its /64). Never the raw Cookie or Authorization bytes, which a client can
 * vary at will (`bearer` in lower case, extra spaces, a junk cookie beside the real one).
 */
function userOrAddress(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `address:${clientKey(request)}`;
}

/**
 * A per-user limit for a signed-in route. It runs after the access guard loaded the user,
 * so it counts the resolved user, however their credential is spelled.
 */
export const perSession = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  hook: 'preHandler',
  keyGenerator: userOrAddress,
});

/** A per-address limit for anonymous calls. */
export const perAddress = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  keyGenerator: (request) => `address:${clientKey(request)}`,
});

/**
 * The catalog list's limit per address. A search, or a page past the first, is what one client can
 * vary endlessly to miss the answer cache and keep the database busy for everyone; the plain first
 * page (home, /tools) is answered from memory and not counted, so browsing costs no write.
 */
export const catalogSearchLimit = (max: number): RateLimitOptions => ({
  ...perAddress(max),
  // After validation, so the query is the parsed one (an invalid one is refused without a count).
  hook: 'preHandler',
  allowList: (request) => uncountedListQuery(request.query as { search?: string; page?: number } | undefined),
});

/** A plain first page of the catalog list: what the search limit does not count. */
export const uncountedListQuery = (
  query: { search?: string | undefined; page?: number | undefined } | undefined,
) => !query?.search?.trim() && (query?.page ?? 1) <= 1;

/** A per-address limit not tied to one route (app.rateLimit), stored under `name`. */
export const namedPerAddress = (name: string, max: number): RateLimitOptions => {
  const options: NamedLimit = { ...perAddress(max), nameSpace: name };
  return options;
};
