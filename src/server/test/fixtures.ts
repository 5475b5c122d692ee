import type { Db } from '../kernel/db/database';
import { products, reviews } from '../kernel/db/schema';

let sequence = 0;

/** Inserts a tool straight into the database; each call gets a later creation time than the last. */
export async function insertProduct(db: Db, overrides: Partial<typeof products.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(products)
    .values({
      name: `Test tool ${sequence}`,
      image: '/images/tools/torque-wrench.svg',
      priceCents: 1000 + sequence,
      description: ['A sturdy tool.', 'Made of steel.'],
      availableQuantity: 100,
      minimumOrderQuantity: 5,
      createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 1000),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertReview(db: Db, overrides: Partial<typeof reviews.$inferInsert> = {}) {
  sequence += 1;
  const [row] = await db
    .insert(reviews)
    .values({
      comment: `Great service ${sequence}`,
      commenter: `Customer ${sequence}`,
      ratings: 5,
      createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 1000),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
