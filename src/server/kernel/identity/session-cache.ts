import { ANY_TABLE, type ChangeFeed } from '../db';

/** The most sessions remembered; past it the cache starts again empty (a burst of new sign-ins). */
const MAX_ENTRIES = 10_000;

/**
 * The signed-in person behind a request's credentials, remembered between requests so a purchase's
 * four calls do not each ask the database who is calling (docs/decisions/011).
 *
 * Correct across instances: every committed update or delete of a session or a user (sign-out,
 * expiry refresh, a new role, a changed name) is announced by PostgreSQL to every instance
 * (drizzle/0009), and the cache forgets everything it knew. While announcements cannot be heard
 * (no listening connection), nothing is remembered. An entry also ends with its session.
 */
export function createSessionCache<T>(feed: ChangeFeed) {
  const entries = new Map<string, { value: T; expiresAt: number; generation: number }>();
  let generation = 0;
  const forget = () => {
    generation += 1;
    entries.clear();
  };
  const unsubscribe = feed.subscribe((table) => {
    if (table === 'session' || table === 'user' || table === ANY_TABLE) forget();
  });

  return {
    get(key: string, now = Date.now()): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    /**
     * Looks the credential up with `load` and remembers the answer, unless a change was announced
     * while it loaded (the answer may predate it) or changes cannot be heard.
     */
    async load(key: string, load: () => Promise<{ value: T; expiresAt: number } | null>): Promise<T | null> {
      const before = generation;
      const found = await load();
      if (!found) return null;
      if (generation === before && feed.isListening()) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(key, { ...found, generation });
      }
      return found.value;
    },
    close: unsubscribe,
  };
}
