import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type Transfer,
  type TransferInput,
  type TransferStatus,
  transferNumber,
} from '../../../contract/locations';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { products, stockLocations, stockTransfers } from '../../kernel/db';
import { AppError } from '../../kernel/errors';
import { moveStock } from './inventory.service';
import { NoSuchPlace } from './stock-places';

/**
 * Units of a product sent from one place to another (decision 099). Sending takes them off the
 * first place's shelf at once (`transfer_out`), so they are sold from neither place while on the
 * road; receiving puts them on the second's (`transfer_in`); cancelling one in transit puts them
 * back where they left. Each step is one transaction under the transfer's row lock, so a transfer
 * is received or cancelled once however many people press the button.
 */

const from = alias(stockLocations, 'from_place');
const to = alias(stockLocations, 'to_place');

/** Transfers, newest first: those in transit, or all (the latest 200). */
export async function listTransfers(
  db: Db | Tx,
  filter: { status?: TransferStatus; id?: string } = {},
): Promise<Transfer[]> {
  const rows = await db
    .select({
      t: stockTransfers,
      productName: products.name,
      sku: products.sku,
      fromLocationName: from.name,
      toLocationName: to.name,
    })
    .from(stockTransfers)
    .innerJoin(products, eq(products.id, stockTransfers.productId))
    .innerJoin(from, eq(from.id, stockTransfers.fromLocationId))
    .innerJoin(to, eq(to.id, stockTransfers.toLocationId))
    .where(
      filter.id
        ? eq(stockTransfers.id, filter.id)
        : filter.status
          ? eq(stockTransfers.status, filter.status)
          : undefined,
    )
    .orderBy(desc(stockTransfers.number))
    .limit(200);
  return rows.map(({ t, ...names }) => ({
    id: t.id,
    number: transferNumber(t.number),
    productId: t.productId,
    productName: names.productName,
    sku: names.sku,
    fromLocationId: t.fromLocationId,
    fromLocationName: names.fromLocationName,
    toLocationId: t.toLocationId,
    toLocationName: names.toLocationName,
    quantity: t.quantity,
    status: t.status,
    note: t.note,
    createdAt: t.createdAt.toISOString(),
    closedAt: t.closedAt?.toISOString() ?? null,
  }));
}

async function oneTransfer(tx: Tx, id: string): Promise<Transfer> {
  const [found] = await listTransfers(tx, { id });
  if (!found) throw new AppError('NOT_FOUND', 'No such transfer');
  return found;
}

/** Sends units: the transfer is written and the units leave the first place's shelf. */
export async function sendTransfer(db: Db, input: TransferInput, actorUserId: string): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const places = await tx.select().from(stockLocations);
    const fromPlace = places.find((p) => p.id === input.fromLocationId && p.active);
    const toPlace = places.find((p) => p.id === input.toLocationId && p.active);
    if (!fromPlace || !toPlace) throw new NoSuchPlace();
    const [product] = await tx
      .select({ id: products.id, status: products.status })
      .from(products)
      .where(eq(products.id, input.productId));
    if (!product || product.status === 'archived') throw new AppError('NOT_FOUND', 'Tool not found');
    const [row] = await tx
      .insert(stockTransfers)
      .values({
        productId: input.productId,
        fromLocationId: fromPlace.id,
        toLocationId: toPlace.id,
        quantity: input.quantity,
        note: input.note ?? null,
        actorUserId,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const number = transferNumber(row.number);
    await moveStock(tx, [
      {
        productId: input.productId,
        onHand: -input.quantity,
        reason: 'transfer_out',
        locationId: fromPlace.id,
        actorUserId,
        note: `${number} to ${toPlace.name}`,
      },
    ]);
    await recordAudit(tx, {
      action: 'transfer.sent',
      subjectType: 'transfer',
      subjectId: row.id,
      after: {
        number,
        productId: input.productId,
        from: fromPlace.id,
        to: toPlace.id,
        quantity: input.quantity,
      },
    });
    return oneTransfer(tx, row.id);
  });
}

/** The units arrived (onto the second place's shelf) or the transfer is called off (back onto the first's). */
export async function closeTransfer(
  db: Db,
  id: string,
  outcome: 'received' | 'cancelled',
  actorUserId: string,
): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such transfer');
    const number = transferNumber(row.number);
    if (row.status !== 'in_transit')
      throw new AppError(
        'CONFLICT',
        `${number} is ${row.status === 'received' ? 'received' : 'cancelled'} already`,
      );
    const place = outcome === 'received' ? row.toLocationId : row.fromLocationId;
    await moveStock(tx, [
      {
        productId: row.productId,
        onHand: row.quantity,
        reason: 'transfer_in',
        locationId: place,
        actorUserId,
        note: outcome === 'received' ? `${number} received` : `${number} cancelled: back where it left`,
      },
    ]);
    await tx
      .update(stockTransfers)
      .set({ status: outcome, closedAt: new Date() })
      .where(eq(stockTransfers.id, id));
    await recordAudit(tx, {
      action: `transfer.${outcome}`,
      subjectType: 'transfer',
      subjectId: id,
      before: { status: row.status },
      after: { status: outcome, number, place },
    });
    return oneTransfer(tx, id);
  });
}
