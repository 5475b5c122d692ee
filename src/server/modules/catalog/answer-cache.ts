import { createHash } from 'node:crypto';
import { ANY_TABLE, type ChangeFeed } from '../../kernel/db';

/** A serialized answer, ready to send as it is, with its strong ETag. */
export interface CachedAnswer {
  body: Buffer;
  /** Quoted, from the body and headers' bytes: every instance gives the same answer the same tag. */
  etag: string;
  /** Headers that belong to the answer (e.g. X-Total-Count). */
  headers: Readonly<Record<string, string>>;
}

export interface AnswerCacheOptions {
  /** Answers kept at most, in bytes of body; the oldest stored go first. */
  maxBytes: number;
  /**
   * A stored answer is rebuilt after this long even if no change was announced: a safety net for
   * a notification lost in a way nobody noticed, not the way answers normally go out of date.
   */
  maxAgeMs: number;
  /** The clock, injectable so tests can move time instead of waiting. */
  now: () => number;
}

export const defaultAnswerCacheOptions: AnswerCacheOptions = {
  maxBytes: 32 * 1024 * 1024,
  maxAgeMs: 30_000,
  now: Date.now,
};

interface Entry extends CachedAnswer {
  generation: number;
  storedAt: number;
}

/** What a builder makes of the database's current state. */
export interface FreshAnswer {
  body: string;
  headers?: Record<string, string>;
}

export interface AnswerCache {
  /**
   * The answer stored under `key` (at once, not a promise: the hot path stays synchronous), or
   * `build`'s, which is stored unless the table changed (or the feed went deaf) while it was being
   * built. Concurrent misses of one key share one build.
   */
  answer(key: string, build: () => Promise<FreshAnswer>): CachedAnswer | Promise<CachedAnswer>;
  /** Whether an answer this cache gave is still the one it would give (stored, and nothing changed since). */
  isCurrent(answer: CachedAnswer): boolean;
  /** Stops following the feed and forgets everything. */
  close(): void;
}

function tagged(fresh: FreshAnswer): CachedAnswer {
  const body = Buffer.from(fresh.body);
  const headers = fresh.headers ?? {};
  const hash = createHash('sha256').update(body);
  for (const [name, value] of Object.entries(headers)) hash.update(`\n${name}:${value}`);
  return { body, headers, etag: `"${hash.digest('base64url').slice(0, 32)}"` };
}

/**
 * Answers built from one table (or several), kept in memory until the change feed announces that
 * one of them changed (docs/decisions/007-catalog-answer-cache.md). Every announcement starts a new generation:
 * whatever was stored or being built before it is not served again.
 */
export function createAnswerCache(
  feed: ChangeFeed,
  table: string | readonly string[],
  options: AnswerCacheOptions = defaultAnswerCacheOptions,
): AnswerCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, { generation: number; promise: Promise<CachedAnswer> }>();
  let generation = 0;
  let bytes = 0;

  const forget = () => {
    generation += 1;
    entries.clear();
    building.clear();
    bytes = 0;
  };
  const tables = new Set<string>(typeof table === 'string' ? [table] : table);
  const unsubscribe = feed.subscribe((changed) => {
    if (tables.has(changed) || changed === ANY_TABLE) forget();
  });

  const store = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) {
      entries.delete(key);
      bytes -= old.body.length;
    }
    if (entry.body.length > options.maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    // A Map iterates in insertion order, so the first keys are the oldest stored.
    for (const [oldest, evicted] of entries) {
      if (bytes <= options.maxBytes) break;
      entries.delete(oldest);
      bytes -= evicted.body.length;
    }
  };

  const current = (entry: Entry) =>
    entry.generation === generation && options.now() - entry.storedAt < options.maxAgeMs;
  const stored = new WeakSet<CachedAnswer>();

  return {
    answer(key, build) {
      const entry = entries.get(key);
      if (entry && current(entry)) return entry;
      const pending = building.get(key);
      if (pending && pending.generation === generation) return pending.promise;

      const started = generation;
      const promise = build().then(
        (fresh) => {
          const answer = tagged(fresh);
          // Built from a state that may already be gone, or unheard of: serve it this once only.
          if (generation === started && feed.isListening()) {
            const entry = { ...answer, generation: started, storedAt: options.now() };
            stored.add(entry);
            store(key, entry);
          }
          if (building.get(key)?.promise === promise) building.delete(key);
          return answer;
        },
        (error: unknown) => {
          if (building.get(key)?.promise === promise) building.delete(key);
          throw error;
        },
      );
      building.set(key, { generation: started, promise });
      return promise;
    },
    isCurrent(answer) {
      return stored.has(answer) && current(answer as Entry);
    },
    close() {
      unsubscribe();
      forget();
    },
  };
}
