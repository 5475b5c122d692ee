import { desc, eq, sql } from 'drizzle-orm';
import {
  countBelowReservedMessage,
  outOfStockMessage,
  STOCK_MAX,
  type StockLedger,
  type StockMovementReason,
} from '../../../contract/inventory';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { preparedStatement, productStock, products, stockLevels, stockMovements } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { placeToCount, stockAtPlaces } from './locations';
import { placeMove } from './stock-places';
import { stockOfOne } from './stock-read';

/**
 * The only code that changes a product's stock. Every change is a row in stock_movements, and the
 * product's on hand, reserved and available figures (its stock_levels row) move by the same amounts
 * in the same statement, so each always equals the sum of its ledger (docs/architecture.md,
 * "Stock"; decisions 037, 089).
 *
 * For one release the figures also stay on the catalog's `products` row, which instances of the
 * release before read and move during a rolling restart (they know nothing of stock_levels). So
 * that both kinds of instance take their locks in one order, every move locks the product's row
 * first: the statement updates `products` (the guard against selling what is not there is its WHERE),
 * then sets the level to the figures the row now holds. Setting rather than adding means a move
 * also repairs a level that an old instance's move left behind. The release after, the columns on
 * `products` go and the statement moves the level alone.
 */

export interface StockMove {
  productId: string;
  /** Change of the units on the shelf: a count, goods received, a sale (negative), a return. */
  onHand?: number;
  /** Change of the units promised to live orders: an order (positive), its release or sale (negative). */
  reserved?: number;
  reason: StockMovementReason;
  orderId?: string | null;
  actorUserId?: string | null;
  note?: string | null;
  /**
   * The product as the caller read it before the move, without a lock (readForSale): the move
   * happens only if it is still so, else ProductChanged. An order prices its lines from that read
   * and reserves last, so a product everyone buys is locked for the reservation and the commit
   * only, not for the whole order's writes.
   */
  asRead?: SaleTerms;
  /** The place the units move at (decision 099); without it the inventory chooses (stock-places). */
  locationId?: string | null;
  /** An order's ship-to state: its reservation takes from a place there before places further off. */
  near?: string | null;
}

/** What an order takes from a product besides its stock: the name, prices and shipping facts. */
export interface SaleTerms {
  name: string;
  priceCents: number;
  coreChargeCents: number;
  minimumOrderQuantity: number;
  groundOnly: boolean;
  weightLb: string | null;
}

/** Thrown when a product's terms changed between an order's read and its reservation. */
export class ProductChanged extends AppError {
  constructor(
    readonly productId: string,
    readonly productName: string,
  ) {
    super('CONFLICT', `${productName} changed while you were ordering. Please check it and order again.`);
  }
}

/** Thrown when a move would take a product below zero; nothing of the caller's transaction should stand. */
export class OutOfStock extends AppError {
  constructor(
    readonly productId: string,
    readonly productName: string,
    readonly left: number,
  ) {
    super('OUT_OF_STOCK', outOfStockMessage(productName, left));
  }
}

/** A product as a move left it, read under the move's row lock (or as readForSale read it). */
export interface MovedProduct extends SaleTerms {
  available: number;
  retired: boolean;
  /** Hazardous goods that may only travel by ground (no air, so no express). */
  groundOnly: boolean;
  /** Pounds as the catalog keeps them (numeric text); null: the store's default weight. */
  weightLb: string | null;
  /** The core charge per unit, read with the price. */
  coreChargeCents: number;
}

const SALE_COLUMNS = sql.raw(
  'id, available_quantity, name, price_cents, minimum_order_quantity, retired_at, ground_only, weight_lb, core_charge_cents',
);
type SaleRow = {
  id: string;
  available_quantity: number;
  name: string;
  price_cents: number;
  minimum_order_quantity: number;
  retired_at: unknown;
  ground_only: boolean;
  weight_lb: string | number | null;
  core_charge_cents: number | string;
};
const toMovedProduct = (row: SaleRow): MovedProduct => ({
  available: Number(row.available_quantity),
  name: row.name,
  priceCents: Number(row.price_cents),
  minimumOrderQuantity: Number(row.minimum_order_quantity),
  retired: row.retired_at !== null && row.retired_at !== undefined,
  groundOnly: row.ground_only === true,
  weightLb: row.weight_lb === null || row.weight_lb === undefined ? null : String(row.weight_lb),
  coreChargeCents: Number(row.core_charge_cents ?? 0),
});

/** The products an order is about to take, as they are now, without locking them. */
export async function readForSale(tx: Tx, productIds: string[]): Promise<Map<string, MovedProduct>> {
  if (productIds.length === 0) return new Map();
  const rows = await productsForSale(tx, { ids: productIds });
  return new Map(rows.map((row) => [row.id, toMovedProduct(row)]));
}
const productsForSale = preparedStatement<{ ids: string[] }, SaleRow>(
  'tools for sale',
  () => sql`select t.id, coalesce(s.available, 0) as available_quantity, t.name, t.price_cents,
      t.minimum_order_quantity, t.retired_at, t.ground_only, t.weight_lb, t.core_charge_cents
    from ${products} t left join ${productStock} s on s.product_id = t.id
    where t.id = any(${sql.placeholder('ids')}::uuid[])`,
);

