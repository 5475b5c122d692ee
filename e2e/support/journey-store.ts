import { inject } from 'vitest';
import { type StoreProcess, startStore } from './store-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Data directory of a store started once and stopped: every journey's store starts from a copy. */
    storeSnapshot: string;
  }
}

/**
 * A journey file's own store: the real `npm start` on a copy of the run's seeded snapshot, so a
 * file's data (its users, orders, deleted products) never meets another file's.
 */
export function startJourneyStore(env: Record<string, string> = {}): Promise<StoreProcess> {
  return startStore(env, { snapshot: inject('storeSnapshot') });
}

export type { StoreProcess };
