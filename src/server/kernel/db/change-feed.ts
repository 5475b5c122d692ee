/**
 * The PostgreSQL notification channel on which the `announce_table_change` trigger (drizzle/0004)
 * names each table a committed transaction changed.
 */
export const TABLE_CHANGES_CHANNEL = 'table_changes';

/** Announced instead of a table name when changes may have gone unheard (a lost connection). */
export const ANY_TABLE = '*';

/**
 * Committed changes of the tables that announce them, as this process hears of them. A cache of
 * what such a table holds forgets it on each announcement of that table or of ANY_TABLE.
 */
export interface ChangeFeed {
  /** Calls `listener` with the table's name after each commit that changed it; returns an unsubscribe. */
  subscribe(listener: (table: string) => void): () => void;
  /**
   * Whether a change committed now would be heard. A cache stores nothing while it is false: it
   * could not learn that the stored answer went out of date.
   */
  isListening(): boolean;
}

/** The feed a database connection feeds: `announce` is called by whoever receives the notifications. */
export function changeFeed() {
  const listeners = new Set<(table: string) => void>();
  let listening = () => true;
  return {
    subscribe(listener: (table: string) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isListening: () => listening(),
    setListening(check: () => boolean) {
      listening = check;
    },
    announce(table: string) {
      for (const listener of listeners) listener(table);
    },
  };
}
