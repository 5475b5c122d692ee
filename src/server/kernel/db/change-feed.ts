/**
 * The PostgreSQL notification channel on which the `announce_table_change` trigger (drizzle/0004)
 * names each table a committed transaction changed.
 */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

/** Announced instead of a table name when changes may have gone unheard (a lost connection). */
export const ANY_TABLE = '*';

/**
 * An announcement is the table's name, or the name, a colon and the changed rows' keys separated by
 * commas (`stock_levels:id1,id2`), so a cache can update only what those rows show (decision 094).
 * A trigger that would exceed the notification's 8000 bytes sends the bare name: everything.
 */
export function parseAnnouncement(payload: string): { table: string; ids?: readonly string[] } {
  const colon = payload.indexOf(':');
  if (colon < 0) return { table: payload };
  const ids = payload
    .slice(colon + 1)
    .split(',')
    .filter((id) => id.length > 0);
  return ids.length > 0 ? { table: payload.slice(0, colon), ids } : { table: payload.slice(0, colon) };
}

/**
 * Committed changes of the tables that announce them, as this process hears of them. A cache of
 * what such a table holds forgets it on each announcement of that table or of ANY_TABLE (or, told
 * which rows changed, only what shows them).
 */
export interface ChangeFeed {
  /**
   * Calls `listener` with the table's name after each commit that changed it, and the changed rows'
   * keys when the announcement names them (undefined: any row); returns an unsubscribe.
   */
  subscribe(listener: (table: string, ids?: readonly string[]) => void): () => void;
  /**
   * Whether a change committed now would be heard. A cache stores nothing while it is false: it
   * could not learn that the stored answer went out of date.
   */
  isListening(): boolean;
}

/** The feed a database connection feeds: `announce` is called by whoever receives the notifications. */
export function changeFeed() {
  const listeners = new Set<(table: string, ids?: readonly string[]) => void>();
  let listening = () => true;
  return {
    subscribe(listener: (table: string, ids?: readonly string[]) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isListening: () => listening(),
    setListening(check: () => boolean) {
      listening = check;
    },
    /** `payload` as the notification carries it: a table's name, with its rows' keys or not. */
    announce(payload: string) {
      const { table, ids } = parseAnnouncement(payload);
      for (const listener of listeners) listener(table, ids);
    },
  };
}
