import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { StockAtLocation } from '../../../contract/inventory';
import { type Location, LocationInput } from '../../../contract/locations';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import {
  isUniqueViolation,
  locationStock,
  rowsOf,
  stockLocations,
  stockMovements,
  stockTransfers,
} from '../../kernel/db';

import { AppError } from '../../kernel/errors';
import { NoSuchPlace } from './stock-places';

/**
 * The store's places (decision 099): defined and ordered by the owner, each product's figures and
 * bin at each. Stock itself moves only through moveStock; this file reads places and keeps their
 * names, addresses, pick order and bins.
 */

// The route has parsed the body; a caller below HTTP hands it as typed, so it is read again here.
const parseValues = (raw: LocationInput) => {
  const input = LocationInput.parse(raw);
  return {
    name: input.name,
    kind: input.kind,
    line1: input.line1 ?? null,
    city: input.city ?? null,
    region: input.region ?? null,
    postalCode: input.postalCode ?? null,
    country: input.country ?? 'US',
    pickOrder: input.pickOrder,
    active: input.active ?? true,
  };
};

const nameTaken = () =>
  new AppError('CONFLICT', 'Another place has that name', [
    { path: 'name', message: 'Another place has that name' },
  ]);

/** Every place, open ones first in pick order, with the units on hand there and on their way. */
export async function listLocations(db: Db | Tx): Promise<Location[]> {
  const rows = await db.execute(sql`
    select l.*, coalesce((select sum(s.on_hand) from ${locationStock} s where s.location_id = l.id), 0)::int as on_hand,
      coalesce((select sum(t.quantity) from ${stockTransfers} t
        where t.to_location_id = l.id and t.status = 'in_transit'), 0)::int as incoming
    from ${stockLocations} l
    order by l.active desc, l.pick_order, l.name`);
  return rowsOf<Record<string, unknown>>(rows).map(toLocation);
}

const toLocation = (r: Record<string, unknown>): Location => ({
  id: String(r.id),
  name: String(r.name),
  kind: r.kind as Location['kind'],
  line1: (r.line1 as string | null) ?? null,
  city: (r.city as string | null) ?? null,
  region: (r.region as string | null) ?? null,
  postalCode: (r.postal_code as string | null) ?? null,
  country: String(r.country),
  pickOrder: Number(r.pick_order),
  active: r.active === true,
  onHand: Number(r.on_hand ?? 0),
  incoming: Number(r.incoming ?? 0),
});

