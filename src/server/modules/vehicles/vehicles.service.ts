import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type ClaimSource, type ClaimVehicle, fitClaimMessages } from '../../../contract/after-sale';
import {
  GARAGE_MAX_VEHICLES,
  type GarageVehicle,
  type Vehicle,
  type VehicleOptions,
  type VinDecoded,
} from '../../../contract/catalog';
import { vehicleLabel } from '../../../contract/catalog.constants';
import { isUuid } from '../../../contract/ids';
import type { Db } from '../../kernel/db';
import { garageVehicles, rowsOf, vehicles } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { readVin } from './vin';

/**
 * The picker's choices, each list once the choice before it is made (years always): vPIC's
 * vehicles (vpic_* tables, docs/decisions/084) beside the vehicles table of migration 0012, whose
 * rows stay so the names already in fitment, garages and orders keep their place in the lists.
 */
export async function vehicleOptions(
  db: Db,
  chosen: { year?: number; make?: string; model?: string },
): Promise<VehicleOptions> {
  // The lists change only when a vehicle data release is loaded (at a start, or by
  // `npm run vehicles:load`), so each list is kept a while, on its own: a buyer's next choice asks
  // the database for the one new list only, and the picker's p99 stays low however busy the
  // database is. An instance that did not load a new release sees it within OPTIONS_TTL_MS.
  const kept = optionsCache.get(db);
  const cache =
    kept && Date.now() - kept.since <= OPTIONS_TTL_MS && kept.lists.size <= OPTIONS_MAX
      ? kept
      : { since: Date.now(), lists: new Map<string, Promise<unknown[]>>() };
  optionsCache.set(db, cache);
  const held = <T>(key: string, query: () => Promise<T[]>): Promise<T[]> => {
    const found = cache.lists.get(key);
    if (found) return found as Promise<T[]>;
    const answer = query();
    cache.lists.set(key, answer);
    answer.catch(() => cache.lists.delete(key));
    return answer;
  };
  return queryOptions(db, chosen, held);
}

type Held = <T>(key: string, query: () => Promise<T[]>) => Promise<T[]>;

const OPTIONS_TTL_MS = 10 * 60_000;
const OPTIONS_MAX = 20_000;
const optionsCache = new WeakMap<Db, { since: number; lists: Map<string, Promise<unknown[]>> }>();
/** Forgets the picker's answers held for this database (after a load; benchmarks of cold answers). */
export const forgetVehicleOptions = (db: Db) => optionsCache.delete(db);

async function queryOptions(
  db: Db,
  chosen: { year?: number; make?: string; model?: string },
  held: Held,
): Promise<VehicleOptions> {
  const { year, make, model } = chosen;
  const list = <T>(key: unknown[], query: SQL) =>
    held(JSON.stringify(key), async () => rowsOf<{ v: T }>(await db.execute(query)).map((r) => r.v));
  const [years, makes, models, engines, trims] = await Promise.all([
    list<number>(
      ['years'],
      sql`
      select v from (
        select generate_series(min(year_from), max(year_to)) as v from vpic_model_years
        union select distinct year from vehicles
      ) y where v is not null order by v desc`,
    ),
    year !== undefined
      ? list<string>(
          ['makes', year],
          sql`
          select mk.name as v from vpic_model_years y
            join vpic_models m on m.id = y.model_id join vpic_makes mk on mk.id = m.make_id
           where ${year} between y.year_from and y.year_to
          union select make from vehicles where year = ${year}
          order by 1`,
        )
      : [],
    year !== undefined && make
      ? list<string>(
          ['models', year, make],
          sql`
          select m.name as v from vpic_makes mk
            join vpic_models m on m.make_id = mk.id
            join vpic_model_years y on y.model_id = m.id and ${year} between y.year_from and y.year_to
           where mk.name = ${make}
          union select model from vehicles where year = ${year} and make = ${make}
          order by 1`,
        )
      : [],
    year !== undefined && make && model
      ? held(JSON.stringify(['engines', year, make, model]), () =>
          variants(db, year, make, model, 'engine', true),
        )
      : [],
    year !== undefined && make && model
      ? held(JSON.stringify(['trims', year, make, model]), () =>
          variants(db, year, make, model, 'trim', false),
        )
      : [],
  ]);
  return { years, makes, models, engines, ...(trims.length ? { trims } : {}) };
}

