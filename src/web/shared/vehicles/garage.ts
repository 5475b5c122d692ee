import type { GarageVehicle, Vehicle } from '@contract/catalog';
import { GARAGE_MAX_VEHICLES } from '@contract/catalog.constants';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { vehicleKeys } from './keys';
import {
  activateGarageVehicle,
  addGarageVehicle,
  deactivateGarage,
  fetchGarage,
  removeGarageVehicle,
} from './vehicle-calls';

/**
 * My Garage: a visitor's vehicles live in this browser (localStorage), a customer's in their
 * account; a visitor's garage moves into the account when they sign in. One vehicle at most is
 * active: the one the catalog shops for.
 */

const STORAGE_KEY = 'torque-works.garage';
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedList: GarageVehicle[] = [];

function readLocal(): GarageVehicle[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage may be off (private modes); the garage is then empty, never an error.
  }
  if (raw === cachedRaw) return cachedList;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as GarageVehicle[]) : [];
    cachedList = Array.isArray(parsed)
      ? parsed.filter((v) => v && typeof v.year === 'number' && v.make && v.model)
      : [];
  } catch {
    cachedList = [];
  }
  return cachedList;
}

function writeLocal(list: GarageVehicle[]) {
  try {
    if (list.length === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Nothing to keep it in; the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};

const sameVehicle = (a: Vehicle, b: Vehicle) =>
  a.year === b.year && a.make === b.make && a.model === b.model && (a.engine ?? '') === (b.engine ?? '');

/** The local garage's changes, the same rules as the server's. */
const local = {
  add(list: GarageVehicle[], v: Vehicle): GarageVehicle[] {
    const existing = list.find((g) => sameVehicle(g, v));
    const others = list.filter((g) => g !== existing).map((g) => ({ ...g, active: false }));
    const added: GarageVehicle = existing
      ? { ...existing, active: true }
      : {
          id: `local-${Date.now().toString(36)}`,
          year: v.year,
          make: v.make,
          model: v.model,
          engine: v.engine ?? '',
          active: true,
        };
    return [added, ...others].slice(0, GARAGE_MAX_VEHICLES);
  },
  activate: (list: GarageVehicle[], id: string) => list.map((g) => ({ ...g, active: g.id === id })),
  deactivate: (list: GarageVehicle[]) => list.map((g) => ({ ...g, active: false })),
  remove: (list: GarageVehicle[], id: string) => list.filter((g) => g.id !== id),
};

let merging = false;

export interface Garage {
  vehicles: GarageVehicle[];
  active: GarageVehicle | undefined;
  add(vehicle: Vehicle): Promise<void>;
  activate(id: string): Promise<void>;
  deactivate(): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The garage of a visitor (`signedIn` false: this browser's) or of the signed-in customer. */
export function useGarage(signedIn: boolean): Garage {
  const user = signedIn;
  const queryClient = useQueryClient();
  const localList = useSyncExternalStore(subscribe, readLocal, () => []);
  const server = useQuery({
    queryKey: vehicleKeys.garage,
    queryFn: ({ signal }) => fetchGarage(signal),
    enabled: Boolean(user),
  });

  // A visitor who signs in brings the vehicles chosen before into the account, the active one last.
  useEffect(() => {
    if (!user || localList.length === 0 || merging) return;
    merging = true;
    const ordered = [...localList].sort((a, b) => Number(a.active) - Number(b.active));
    (async () => {
      let answer: GarageVehicle[] | undefined;
      for (const v of ordered) {
        answer = await addGarageVehicle({
          year: v.year,
          make: v.make,
          model: v.model,
          engine: v.engine || undefined,
        }).catch(() => answer);
      }
      if (answer) queryClient.setQueryData(vehicleKeys.garage, answer);
      writeLocal([]);
    })().finally(() => {
      merging = false;
    });
  }, [user, localList, queryClient]);

  const vehicles = user ? (server.data ?? []) : localList;
  const run = useCallback(
    async (remote: () => Promise<GarageVehicle[]>, change: (list: GarageVehicle[]) => GarageVehicle[]) => {
      if (user) queryClient.setQueryData(vehicleKeys.garage, await remote());
      else writeLocal(change(readLocal()));
    },
    [user, queryClient],
  );
  return {
    vehicles,
    active: vehicles.find((v) => v.active),
    add: (v) =>
      run(
        () => addGarageVehicle(v),
        (list) => local.add(list, v),
      ),
    activate: (id) =>
      run(
        () => activateGarageVehicle(id),
        (list) => local.activate(list, id),
      ),
    deactivate: () => run(deactivateGarage, local.deactivate),
    remove: (id) =>
      run(
        () => removeGarageVehicle(id),
        (list) => local.remove(list, id),
      ),
  };
}
