import { count, sql } from 'drizzle-orm';
import type { Db } from '../kernel/db';
import { discounts, products, reviews, storeSettings } from '../kernel/db';
import { writePartsData } from '../modules/catalog';
import { seedParts } from './seed-catalog';
import { seedProducts, seedReviews } from './seed-data';

const SEEDED_KEY = 'demo_seeded_at';

/**
 * Puts the demo catalog and reviews into a brand-new store. It runs at most once in a database's
 * life: never again once it has run, and never into a store that already has tools or reviews,
 * so a seller who deleted the demo products does not get them back on restart.
 * Returns whether it seeded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    // The key row doubles as a lock: of two instances starting together only one inserts it.
    const claimed = await tx
      .insert(storeSettings)
      .values({ key: SEEDED_KEY, value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning({ key: storeSettings.key });
    if (claimed.length === 0) return false;
    const [toolCount] = await tx.select({ n: count() }).from(products);
    const [reviewCount] = await tx.select({ n: count() }).from(reviews);
    if ((toolCount?.n ?? 0) > 0 || (reviewCount?.n ?? 0) > 0) return false;

    // Distinct timestamps keep the catalog's default order (oldest first) the order written here.
    const start = Date.now() - seedProducts.length * 1000;
    const inserted = await tx
      .insert(products)
      .values(
        seedProducts.map((t, i) => ({
          name: t.name,
          image: t.image,
          priceCents: t.priceCents,
          description: t.description,
          availableQuantity: t.availableQuantity,
          minimumOrderQuantity: t.minimumOrderQuantity,
          // Remanufactured parts carry a core charge, so the demo shows it in the cart and on orders.
          coreChargeCents: seedParts[t.name]?.coreChargeCents ?? 0,
          createdAt: new Date(start + i * 1000),
        })),
      )
      .returning({ id: products.id, name: products.name });
    // The parts data: category, brand, numbers and the vehicles each product fits.
    for (const { id, name } of inserted) {
      const part = seedParts[name];
      if (!part) continue;
      await writePartsData(tx, id, {
        category: part.category,
        brand: part.brand,
        sku: part.sku,
        part_number: part.partNumber,
        cross_references: part.crossReferences,
        universal_fit: part.universal,
        fitment: part.fitment,
      });
    }
    await tx
      .insert(reviews)
      .values(seedReviews.map((r, i) => ({ ...r, createdAt: new Date(start + i * 1000) })));
    // The demo's discount code: 10% off the brake parts (the brakes category), no end date.
    await tx.insert(discounts).values({
      code: 'BRAKES10',
      name: '10% off brake parts',
      kind: 'percent',
      value: 1000,
      appliesTo: 'categories',
      categorySlugs: ['brakes'],
      startsAt: new Date(start),
    });
    return true;
  });
}