/** A model's engines (with those of the vehicles table) or trims in one model year. */
async function variants(
  db: Db,
  year: number,
  make: string,
  model: string,
  kind: 'engine' | 'trim',
  old: boolean,
) {
  const rows = rowsOf<{ v: string }>(
    await db.execute(sql`
      select v.name as v from vpic_makes mk
        join vpic_models m on m.make_id = mk.id and m.name = ${model}
        join vpic_model_variants v on v.model_id = m.id and v.kind = ${kind}
             and ${year} between v.year_from and v.year_to
       where mk.name = ${make}
      ${old ? sql`union select engine from vehicles where year = ${year} and make = ${make} and model = ${model}` : sql``}
      order by 1`),
  );
  return rows.map((r) => r.v);
}

/** GET /vehicles/vin/:vin: the VIN checked and decoded offline, with the models of that make and year to choose from. */
export async function decodeVin(db: Db, input: string): Promise<VinDecoded> {
  const reading = readVin(input);
  if (!reading.ok)
    throw new AppError('VALIDATION_FAILED', reading.message, [{ path: 'vin', message: reading.message }]);
  const { ok: _ok, ...decoded } = reading;
  const { models } = await vehicleOptions(db, { year: reading.year, make: reading.make });
  return { ...decoded, models };
}

/** Whether the store knows this year, make and model (and engine, when given): vPIC's or the vehicles table's. */
async function assertKnownVehicle(db: Db, v: Vehicle) {
  if (!(await isKnownVehicle(db, v))) {
    const message = 'Choose a vehicle from the lists';
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'model', message }]);
  }
}

async function isKnownVehicle(db: Db, v: Vehicle): Promise<boolean> {
  const [known] = await db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.year, v.year),
        eq(vehicles.make, v.make),
        eq(vehicles.model, v.model),
        v.engine ? eq(vehicles.engine, v.engine) : undefined,
      ),
    )
    .limit(1);
  if (known) return true;
  const [vpic] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select m.id from vpic_makes mk
        join vpic_models m on m.make_id = mk.id and m.name = ${v.model}
        join vpic_model_years y on y.model_id = m.id and ${v.year} between y.year_from and y.year_to
       where mk.name = ${v.make}
         ${
           v.engine
             ? sql`and exists (select 1 from vpic_model_variants e where e.model_id = m.id and e.kind = 'engine'
                     and e.name = ${v.engine} and ${v.year} between e.year_from and e.year_to)`
             : sql``
         }
       limit 1`),
  );
  return vpic !== undefined;
}

/** The vehicle of a "does not fit" claim, as the store itself reads it, and where it came from. */
export interface ClaimedVehicle {
  vehicle: Vehicle;
  from: ClaimSource;
  vin: string | null;
}

/**
 * A "does not fit" claim's vehicle (docs/decisions/092), never taken on the buyer's word: a VIN is
 * read here (its year, make and, where vPIC places it, model and engine; otherwise the model the
 * buyer chose must be one of that make's in that year); a vehicle from My Garage or the picker's
 * lists must be one the store's vehicle data knows. Anything else is refused, saying why.
 */
export async function resolveClaimVehicle(db: Db, claim: ClaimVehicle): Promise<ClaimedVehicle> {
  const refuse = (message: string): never => {
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'vehicle', message }]);
  };
  if (claim.from === 'vin') {
    const reading = readVin(claim.vin);
    if (!reading.ok) return refuse(reading.message);
    const label = `${reading.year} ${reading.make}`;
    let model = reading.model;
    if (!model) {
      if (!claim.model) return refuse(fitClaimMessages.vinModelNeeded);
      const { models } = await vehicleOptions(db, { year: reading.year, make: reading.make });
      if (!models.includes(claim.model)) return refuse(fitClaimMessages.vinModelNotOfVin(claim.model, label));
      model = claim.model;
    }
    const vehicle: Vehicle = {
      year: reading.year,
      make: reading.make,
      model,
      ...(reading.engine ? { engine: reading.engine } : {}),
    };
    return { vehicle, from: 'vin', vin: reading.vin };
  }
  const vehicle: Vehicle = {
    year: claim.year,
    make: claim.make,
    model: claim.model,
    ...(claim.engine ? { engine: claim.engine } : {}),
  };
  if (!(await isKnownVehicle(db, vehicle)))
    refuse(
      fitClaimMessages.unknownVehicle(
        `${vehicleLabel(vehicle)}${vehicle.engine ? ` ${vehicle.engine}` : ''}`,
      ),
    );
  return { vehicle, from: claim.from, vin: null };
}

const toGarageVehicle = (row: typeof garageVehicles.$inferSelect): GarageVehicle => ({
  id: row.id,
  year: row.year,
  make: row.make,
  model: row.model,
  engine: row.engine,
  active: row.active,
});

/** My Garage: the customer's vehicles, the active one first, then the latest added. */
export async function listGarage(db: Db, userId: string): Promise<GarageVehicle[]> {
  const rows = await db
    .select()
    .from(garageVehicles)
    .where(eq(garageVehicles.userId, userId))
    .orderBy(desc(garageVehicles.active), desc(garageVehicles.addedAt), asc(garageVehicles.id));
  return rows.map(toGarageVehicle);
}

/**
 * Adds a vehicle to My Garage and makes it the active one (the one just chosen is the one being
 * shopped for); adding one already there only makes it active.
 */
export async function addToGarage(db: Db, userId: string, v: Vehicle): Promise<GarageVehicle[]> {
  await assertKnownVehicle(db, v);
  await db.transaction(async (tx) => {
    // One customer's garage changes one request at a time: the count and the active flag stay true.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('garage'), hashtext(${userId}))`);
    const engine = v.engine ?? '';
    const [existing] = await tx
      .select({ id: garageVehicles.id })
      .from(garageVehicles)
      .where(
        and(
          eq(garageVehicles.userId, userId),
          eq(garageVehicles.year, v.year),
          eq(garageVehicles.make, v.make),
          eq(garageVehicles.model, v.model),
          eq(garageVehicles.engine, engine),
        ),
      );
    if (!existing) {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(garageVehicles)
        .where(eq(garageVehicles.userId, userId));
      if (Number(n) >= GARAGE_MAX_VEHICLES) {
        throw new AppError(
          'CONFLICT',
          `My Garage holds up to ${GARAGE_MAX_VEHICLES} vehicles; remove one first`,
        );
      }
    }
    await tx
      .update(garageVehicles)
      .set({ active: false })
      .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.active, true)));
    if (existing) {
      await tx.update(garageVehicles).set({ active: true }).where(eq(garageVehicles.id, existing.id));
    } else {
      await tx
        .insert(garageVehicles)
        .values({ userId, year: v.year, make: v.make, model: v.model, engine, active: true });
    }
  });
  return listGarage(db, userId);
}

