import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  GARAGE_MAX_VEHICLES,
  type GarageVehicle,
  type Vehicle,
  type VehicleOptions,
  type VinDecoded,
} from '../../../contract/catalog';
import { isUuid } from '../../../contract/ids';
import type { Db } from '../../kernel/db';
import { garageVehicles, vehicles } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { readVin } from './vin';

/** The picker's choices: each list once the choice before it is made (years always). */
export async function vehicleOptions(
  db: Db,
  chosen: { year?: number; make?: string; model?: string },
): Promise<VehicleOptions> {
  const { year, make, model } = chosen;
  const distinct = async <T>(
    column: typeof vehicles.year | typeof vehicles.make | typeof vehicles.model | typeof vehicles.engine,
    where?: ReturnType<typeof and>,
    descending = false,
  ) =>
    (
      await db
        .selectDistinct({ value: column })
        .from(vehicles)
        .where(where)
        .orderBy(descending ? desc(column) : asc(column))
    ).map((r) => r.value as T);
  const [years, makes, models, engines] = await Promise.all([
    distinct<number>(vehicles.year, undefined, true),
    year !== undefined ? distinct<string>(vehicles.make, eq(vehicles.year, year)) : [],
    year !== undefined && make
      ? distinct<string>(vehicles.model, and(eq(vehicles.year, year), eq(vehicles.make, make)))
      : [],
    year !== undefined && make && model
      ? distinct<string>(
          vehicles.engine,
          and(eq(vehicles.year, year), eq(vehicles.make, make), eq(vehicles.model, model)),
        )
      : [],
  ]);
  return { years, makes, models, engines };
}

/** GET /vehicles/vin/:vin: the VIN checked and read offline, and the models of that make and year to choose from. */
export async function decodeVin(db: Db, input: string): Promise<VinDecoded> {
  const reading = readVin(input);
  if (!reading.ok)
    throw new AppError('VALIDATION_FAILED', reading.message, [{ path: 'vin', message: reading.message }]);
  const { models } = await vehicleOptions(db, { year: reading.year, make: reading.make });
  return { vin: reading.vin, year: reading.year, make: reading.make, models };
}

/** Whether the store's vehicles table knows this year, make and model (and engine, when given). */
async function assertKnownVehicle(db: Db, v: Vehicle) {
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
  if (!known) {
    const message = 'Choose a vehicle from the lists';
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'model', message }]);
  }
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