const p = (name: Extract<keyof MoveValues, string>) => sql.placeholder(name);
interface MoveValues extends Record<string, unknown> {
  id: string;
  delta: number;
  onHand: number;
  reserved: number;
}
type MoveAsReadValues = MoveValues & { [K in keyof SaleTerms]: SaleTerms[K] };
/**
 * A move of the product's total as one statement: the conditional update takes the product's row
 * lock, then the level takes the figures the row now holds, only if the update happened. The
 * CHECKs on products and stock_levels are the last line of defence, this WHERE the first. `asRead`:
 * only if the product is still as the caller read it. The places and the ledger rows follow
 * (placeMove), under the lock this statement took.
 */
const moveStatement = (asRead: boolean) => sql`
  with moved as (
    update ${products} set
      available_quantity = available_quantity + ${p('delta')}::int,
      on_hand_quantity = on_hand_quantity + ${p('onHand')}::int,
      reserved_quantity = reserved_quantity + ${p('reserved')}::int
    where id = ${p('id')} and available_quantity + ${p('delta')}::int >= 0
      and on_hand_quantity + ${p('onHand')}::int >= 0 and reserved_quantity + ${p('reserved')}::int >= 0${
        asRead
          ? sql` and name = ${sql.placeholder('name')} and price_cents = ${sql.placeholder('priceCents')}
      and core_charge_cents = ${sql.placeholder('coreChargeCents')}
      and minimum_order_quantity = ${sql.placeholder('minimumOrderQuantity')}
      and ground_only = ${sql.placeholder('groundOnly')}
      and weight_lb is not distinct from ${sql.placeholder('weightLb')}::numeric and retired_at is null`
          : sql``
      }
    returning ${SALE_COLUMNS}, on_hand_quantity, reserved_quantity
  ), level as (
    insert into ${stockLevels} (product_id, on_hand, reserved, available)
    select id, on_hand_quantity, reserved_quantity, available_quantity from moved
    on conflict (product_id, location_id) do update
      set on_hand = excluded.on_hand, reserved = excluded.reserved, available = excluded.available
  )
  select ${SALE_COLUMNS} from moved`;
const moveOne = preparedStatement<MoveValues, SaleRow>('move stock', () => moveStatement(false));
const moveOneAsRead = preparedStatement<MoveAsReadValues, SaleRow>('move stock as read', () =>
  moveStatement(true),
);
const productForSale = preparedStatement<{ id: string }, SaleRow>(
  'tool for sale',
  () => sql`select ${SALE_COLUMNS} from ${products} where id = ${sql.placeholder('id')}`,
);

/**
 * Applies the moves inside the caller's transaction, each product once and in id order: two
 * transactions moving the same products lock them in the same order, so they queue instead of
 * deadlocking. A move that would leave a product below zero throws OutOfStock (the caller's
 * transaction then rolls back every move). Returns each product as the move left it.
 */
export async function moveStock(tx: Tx, moves: StockMove[]): Promise<Map<string, MovedProduct>> {
  const levels = new Map<string, MovedProduct>();
  const ordered = [...moves]
    .filter((m) => (m.onHand ?? 0) !== 0 || (m.reserved ?? 0) !== 0 || m.reason === 'damaged')
    .sort((a, b) => a.productId.localeCompare(b.productId));
  for (const move of ordered) {
    const onHand = move.onHand ?? 0;
    const reserved = move.reserved ?? 0;
    const values: MoveValues = { id: move.productId, delta: onHand - reserved, onHand, reserved };
    const [row] = move.asRead
      ? await moveOneAsRead(tx, { ...values, ...move.asRead })
      : await moveOne(tx, values);
    if (row) {
      const moved = toMovedProduct(row);
      await placeMove(
        tx,
        {
          productId: move.productId,
          onHand,
          reserved,
          locationId: move.locationId ?? null,
          near: move.near ?? null,
          reason: move.reason,
          orderId: move.orderId ?? null,
          actorUserId: move.actorUserId ?? null,
          note: move.note ?? null,
        },
        moved.name,
      );
      levels.set(move.productId, moved);
      continue;
    }
    const [now] = await productForSale(tx, { id: move.productId });
    if (!now) throw notFound('Tool');
    const product = toMovedProduct(now);
    if (move.asRead && (product.retired || changedTerms(product, move.asRead)))
      throw new ProductChanged(move.productId, product.name);
    throw new OutOfStock(move.productId, product.name, product.available);
  }
  return levels;
}

const changedTerms = (now: SaleTerms, read: SaleTerms) =>
  now.name !== read.name ||
  now.priceCents !== read.priceCents ||
  now.coreChargeCents !== read.coreChargeCents ||
  now.minimumOrderQuantity !== read.minimumOrderQuantity ||
  now.groundOnly !== read.groundOnly ||
  (now.weightLb === null ? null : Number(now.weightLb)) !==
    (read.weightLb === null ? null : Number(read.weightLb));

