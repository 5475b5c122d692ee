import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Tool } from '../../contract/catalog';
import type { Database, Db } from '../kernel/db/database';
import {
  categories,
  fitments,
  partNumbers,
  products,
  reviews,
  stockLevels,
  storeSettings,
} from '../kernel/db/schema';
import { insertProduct } from '../test/fixtures';
import { createTestApp, createTestDatabase } from '../test/harness';
import { seedDemoData } from './seed';
import { seedParts } from './seed-catalog';
import { seedProducts, seedReviews } from './seed-data';

const webPublicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/public');

/** Every database a test opens is closed after it, even when the test fails. */
const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((d) => d.close()));
});
async function freshDatabase(): Promise<Database> {
  const database = await createTestDatabase();
  opened.push(database);
  return database;
}

/** Everything the seed may write, in a stable order, to compare before and after. */
async function snapshot(db: Db) {
  return {
    tools: await db.select().from(products).orderBy(asc(products.id)),
    reviews: await db.select().from(reviews).orderBy(asc(reviews.id)),
    settings: await db.select().from(storeSettings).orderBy(asc(storeSettings.key)),
  };
}

describe('the demo data itself', () => {
  it('is a catalog worth showing: 12+ tools and 8+ reviews', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(12);
    expect(seedReviews.length).toBeGreaterThanOrEqual(8);
    expect(new Set(seedProducts.map((t) => t.name)).size).toBe(seedProducts.length);
  });

  it.each(seedProducts.map((t) => [t.name, t] as const))('%s follows the product rules', (_name, product) => {
    expect(product.description.length).toBeGreaterThanOrEqual(2);
    expect(product.description.length).toBeLessThanOrEqual(4);
    for (const sentence of product.description) expect(sentence).toMatch(/^\S.*[.!?]$/);
    expect(Number.isInteger(product.priceCents)).toBe(true);
    expect(product.priceCents).toBeGreaterThanOrEqual(100);
    // The spec's limits: available at least 20, minimum order 1 to 20.
    expect(product.availableQuantity).toBeGreaterThanOrEqual(20);
    expect(product.minimumOrderQuantity).toBeGreaterThanOrEqual(1);
    expect(product.minimumOrderQuantity).toBeLessThanOrEqual(20);
    expect(product.minimumOrderQuantity).toBeLessThanOrEqual(product.availableQuantity);
    expect(product.image).toMatch(/^\/images\//);
    expect(statSync(path.join(webPublicDir, product.image), { throwIfNoEntry: false })?.isFile()).toBe(true);
  });

  it.each(seedReviews.map((r) => [r.commenter, r] as const))(
    'the review by %s is complete',
    (_name, review) => {
      expect(review.comment.trim().length).toBeGreaterThan(0);
      expect(review.commenter.trim().length).toBeGreaterThan(0);
      expect(Number.isInteger(review.ratings)).toBe(true);
      expect(review.ratings).toBeGreaterThanOrEqual(1);
      expect(review.ratings).toBeLessThanOrEqual(5);
    },
  );
});

describe('the demo parts data', () => {
  it('gives every demo product a category, brand, SKU and part number, and fitment or universal fit', () => {
    for (const product of seedProducts) {
      const part = seedParts[product.name];
      expect(part, product.name).toBeDefined();
      expect(part?.brand).not.toBe('');
      expect(part?.universal || (part?.fitment.length ?? 0) > 0).toBe(true);
    }
    expect(Object.keys(seedParts).sort()).toEqual(seedProducts.map((t) => t.name).sort());
  });
});

describe('seedDemoData', () => {
  it('files the demo products in the shipped categories with their numbers and fitment', async () => {
    const { db } = await freshDatabase();
    const slugs = (await db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['lights', 'wheels', 'tires', 'brakes']));
    expect(await seedDemoData(db)).toBe(true);
    const rows = await db.select().from(products);
    for (const row of rows) {
      const part = seedParts[row.name];
      expect(row.categorySlug).toBe(part?.category);
      expect(row.sku).toBe(part?.sku);
      expect(row.universalFit).toBe(part?.universal);
    }
    const numbers = await db.select().from(partNumbers);
    expect(numbers.find((n) => n.number === 'BR-320V')).toMatchObject({ kind: 'maker', key: 'br320v' });
    const fitted = await db.select().from(fitments);
    const partsWithFitment = Object.values(seedParts).filter((p) => !p.universal);
    expect(fitted).toHaveLength(partsWithFitment.reduce((n, p) => n + p.fitment.length, 0));
  });

  it('fills an empty database with the demo catalog and reviews, once', async () => {
    const { db } = await freshDatabase();
    expect(await seedDemoData(db)).toBe(true);

    const seeded = await snapshot(db);
    expect(seeded.tools).toHaveLength(seedProducts.length);
    expect(seeded.reviews).toHaveLength(seedReviews.length);
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(
      seeded.tools
        .map((t) => ({
          name: t.name,
          image: t.image,
          priceCents: t.priceCents,
          description: t.description,
          availableQuantity: t.availableQuantity,
          minimumOrderQuantity: t.minimumOrderQuantity,
        }))
        .sort(byName),
    ).toEqual([...seedProducts].sort(byName));
    // Each product's stock is the inventory's too: one main level holding the seeded quantity.
    const levels = await db.select().from(stockLevels);
    expect(
      seeded.tools
        .map((t) => {
          const level = levels.find((l) => l.productId === t.id);
          return `${t.name}: ${level?.locationId} ${level?.onHand}/${level?.reserved}/${level?.available}`;
        })
        .sort(),
    ).toEqual(
      seedProducts.map((t) => `${t.name}: main ${t.availableQuantity}/0/${t.availableQuantity}`).sort(),
    );
    expect(levels).toHaveLength(seedProducts.length);
    const byCommenter = (a: { commenter: string }, b: { commenter: string }) =>
      a.commenter.localeCompare(b.commenter);
    expect(
      seeded.reviews
        .map((r) => ({ comment: r.comment, commenter: r.commenter, ratings: r.ratings }))
        .sort(byCommenter),
    ).toEqual([...seedReviews].sort(byCommenter));

    // A second start of the same store must neither add nor change anything.
    expect(await seedDemoData(db)).toBe(false);
    expect(await snapshot(db)).toEqual(seeded);
  });

  it('leaves a store that already has a tool alone', async () => {
    const { db } = await freshDatabase();
    const own = await insertProduct(db, { name: "The seller's own wrench" });
    expect(await seedDemoData(db)).toBe(false);
    const after = await snapshot(db);
    expect(after.tools).toEqual([own]);
    expect(after.reviews).toEqual([]);
  });

  it('does not bring the demo back after the seller deleted it', async () => {
    const { db } = await freshDatabase();
    expect(await seedDemoData(db)).toBe(true);
    await db.delete(products);
    await db.delete(reviews);
    expect(await seedDemoData(db)).toBe(false);
    const after = await snapshot(db);
    expect(after.tools).toEqual([]);
    expect(after.reviews).toEqual([]);
  });

  it('keeps the order of seed-data.ts as the catalog order of GET /api/tool', async () => {
    const t = await createTestApp();
    opened.push(t);
    expect(await seedDemoData(t.database.db)).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/tool' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(seedProducts.length));
    const listed = res.json() as Tool[];
    expect(listed.map((product) => product.name)).toEqual(seedProducts.map((product) => product.name));
    expect(listed.map((product) => product.price)).toEqual(
      seedProducts.map((product) => product.priceCents / 100),
    );
  });
});
