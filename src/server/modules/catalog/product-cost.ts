import { eq } from 'drizzle-orm';
import { proportion } from '../../../contract/money';
import type { Tx } from '../../kernel/db';
import { products } from '../../kernel/db';
import { notFound } from '../../kernel/errors';

/**
 * A product's cost after units came in at `unitCostCents` (decision 097): the weighted average of
 * what was on hand at the old cost and what came in, rounded to the cent by the money kernel. A
 * product with no cost yet, or none on hand, takes the new cost. Orders keep the cost of the day
 * they were placed on their lines (decision 091), so a later receipt changes no past margin.
 */
export async function averageCostIn(
  tx: Tx,
  productId: string,
  receipt: { onHandBefore: number; units: number; unitCostCents: number },
): Promise<{ before: number | null; after: number }> {
  // FOR NO KEY UPDATE, as an UPDATE locks: an order being written holds a key-share lock on the
  // product (its lines reference it) and waits for the same row; FOR UPDATE would deadlock with it.
  const [row] = await tx
    .select({ costCents: products.costCents })
    .from(products)
    .where(eq(products.id, productId))
    .for('no key update');
  if (!row) throw notFound('Product');
  const before = row.costCents;
  const held = Math.max(receipt.onHandBefore, 0);
  const after =
    before === null || held === 0
      ? receipt.unitCostCents
      : proportion(held * before + receipt.units * receipt.unitCostCents, 1, held + receipt.units);
  if (after !== before) await tx.update(products).set({ costCents: after }).where(eq(products.id, productId));
  return { before, after };
}
