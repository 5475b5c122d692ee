import { and, eq, inArray } from 'drizzle-orm';
import { fitClaimMessages, type ListingFit } from '../../../contract/after-sale';
import { type Fitment, fitVerdict, type Vehicle } from '../../../contract/catalog';
import { vehicleLabel } from '../../../contract/catalog.constants';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { fitments, tools } from '../../kernel/db';
import { AppError, notFound } from '../../kernel/errors';
import { type ChangeActor, fitmentOf, recordChanges } from './product-record';

/**
 * What products' listings say about vehicles (docs/decisions/092), one answer per check: the rule
 * of the fit badges and the cart's "does not fit" (`fitVerdict`) over each product's fitment rows
 * as stored now. Two reads whatever the number of checks; a product gone says nothing ('no').
 */
export async function listingFit(
  db: Db | Tx,
  checks: { toolId: string; vehicle: Vehicle }[],
): Promise<ListingFit[]> {
  const ids = [...new Set(checks.map((c) => c.toolId))];
  if (ids.length === 0) return [];
  const [products, rows] = await Promise.all([
    db.select({ id: tools.id, universal: tools.universalFit }).from(tools).where(inArray(tools.id, ids)),
    db.select().from(fitments).where(inArray(fitments.toolId, ids)),
  ]);
  const universal = new Map(products.map((p) => [p.id, p.universal]));
  const fitmentOfTool = new Map<string, Fitment[]>();
  for (const r of rows) {
    const list = fitmentOfTool.get(r.toolId) ?? [];
    list.push({ make: r.make, model: r.model, year_from: r.yearFrom, year_to: r.yearTo, engine: r.engine });
    fitmentOfTool.set(r.toolId, list);
  }
  return checks.map(({ toolId, vehicle }) =>
    universal.has(toolId)
      ? fitVerdict(
          { universal_fit: universal.get(toolId) ?? false, fitment: fitmentOfTool.get(toolId) ?? [] },
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
  toolId: string,
  vehicle: Vehicle,
  actor: ChangeActor,
  from: { returnId: string; orderNumber: string },
): Promise<{ removed: number }> {
  const [tool] = await tx
    .select({ id: tools.id, universal: tools.universalFit })
    .from(tools)
    .where(eq(tools.id, toolId))
    .for('update');
  if (!tool) throw notFound('Tool');
  if (tool.universal) throw new AppError('CONFLICT', fitClaimMessages.universal);
  const rows = (await tx.select().from(fitments).where(eq(fitments.toolId, toolId))).filter((r) =>
    claims(r, vehicle),
  );
  if (rows.length === 0) throw new AppError('CONFLICT', fitClaimMessages.notClaimed);
  const before = await fitmentOf(tx, toolId);
  await tx.delete(fitments).where(
    and(
      eq(fitments.toolId, toolId),
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
  const after = await fitmentOf(tx, toolId);
  await tx.update(tools).set({ updatedAt: new Date() }).where(eq(tools.id, toolId));
  await recordChanges(tx, actor, [
    { toolId, source: 'fitment', before: { fitment: before }, after: { fitment: after } },
  ]);
  await recordAudit(tx, {
    action: 'product.fitment_corrected',
    subjectType: 'product',
    subjectId: toolId,
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
