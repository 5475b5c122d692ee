import type { StoreSettings } from '../../../contract/settings';
import type { Db } from '../db';
import { ANY_TABLE, type ChangeFeed } from '../db';
import { loadSettings, type SettingsSnapshot } from './settings-read';

/** The table whose committed changes the database announces (drizzle/0025). */
export const SETTINGS_TABLE = 'settings_sections';

/** A safety net for a notification lost without its connection closing, as the catalog cache has. */
const RELOAD_AFTER_MS = 30_000;

/**
 * The settings in force on this instance, read synchronously by every price, hold and limit.
 * Each committed change of `settings_sections`, from any instance, is announced by PostgreSQL
 * (PGlite: in-process, before the commit returns) and reloads them. Loads are numbered by the
 * announcement they follow, so a slow load never replaces a newer one; while the feed cannot hear
 * (no listening connection), every read starts a reload.
 */
export interface SettingsStore {
  current(): StoreSettings;
  snapshot(): SettingsSnapshot;
  /** Reads the database now (after this instance saved, so its next request sees the change). */
  refresh(): Promise<SettingsSnapshot>;
  /** Calls `listener` each time newer settings come into force here; returns an unsubscribe. */
  subscribe(listener: (snapshot: SettingsSnapshot) => void): () => void;
  /** Stops listening (the app closes). */
  close(): void;
}

export async function createSettingsStore(
  db: Db,
  changes: ChangeFeed,
  defaults: StoreSettings,
  onError: (error: unknown) => void = () => {},
): Promise<SettingsStore> {
  let held = await loadSettings(db, defaults);
  let heldGeneration = 0;
  let loadedAt = Date.now();
  let generation = 0;
  let inFlight: Promise<SettingsSnapshot> | undefined;
  let inFlightGeneration = -1;
  const listeners = new Set<(snapshot: SettingsSnapshot) => void>();

  const reload = (): Promise<SettingsSnapshot> => {
    // Loads asked for by the same announcement share one read.
    if (inFlight && inFlightGeneration === generation) return inFlight;
    const asOf = generation;
    const load = loadSettings(db, defaults)
      .then((loaded) => {
        if (asOf >= heldGeneration) {
          held = loaded;
          heldGeneration = asOf;
          loadedAt = Date.now();
          for (const listener of listeners) listener(loaded);
        }
        return held;
      })
      .finally(() => {
        if (inFlight === load) inFlight = undefined;
      });
    inFlight = load;
    inFlightGeneration = asOf;
    return load;
  };
  const reloadQuietly = () => {
    reload().catch(onError);
  };

  const unsubscribe = changes.subscribe((table) => {
    if (table !== SETTINGS_TABLE && table !== ANY_TABLE) return;
    generation += 1;
    reloadQuietly();
  });

  const freshen = () => {
    if (!changes.isListening() || Date.now() - loadedAt > RELOAD_AFTER_MS) reloadQuietly();
  };
  return {
    current() {
      freshen();
      return held.settings;
    },
    snapshot() {
      freshen();
      return held;
    },
    refresh: () => {
      generation += 1;
      return reload();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close: unsubscribe,
  };
}