/** A new place; its key is made from its name ("Back room" becomes `back-room`) and never changes. */
export async function createLocation(db: Db, input: LocationInput): Promise<Location> {
  const values = parseValues(input);
  const base =
    values.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'place';
  try {
    return await db.transaction(async (tx) => {
      const taken = new Set(
        (
          await tx
            .select({ id: stockLocations.id })
            .from(stockLocations)
            .where(sql`${stockLocations.id} like ${`${base}%`}`)
        ).map((r) => r.id),
      );
      let id = base;
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      await tx.insert(stockLocations).values({ id, ...values, active: true });
      await recordAudit(tx, {
        action: 'location.created',
        subjectType: 'location',
        subjectId: id,
        after: values,
      });
      return found(await listLocations(tx), id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/**
 * A place changed: its name, address, pick order, or closed. A place is closed only when it holds
 * nothing (no unit on hand or reserved, none on the way to it) and another place stays open.
 */
export async function updateLocation(db: Db, id: string, input: LocationInput): Promise<Location> {
  const values = parseValues(input);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(stockLocations).where(eq(stockLocations.id, id)).for('update');
      if (!before) throw new AppError('NOT_FOUND', 'No such place');
      if (before.active && !values.active) await assertClosable(tx, id, before.name);
      await tx.update(stockLocations).set(values).where(eq(stockLocations.id, id));
      await recordAudit(tx, {
        action: before.active && !values.active ? 'location.closed' : 'location.changed',
        subjectType: 'location',
        subjectId: id,
        before,
        after: values,
      });
      return found(await listLocations(tx), id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function assertClosable(tx: Tx, id: string, name: string) {
  const [held] = await tx
    .select({
      units: sql<number>`coalesce(sum(${locationStock.onHand} + ${locationStock.reserved}), 0)::int`,
    })
    .from(locationStock)
    .where(eq(locationStock.locationId, id));
  const [coming] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockTransfers)
    .where(
      and(
        eq(stockTransfers.status, 'in_transit'),
        sql`(${stockTransfers.toLocationId} = ${id} or ${stockTransfers.fromLocationId} = ${id})`,
      ),
    );
  if (Number(held?.units ?? 0) > 0 || Number(coming?.n ?? 0) > 0)
    throw new AppError('CONFLICT', `${name} still holds stock: move or count it out before closing it`, [
      { path: 'active', message: 'Move or count its stock out first' },
    ]);
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(stockLocations)
    .where(and(eq(stockLocations.active, true), sql`${stockLocations.id} <> ${id}`));
  if (Number(others?.n ?? 0) === 0)
    throw new AppError('CONFLICT', 'The store needs one open place', [
      { path: 'active', message: 'Open another place first' },
    ]);
}

function found(locations: Location[], id: string): Location {
  const location = locations.find((l) => l.id === id);
  if (!location) throw new AppError('NOT_FOUND', 'No such place');
  return location;
}

/** A product's figures at each place it has been kept or could be (open places), in pick order. */
export async function stockAtPlaces(db: Db | Tx, productId: string): Promise<StockAtLocation[]> {
  const rows = await db
    .select({
      locationId: stockLocations.id,
      locationName: stockLocations.name,
      active: stockLocations.active,
      onHand: sql<number>`coalesce(${locationStock.onHand}, 0)::int`,
      reserved: sql<number>`coalesce(${locationStock.reserved}, 0)::int`,
      available: sql<number>`coalesce(${locationStock.available}, 0)::int`,
      bin: locationStock.bin,
      incoming: sql<number>`coalesce((select sum(t.quantity) from ${stockTransfers} t
        where t.product_id = ${productId} and t.to_location_id = ${stockLocations.id} and t.status = 'in_transit'), 0)::int`,
    })
    .from(stockLocations)
    .leftJoin(
      locationStock,
      and(eq(locationStock.locationId, stockLocations.id), eq(locationStock.productId, productId)),
    )
    .orderBy(asc(stockLocations.pickOrder), asc(stockLocations.id));
  return rows
    .filter((r) => r.active || r.onHand !== 0 || r.reserved !== 0 || Number(r.incoming) !== 0)
    .map(({ active: _a, ...r }) => ({
      ...r,
      onHand: Number(r.onHand),
      reserved: Number(r.reserved),
      available: Number(r.available),
      incoming: Number(r.incoming),
    }));
}

/**
 * The place a count or an adjustment is of, read under the product's row lock the caller holds:
 * the one named (open), else the first open place.
 */
export async function placeToCount(
  tx: Tx,
  productId: string,
  locationId: string | undefined,
): Promise<{ locationId: string; onHand: number; reserved: number }> {
  const [place] = await tx
    .select({
      locationId: stockLocations.id,
      onHand: sql<number>`coalesce(${locationStock.onHand}, 0)::int`,
      reserved: sql<number>`coalesce(${locationStock.reserved}, 0)::int`,
    })
    .from(stockLocations)
    .leftJoin(
      locationStock,
      and(eq(locationStock.locationId, stockLocations.id), eq(locationStock.productId, productId)),
    )
    .where(and(eq(stockLocations.active, true), locationId ? eq(stockLocations.id, locationId) : undefined))
    .orderBy(asc(stockLocations.pickOrder), asc(stockLocations.id))
    .limit(1);
  if (!place) throw new NoSuchPlace();
  return { locationId: place.locationId, onHand: Number(place.onHand), reserved: Number(place.reserved) };
}

/** Where a product sits at a place: its bin, kept with its figures there (a row of zeros if it had none). */
export async function setBin(
  db: Db,
  productId: string,
  locationId: string,
  bin: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [place] = await tx
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(eq(stockLocations.id, locationId));
    if (!place) throw new NoSuchPlace();
    const [before] = await tx
      .select({ bin: locationStock.bin })
      .from(locationStock)
      .where(and(eq(locationStock.productId, productId), eq(locationStock.locationId, locationId)));
    await setBinIn(tx, productId, locationId, bin);
    await recordAudit(tx, {
      action: 'stock.bin_set',
      subjectType: 'stock',
      subjectId: productId,
      before: { location: locationId, bin: before?.bin ?? null },
      after: { location: locationId, bin },
    });
  });
}

/** What an order holds at each place, product by product, with the bin: the pick list's rows. */
export interface HeldAt {
  productId: string;
  locationId: string;
  locationName: string;
  pickOrder: number;
  bin: string | null;
  units: number;
}
export async function heldByOrder(db: Db | Tx, orderId: string): Promise<HeldAt[]> {
  const rows = await db.execute(sql`
    select m.product_id, l.id as location_id, l.name as location_name, l.pick_order, s.bin,
      sum(m.reserved_delta)::int as units
    from ${stockMovements} m
    join ${stockLocations} l on l.id = m.location_id
    left join ${locationStock} s on s.product_id = m.product_id and s.location_id = m.location_id
    where m.order_id = ${orderId}
    group by m.product_id, l.id, l.name, l.pick_order, s.bin
    having sum(m.reserved_delta) > 0
    order by l.pick_order, l.id, s.bin nulls last`);
  return rowsOf<Record<string, unknown>>(rows).map((r) => ({
    productId: String(r.product_id),
    locationId: String(r.location_id),
    locationName: String(r.location_name),
    pickOrder: Number(r.pick_order),
    bin: (r.bin as string | null) ?? null,
    units: Number(r.units),
  }));
}

/**
 * An open place by its key or its name (any case), as a delivery or a file names it; the first
 * open place when none is named.
 */
export async function openPlace(tx: Db | Tx, named: string | undefined): Promise<string> {
  const [place] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.active, true),
        named
          ? or(eq(stockLocations.id, named), sql`lower(${stockLocations.name}) = lower(${named})`)
          : undefined,
      ),
    )
    .orderBy(asc(stockLocations.pickOrder), asc(stockLocations.id))
    .limit(1);
  if (!place) throw new NoSuchPlace();
  return place.id;
}

/** A bin set inside the caller's transaction (a file's row; the file's import is what the audit log keeps). */
export async function setBinIn(
  tx: Tx,
  productId: string,
  locationId: string,
  bin: string | null,
): Promise<void> {
  await tx
    .insert(locationStock)
    .values({ productId, locationId, bin })
    .onConflictDoUpdate({ target: [locationStock.productId, locationStock.locationId], set: { bin } });
}
