import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { productStatuses } from '../../../contract/catalog';

/**
 * The products and the category tree they are filed in, written by the catalog module (a product's
 * stock figures only by the inventory module, docs/decisions/037). They come first in the schema's
 * dependency order: orders, carts, fitment and the rest point at them, never the other way.
 */

/** PostgreSQL's text-search document; written only by a trigger (drizzle/0020). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    /** Money is integer cents; the API shows dollars. */
    priceCents: integer('price_cents').notNull(),
    description: text('description').array().notNull(),
    /**
     * The description's sentences as one text, kept by a trigger (drizzle/0006) for `?search=`:
     * a real column has statistics and a plain trigram index, which an expression cannot have.
     */
    descriptionText: text('description_text').notNull().default(''),
    /**
     * What buyers can still order: on hand minus reserved, kept so by a CHECK. Written only by the
     * inventory module, with the two figures it is made of (docs/decisions/037).
     */
    availableQuantity: integer('available_quantity').notNull(),
    /**
     * Units on the shelf: the sum of this product's on-hand movements (a product's first stock is
     * its opening movement, drizzle/0008; a trigger copies the opening figure in, drizzle/0021).
     */
    onHandQuantity: integer('on_hand_quantity').notNull().default(0),
    /** Units promised to live orders and not yet shipped: the sum of its reserved movements. */
    reservedQuantity: integer('reserved_quantity').notNull().default(0),
    minimumOrderQuantity: integer('minimum_order_quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Set while the product is not on sale: archived or a draft (see `status`), or deleted by an
     * admin while orders name it. Every reader of "can this be sold" (orders, cart, pricing, stock)
     * tests this one column, so a draft can never be ordered (docs/decisions/044).
     */
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    /** The owner's choice: a draft is being prepared, an archived product is kept but not sold. */
    status: text('status', { enum: productStatuses }).notNull().default('active'),
    /** Parts catalog (categories below, the rest in fitment-schema.ts): where it is filed, who makes it, what it is sold as. */
    categorySlug: text('category_slug').references((): AnyPgColumn => categories.slug, {
      onDelete: 'set null',
    }),
    brand: text('brand').notNull().default(''),
    sku: text('sku'),
    partNumber: text('part_number'),
    /** The UPC/EAN (GTIN) printed on the box, digits only. */
    upc: text('upc'),
    /** Fits every vehicle (a wrench, a charger): shown with any vehicle chosen. */
    universalFit: boolean('universal_fit').notNull().default(false),
    /** The product that replaces this one: one way, never a cycle (the catalog checks it under a lock). */
    supersededById: uuid('superseded_by_id').references((): AnyPgColumn => products.id, {
      onDelete: 'set null',
    }),
    /** Shipping facts, in the units a US parts counter uses. */
    weightLb: numeric('weight_lb', { precision: 10, scale: 3 }),
    lengthIn: numeric('length_in', { precision: 8, scale: 2 }),
    widthIn: numeric('width_in', { precision: 8, scale: 2 }),
    heightIn: numeric('height_in', { precision: 8, scale: 2 }),
    /** Hazardous goods (batteries, aerosols): may only travel by ground. */
    groundOnly: boolean('ground_only').notNull().default(false),
    /** Refundable deposit on the old part; a field only until pricing adds it as its own line. */
    coreChargeCents: integer('core_charge_cents').notNull().default(0),
    /**
     * What one unit costs the store (the owner's figure, typed or imported); null: not known. Copied
     * onto each order line when the order is placed, so margins do not move when it changes later.
     */
    costCents: integer('cost_cents'),
    /** Low stock at or under this many units; null: the store's default (LOW_STOCK_FACTOR x minimum order). */
    lowStockThreshold: integer('low_stock_threshold'),
    /**
     * What the search box matches: name and own numbers, brand and category, description, stemmed
     * in English. Kept by a trigger from the columns it is made of (drizzle/0020).
     */
    searchDocument: tsvector('search_document'),
    /** When the owner last changed the product (not its stock). */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} >= 100`),
    check('products_stock_not_negative', sql`${t.availableQuantity} >= 0`),
    check('products_on_hand_not_negative', sql`${t.onHandQuantity} >= 0`),
    check('products_reserved_not_negative', sql`${t.reservedQuantity} >= 0`),
    check(
      'products_available_is_on_hand_less_reserved',
      sql`${t.availableQuantity} = ${t.onHandQuantity} - ${t.reservedQuantity}`,
    ),
    check('products_minimum_positive', sql`${t.minimumOrderQuantity} >= 1`),
    check('products_status_known', sql.raw(`status in (${productStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('products_not_sold_unless_active', sql`${t.status} = 'active' or ${t.retiredAt} is not null`),
    check('products_core_charge_not_negative', sql`${t.coreChargeCents} >= 0`),
    check('products_low_stock_not_negative', sql`${t.lowStockThreshold} >= 0`),
    check('products_not_superseded_by_itself', sql`${t.supersededById} <> ${t.id}`),
    // The catalog shows live products only, so its indexes leave retired ones out. Each sort of
    // GET /tool reads its own index in order (backwards for newest and -price) and stops after a page.
    index('products_catalog_order_idx').on(t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    index('products_price_order_idx').on(t.priceCents, t.id).where(sql`${t.retiredAt} is null`),
    index('products_name_order_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.retiredAt} is null`),
    // `?search=` matches words in this document (decision 046); drafts and archived products are
    // searched by the admin's lists too, so the index covers every product.
    index('products_search_idx').using('gin', t.searchDocument),
    index('products_category_idx').on(t.categorySlug).where(sql`${t.retiredAt} is null`),
    index('products_brand_idx').on(t.brand).where(sql`${t.retiredAt} is null`),
    // A list for a vehicle: the parts fitted to it first, then universal ones (drizzle/0033).
    index('products_fit_order_idx').on(t.universalFit, t.createdAt, t.id).where(sql`${t.retiredAt} is null`),
    index('products_superseded_by_idx').on(t.supersededById),
    check('products_cost_not_negative', sql`${t.costCents} is null or ${t.costCents} >= 0`),
    uniqueIndex('products_sku_unique').on(t.sku),
    // Counts under the catalog's filters (vehicle, category, brand, price) read this index alone
    // instead of the whole table. Stock is left out: an index on it would make every stock change
    // a non-HOT update that writes every index.
    index('products_filter_cover_idx')
      .on(t.universalFit, t.categorySlug, t.brand, t.priceCents, t.id)
      .where(sql`${t.retiredAt} is null`),
    // Manage Product: every product whatever its status, by name, filtered by category, brand or a
    // status other than active (decision 082). `name` ends the name index so a deep page is counted
    // off the index alone.
    index('products_admin_name_idx').on(sql`lower(${t.name})`, t.id, t.name),
    index('products_admin_category_idx').on(t.categorySlug, sql`lower(${t.name})`, t.id),
    index('products_admin_brand_idx').on(t.brand, sql`lower(${t.name})`, t.id),
    index('products_admin_status_idx')
      .on(t.status, sql`lower(${t.name})`, t.id)
      .where(sql`${t.status} <> 'active'`),
  ],
);

/** A small tree: a category with no parent is a top-level one; `slug` is its address. */
export const categories = pgTable(
  'categories',
  {
    slug: text('slug').primaryKey(),
    name: text('name').notNull(),
    parentSlug: text('parent_slug').references((): AnyPgColumn => categories.slug),
    description: text('description').notNull().default(''),
    image: text('image').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('categories_slug_shape', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);