/** An admin may not raise a product's stock past what the product form accepts (the column would overflow long after). */
export function assertWithinStockMax(level: number) {
  if (level > STOCK_MAX) {
    const message = `Available quantity must be ${STOCK_MAX} or less`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'available_quantity', message }]);
  }
}

/** Locks these products' rows in id order, for a caller about to move several of them one by one. */
export async function lockProductsInOrder(tx: Tx, productIds: string[]) {
  const ids = [...new Set(productIds)].sort();
  if (ids.length < 2) return;
  await tx.execute(
    sql`select id from ${products} where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by id for no key update`,
  );
}

/**
 * An admin's change of the units on hand: by `delta`, or `set` to a counted number. "Set" reads the
 * shelf under the row lock and moves it by the difference; reserved units are not part of a count,
 * so orders waiting to ship keep theirs and the store never sells them twice. `setAvailable` (the
 * bulk editor, which shows and undoes what buyers see) moves on hand so that available becomes it.
 */
export async function adjustStock(
  db: Db,
  productId: string,
  change: { delta?: number; set?: number; setAvailable?: number; note?: string; locationId?: string },
  actorUserId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    const { before, available, delta, place } = await changeStock(tx, productId, change, actorUserId);
    if (delta === 0) return available;
    await recordAudit(tx, {
      action: change.set !== undefined ? 'stock.counted' : 'stock.adjusted',
      subjectType: 'stock',
      subjectId: productId,
      before: { onHand: before.onHand, available: before.available },
      after: { onHand: before.onHand + delta, available, note: change.note ?? null, location: place },
    });
    return available;
  });
}

/**
 * A count taken inside the caller's transaction (a catalog import's row): the units on hand set to
 * `onHand`, moved by the difference with the note, refused below what live orders hold. Answers
 * the units moved (0: the count was already so).
 */
export async function countStockIn(
  tx: Tx,
  productId: string,
  onHand: number,
  { note, actorUserId, locationId }: { note: string; actorUserId: string | null; locationId?: string },
): Promise<number> {
  return (
    await changeStock(
      tx,
      productId,
      { set: onHand, note, ...(locationId ? { locationId } : {}) },
      actorUserId,
    )
  ).delta;
}

async function changeStock(
  tx: Tx,
  productId: string,
  change: { delta?: number; set?: number; setAvailable?: number; note?: string; locationId?: string },
  actorUserId: string | null,
) {
  // The product's row, locked first as every move does; its figures are the ones both releases
  // move during a rolling restart, so a count is taken against them (see the top of this file).
  // NO KEY UPDATE, the lock an UPDATE takes: an order being written holds a key-share lock on the
  // row (its lines reference it) until it reserves, and FOR UPDATE would deadlock with it.
  const [tool] = await tx
    .select({
      available: products.availableQuantity,
      onHand: products.onHandQuantity,
      reserved: products.reservedQuantity,
      status: products.status,
    })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  // A draft is stocked before it goes on sale; an archived product is gone from the catalog.
  if (!tool || tool.status === 'archived') throw notFound('Tool');
  // A count is of one place's shelf: the place named, else the first. The bulk editor's
  // "available" is the product's total, moved at the first place.
  const place = await placeToCount(tx, productId, change.locationId);
  const delta =
    change.set !== undefined
      ? change.set - place.onHand
      : change.setAvailable !== undefined
        ? change.setAvailable - tool.available
        : (change.delta ?? 0);
  if (delta === 0) return { before: tool, available: tool.available, delta, place: place.locationId };
  if (place.onHand + delta >= 0 && place.onHand + delta < place.reserved) {
    const message = countBelowReservedMessage(place.reserved);
    throw new AppError('CONFLICT', message, [{ path: change.set !== undefined ? 'set' : 'delta', message }]);
  }
  assertWithinStockMax(tool.available + delta);
  const levels = await moveStock(tx, [
    {
      productId,
      onHand: delta,
      reason: 'admin_adjustment',
      actorUserId,
      note: change.note ?? null,
      locationId: place.locationId,
    },
  ]);
  return {
    before: tool,
    available: levels.get(productId)?.available ?? tool.available,
    delta,
    place: place.locationId,
  };
}

/** A product's stock and its latest movements, newest first (admin). */
export async function stockLedger(db: Db, productId: string, limit = 100): Promise<StockLedger> {
  const [exists] = await db
    .select({ id: products.id, name: products.name, sku: products.sku })
    .from(products)
    .where(eq(products.id, productId));
  if (!exists) throw notFound('Tool');
  const product = await stockOfOne(db, productId);
  const locations = await stockAtPlaces(db, productId);
  const rows = await db
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(desc(stockMovements.id))
    .limit(limit);
  return {
    productName: exists.name,
    sku: exists.sku,
    onHand: product.onHand,
    reserved: product.reserved,
    available: product.available,
    locations,
    movements: rows.map((r) => ({
      delta: r.delta,
      onHand: r.onHandDelta,
      reserved: r.reservedDelta,
      reason: r.reason,
      orderId: r.orderId,
      note: r.note,
      locationId: r.locationId,
      at: r.createdAt.toISOString(),
    })),
  };
}