const ownVehicle = (userId: string, id: string) =>
  and(eq(garageVehicles.userId, userId), eq(garageVehicles.id, id));

/** Makes one of the customer's vehicles the active one; another customer's is not found. */
export async function activateGarageVehicle(db: Db, userId: string, id: string): Promise<GarageVehicle[]> {
  if (!isUuid(id)) throw notFound('Vehicle');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('garage'), hashtext(${userId}))`);
    const [row] = await tx
      .select({ id: garageVehicles.id })
      .from(garageVehicles)
      .where(ownVehicle(userId, id));
    if (!row) throw notFound('Vehicle');
    await tx
      .update(garageVehicles)
      .set({ active: false })
      .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.active, true)));
    await tx.update(garageVehicles).set({ active: true }).where(eq(garageVehicles.id, id));
  });
  return listGarage(db, userId);
}

/** Removes a vehicle from My Garage; when it was the active one, none is active until the customer picks. */
export async function removeGarageVehicle(db: Db, userId: string, id: string): Promise<GarageVehicle[]> {
  if (!isUuid(id)) throw notFound('Vehicle');
  const removed = await db
    .delete(garageVehicles)
    .where(ownVehicle(userId, id))
    .returning({ id: garageVehicles.id });
  if (removed.length === 0) throw notFound('Vehicle');
  return listGarage(db, userId);
}

/** Shopping without a vehicle: none of the customer's vehicles is active; the garage keeps them all. */
export async function deactivateGarage(db: Db, userId: string): Promise<GarageVehicle[]> {
  await db
    .update(garageVehicles)
    .set({ active: false })
    .where(and(eq(garageVehicles.userId, userId), eq(garageVehicles.active, true)));
  return listGarage(db, userId);
}
