import { and, eq, inArray } from 'drizzle-orm';
import { fitClaimMessages, type ListingFit } from '../../../contract/after-sale';
import { type Fitment, fitVerdict, type Vehicle } from '../../../contract/catalog';
import { vehicleLabel } from '../../../contract/catalog.constants';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { fitments, products } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { type ChangeActor, fitmentOf, recordChanges } from './product-record';

/**
 * What products' listings say about vehicles (docs/decisions/092), one answer per check: the rule
 * of the fit badges and the cart's "does not fit" (`fitVerdict`) over each product's fitment rows
 * as stored now. Two reads whatever the number of checks; a product gone says nothing ('no').
 */
export async function listingFit(
  db: Db | Tx,
  checks: { productId: string; vehicle: Vehicle }[],
): Promise<ListingFit[]> {
  const ids = [...new Set(checks.map((c) => c.productId))];
  if (ids.length === 0) return [];
  const [listings, rows] = await Promise.all([
    db
      .select({ id: products.id, universal: products.universalFit })
      .from(products)
      .where(inArray(products.id, ids)),
    db.select().from(fitments).where(inArray(fitments.productId, ids)),
  ]);
  const universal = new Map(listings.map((p) => [p.id, p.universal]));
  const fitmentOfProduct = new Map<string, Fitment[]>();
  for (const r of rows) {
    const list = fitmentOfProduct.get(r.productId) ?? [];
    list.push({ make: r.make, model: r.model, year_from: r.yearFrom, year_to: r.yearTo, engine: r.engine });
    fitmentOfProduct.set(r.productId, list);
  }
  return checks.map(({ productId, vehicle }) =>
    universal.has(productId)
      ? fitVerdict(
          {
            universal_fit: universal.get(productId) ?? false,
            fitment: fitmentOfProduct.get(productId) ?? [],
          },
          vehicle,
        )
      : 'no',
  );
}

/** A row claims the vehicle as `fitVerdict` reads it: same make and model, the year inside, any engine or the vehicle's. */
const claims = (r: typeof fitments.$inferSelect, v: Vehicle) =>
  r.make === v.make &&
  r.model === v.model &&
  r.yearFrom <= v.year &&
  v.year <= r.yearTo &&
  (!r.engine || !v.engine || r.engine === v.engine);

/**
 * A wrong listing corrected: the vehicle's model year taken out of every fitment row of the
 * product that claims it. A row over several years is split around that year (2012-2015 less 2013
 * is 2012 and 2014-2015, each keeping its trim, position, quantity and note), so the years that do
 * fit stay listed. Kept in the product's history and the audit log, with the return it came from.
 * Runs in the caller's transaction (the return is locked beside it).
 */
export async function takeVehicleOutOfFitment(
  tx: Tx,
  productId: string,
  vehicle: Vehicle,
  actor: ChangeActor,
  from: { returnId: string; orderNumber: string },
): Promise<{ removed: number }> {
  const [tool] = await tx
    .select({ id: products.id, universal: products.universalFit })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!tool) throw notFound('Tool');
  if (tool.universal) throw new AppError('CONFLICT', fitClaimMessages.universal);
  const rows = (await tx.select().from(fitments).where(eq(fitments.productId, productId))).filter((r) =>
    claims(r, vehicle),
  );
  if (rows.length === 0) throw new AppError('CONFLICT', fitClaimMessages.notClaimed);
  const before = await fitmentOf(tx, productId);
  await tx.delete(fitments).where(
    and(
      eq(fitments.productId, productId),
      inArray(
        fitments.id,
        rows.map((r) => r.id),
      ),
    ),
  );
  const pieces = rows.flatMap(({ id: _id, ...r }) => [
    ...(r.yearFrom < vehicle.year ? [{ ...r, yearTo: vehicle.year - 1 }] : []),
    ...(vehicle.year < r.yearTo ? [{ ...r, yearFrom: vehicle.year + 1 }] : []),
  ]);
  if (pieces.length > 0) await tx.insert(fitments).values(pieces).onConflictDoNothing();
  const after = await fitmentOf(tx, productId);
  await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
  await recordChanges(tx, actor, [
    { productId, source: 'fitment', before: { fitment: before }, after: { fitment: after } },
  ]);
  await recordAudit(tx, {
    action: 'product.fitment_corrected',
    subjectType: 'product',
    subjectId: productId,
    before: { fitment: before },
    after: {
      fitment: after,
      vehicle: `${vehicleLabel(vehicle)}${vehicle.engine ? ` ${vehicle.engine}` : ''}`,
      returnId: from.returnId,
      order: from.orderNumber,
    },
  });
  return { removed: rows.length };
}
