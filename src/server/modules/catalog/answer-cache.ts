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

/** An object of an answer that shows a product's availability (the wire's Tool). */
interface Shown {
  _id: string;
  available_quantity: number;
}

interface Entry extends CachedAnswer {
  generation: number;
  storedAt: number;
  /** The answer as values, kept only where it shows availability: what an update rewrites. */
  value?: unknown;
  /** The products it shows, each with the objects that carry its figure. */
  shows?: Map<string, Shown[]>;
  /**
   * Updates pending for products it shows (their availability changed and is being read again):
   * not served until none is left.
   */
  stale?: number;
}

/**
 * How the availability figures in the answers are kept current without rebuilding them (decision
 * 094): an announcement of one of `tables` changes availability only, so the cache reads the
 * figures of the products its answers show and rewrites those answers' bodies.
 */
export interface AvailabilityUpdates {
  /** Tables whose changes alter products' availability and nothing else an answer shows. */
  tables: readonly string[];
  /** The current availability of these products (a product absent: gone, its answers dropped). */
  read(ids: readonly string[]): Promise<Map<string, number>>;
  /**
   * Whether the answer under `key` depends on availability beyond the figures it shows: which
   * products a stock filter lets through, a count of products in stock. Such answers are dropped
   * on every availability change.
   */
  dependsOnAvailability(key: string): boolean;
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
  availability?: AvailabilityUpdates,
): AnswerCache {
  const entries = new Map<string, Entry>();
  const building = new Map<string, { generation: number; stock: number; promise: Promise<CachedAnswer> }>();
  let generation = 0;
  /** Counts availability changes: a build that started before one is served once, not stored. */
  let stock = 0;
  let bytes = 0;
  /** The availability updates in progress, one after another: a later read never lands first. */
  let updating: Promise<void> = Promise.resolve();

  const forget = () => {
    generation += 1;
    entries.clear();
    building.clear();
    bytes = 0;
  };
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const tables = new Set<string>(typeof table === 'string' ? [table] : table);
  const stockTables = new Set<string>(availability?.tables ?? []);

  /**
   * The answers showing these products (any product: undefined) are held back, and their figures
   * read again and written into them; answers that depend on availability otherwise are dropped.
   */
  function availabilityChanged(ids: readonly string[] | undefined, updates: AvailabilityUpdates) {
    stock += 1;
    building.clear();
    const changed = ids ? new Set(ids) : undefined;
    const affected: string[] = [];
    for (const [key, entry] of entries) {
      if (updates.dependsOnAvailability(key)) drop(key);
      else if (entry.shows && (!changed || [...entry.shows.keys()].some((id) => changed.has(id)))) {
        entry.stale = (entry.stale ?? 0) + 1;
        affected.push(key);
      }
    }
    if (affected.length === 0) return;
    const started = generation;
    updating = updating.then(async () => {
      const wanted = new Set<string>();
      for (const key of affected)
        for (const id of entries.get(key)?.shows?.keys() ?? [])
          if (!changed || changed.has(id)) wanted.add(id);
      try {
        const figures = wanted.size > 0 ? await updates.read([...wanted]) : new Map<string, number>();
        if (generation !== started) return;
        for (const key of affected) rewrite(key, figures, wanted);
      } catch {
        // Figures that could not be read are not guessed: everything is built again.
        if (generation === started) forget();
      }
    });
  }

  /** Writes the figures read into one held-back answer, or drops it where a product is gone. */
  function rewrite(key: string, figures: Map<string, number>, wanted: Set<string>) {
    const entry = entries.get(key);
    if (!entry?.stale || !entry.shows) return;
    // Whatever happens below, the entry object read here is never served again.
    for (const [id, objects] of entry.shows) {
      if (!wanted.has(id)) continue;
      const figure = figures.get(id);
      if (figure === undefined) return drop(key);
      for (const object of objects) object.available_quantity = figure;
    }
    const answer = tagged({ body: JSON.stringify(entry.value), headers: { ...entry.headers } });
    const updated: Entry = { ...entry, ...answer, stale: entry.stale - 1 };
    stored.add(updated);
    store(key, updated);
  }

  const unsubscribe = feed.subscribe((changed, ids) => {
    if (changed === ANY_TABLE || tables.has(changed)) forget();
    else if (availability && stockTables.has(changed)) availabilityChanged(ids, availability);
  });

  /** The products an answer shows with their availability, found by the wire's shape. */
  const productsIn = (value: unknown): Map<string, Shown[]> => {
    const shows = new Map<string, Shown[]>();
    const walk = (node: unknown) => {
      if (Array.isArray(node)) for (const item of node) walk(item);
      else if (node !== null && typeof node === 'object') {
        const object = node as Record<string, unknown>;
        if (typeof object._id === 'string' && typeof object.available_quantity === 'number') {
          const list = shows.get(object._id) ?? [];
          list.push(object as unknown as Shown);
          shows.set(object._id, list);
        }
        for (const child of Object.values(object)) walk(child);
      }
    };
    walk(value);
    return shows;
  };

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
    entry.generation === generation && !entry.stale && options.now() - entry.storedAt < options.maxAgeMs;
  const stored = new WeakSet<CachedAnswer>();

  const cache: AnswerCache = {
    answer(key, build) {
      const entry = entries.get(key);
      if (entry && current(entry)) return entry;
      // Its figures are being read again: it is served once they are in (or built, if it was dropped).
      if (entry?.stale && entry.generation === generation)
        return updating.then(() => cache.answer(key, build));
      const pending = building.get(key);
      if (pending && pending.generation === generation && pending.stock === stock) return pending.promise;

      const started = generation;
      const startedStock = stock;
      const promise = build().then(
        (fresh) => {
          const answer = tagged(fresh);
          // Built from a state that may already be gone, or unheard of: serve it this once only.
          if (generation === started && stock === startedStock && feed.isListening()) {
            const entry: Entry = { ...answer, generation: started, storedAt: options.now() };
            if (availability) {
              const value: unknown = JSON.parse(fresh.body);
              const shows = productsIn(value);
              if (shows.size > 0) Object.assign(entry, { value, shows });
            }
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
      building.set(key, { generation: started, stock: startedStock, promise });
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
  return cache;
}
