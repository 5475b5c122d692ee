import { z } from 'zod';
import {
  CrossReference,
  Fitment,
  FitmentRow,
  ProductImage,
  ProductLink,
  productStatuses,
  Tool,
} from './catalog';

/**
 * The owner's side of the catalog (admin): every field of a product, its history, the lists that
 * find products whatever their status, the categories and brands, low stock, and what a product's
 * page offers beside it. Product fields keep the spec's snake_case (`available_quantity`); the rest
 * is camelCase like the other new calls.
 */

/** GET /catalog/products/:id: everything the editor shows, whatever the status. */
export const ProductRecord = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.array(z.string()),
  price: z.number(),
  available_quantity: z.number().int(),
  minimum_order_quantity: z.number().int(),
  status: z.enum(productStatuses),
  category: z.string().nullable(),
  brand: z.string(),
  sku: z.string().nullable(),
  part_number: z.string().nullable(),
  upc: z.string().nullable(),
  cross_references: z.array(
    z.object({ number: z.string(), kind: CrossReference.shape.kind, brand: z.string() }),
  ),
  superseded_by: ProductLink.nullable(),
  /** Products this one replaces (theirs point here). */
  replaces: z.array(ProductLink),
  weight_lb: z.number().nullable(),
  length_in: z.number().nullable(),
  width_in: z.number().nullable(),
  height_in: z.number().nullable(),
  ground_only: z.boolean(),
  core_charge: z.number(),
  /** What one unit costs the store; null: not known. */
  cost: z.number().nullable(),
  /** The product's own threshold; null when it uses the store's default. */
  low_stock_threshold: z.number().int().nullable(),
  /** The threshold in force: its own, or the default (LOW_STOCK_FACTOR x minimum order). */
  low_stock_at: z.number().int(),
  universal_fit: z.boolean(),
  images: z.array(ProductImage),
  fitment: z.array(FitmentRow),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductRecord = z.infer<typeof ProductRecord>;

/** Stock levels an owner filters by: none left, at or under the low-stock threshold, or some. */
export const stockLevels = ['out', 'low', 'in'] as const;
export type StockLevel = (typeof stockLevels)[number];

/**
 * Which products a list (and a bulk change) means: every filter is optional and they all apply.
 * `search` reads names, numbers, brands and descriptions like the store's search box.
 */
export const ProductFilter = z.object({
  search: z.string().trim().max(100, 'Search must be 100 characters or fewer').optional(),
  status: z.enum(productStatuses, { error: 'Status must be draft, active or archived' }).optional(),
  category: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'Choose a category')
    .optional(),
  brand: z.string().trim().max(60, 'Brand must be 60 characters or fewer').optional(),
  stock: z.enum(stockLevels, { error: 'Stock must be out, low or in' }).optional(),
});
export type ProductFilter = z.infer<typeof ProductFilter>;

export const PRODUCT_LIST_MAX = 100;

/** How the owner's list is ordered: the latest change first (the default), or by name (Manage Product). */
export const productListSorts = ['updated', 'name'] as const;
export type ProductListSort = (typeof productListSorts)[number];

/** GET /catalog/products: the owner's list, drafts and archived included, newest change first or by name. */
export const ProductListQuery = ProductFilter.extend({
  sort: z.enum(productListSorts, { error: 'Sort by updated or name' }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(PRODUCT_LIST_MAX).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductSummary = ProductRecord.pick({
  _id: true,
  name: true,
  price: true,
  available_quantity: true,
  minimum_order_quantity: true,
  status: true,
  category: true,
  brand: true,
  sku: true,
  part_number: true,
  low_stock_at: true,
  updatedAt: true,
}).extend({ image: z.string() });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductList = z.object({ total: z.number().int(), products: z.array(ProductSummary) });
export type ProductList = z.infer<typeof ProductList>;

/** Where a change came from. */
export const changeSources = [
  'created',
  'editor',
  'fitment',
  'bulk',
  'bulk_undo',
  'import',
  'category',
  'brand',
  'deleted',
] as const;
export type ChangeSource = (typeof changeSources)[number];

/**
 * One entry of a product's history (GET /catalog/products/:id/history), newest first: who, when,
 * from where, and each changed field before and after, under its wire name (`price`, `status`...).
 */
export const ProductChange = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  source: z.enum(changeSources),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
  /** The names of the products its `superseded_by` values point at (the change keeps their ids). */
  names: z.record(z.string(), z.string()).optional(),
});
export type ProductChange = z.infer<typeof ProductChange>;

/**
 * POST /tool/:id/fitment: one year range for several vehicles at once (the editor's bulk form),
 * added beside the product's rows; rows it already has are skipped.
 */
export const FitmentBulkInput = z
  .object({
    year_from: Fitment.shape.year_from,
    year_to: Fitment.shape.year_to,
    vehicles: z
      .array(
        z.object({
          make: Fitment.shape.make,
          model: Fitment.shape.model,
          submodel: Fitment.shape.submodel,
          engine: Fitment.shape.engine,
        }),
      )
      .min(1, 'Choose at least one vehicle')
      .max(100, 'At most 100 vehicles at once'),
    position: Fitment.shape.position,
    quantity: Fitment.shape.quantity,
    note: Fitment.shape.note,
  })
  .refine((f) => f.year_from <= f.year_to, {
    message: 'The first year must not be after the last',
    path: ['year_to'],
  });
export type FitmentBulkInput = z.infer<typeof FitmentBulkInput>;

export const FitmentBulkAnswer = z.object({
  added: z.number().int(),
  skipped: z.number().int(),
  fitment: z.array(FitmentRow),
});
export type FitmentBulkAnswer = z.infer<typeof FitmentBulkAnswer>;

/** GET /catalog/low-stock: live products at or under their threshold, fewest left first. */
export const LowStockProduct = z.object({
  _id: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  available_quantity: z.number().int(),
  low_stock_at: z.number().int(),
});
export type LowStockProduct = z.infer<typeof LowStockProduct>;
export const LowStockList = z.object({ products: z.array(LowStockProduct) });
export type LowStockList = z.infer<typeof LowStockList>;

const slug = z
  .string()
  .max(60, 'The address must be 60 characters or fewer')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single dashes');
const taxonomyName = (label: string) =>
  z
    .string({ error: `${label} name is required` })
    .trim()
    .min(1, `${label} name is required`)
    .max(60, `${label} name must be 60 characters or fewer`);
const image = z
  .string()
  .max(500)
  .regex(/^(\/(uploads|images)\/(?!.*\.\.)[A-Za-z0-9._/-]+)?$/, 'Upload the image first');
const blurb = z.string().trim().max(500, 'The description must be 500 characters or fewer');

/** A category name as an address: `Brake Pads & Shoes` -> `brake-pads-shoes`. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');

/**
 * POST /catalog/categories. The tree is one level deep: a category has no parent or a top-level one.
 * Without `slug` the address is made from the name.
 */
export const CategoryInput = z.object({
  name: taxonomyName('Category'),
  slug: slug.optional(),
  parent: slug.nullable().default(null),
  description: blurb.default(''),
  image: image.default(''),
});
export type CategoryInput = z.infer<typeof CategoryInput>;

/** PATCH /catalog/categories/:slug: rename, move under another top-level category, new picture or text. */
export const CategoryChanges = z
  .object({
    name: taxonomyName('Category').optional(),
    parent: slug.nullable().optional(),
    description: blurb.optional(),
    image: image.optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'Change at least one field');
export type CategoryChanges = z.infer<typeof CategoryChanges>;

/** PUT /catalog/categories/order: every category's slug in the order shown (home cards, menus). */
export const CategoryOrder = z.object({
  slugs: z.array(slug).min(1).max(1000),
});
export type CategoryOrder = z.infer<typeof CategoryOrder>;

/** DELETE /catalog/categories/:slug and /catalog/brands/:id: where its products go first. */
export const MoveProductsQuery = z.object({
  moveTo: z.string().max(60).optional(),
});

export const Removed = z.object({ removed: z.literal(true), moved: z.number().int() });
export type Removed = z.infer<typeof Removed>;

/** A brand with its products counted (GET /brands, public, in the owner's order). */
export const Brand = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  count: z.number().int(),
});
export type Brand = z.infer<typeof Brand>;

export const BrandInput = z.object({
  name: taxonomyName('Brand'),
  description: blurb.default(''),
  image: image.default(''),
});
export type BrandInput = z.infer<typeof BrandInput>;

export const BrandChanges = z
  .object({
    name: taxonomyName('Brand').optional(),
    description: blurb.optional(),
    image: image.optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'Change at least one field');
export type BrandChanges = z.infer<typeof BrandChanges>;

export const BrandOrder = z.object({ ids: z.array(z.number().int()).min(1).max(5000) });
export type BrandOrder = z.infer<typeof BrandOrder>;

/**
 * GET /purchase/:id/related: live parts that fit a vehicle this product fits (the named vehicle
 * when the query has year, make and model), and parts bought in the same paid orders.
 */
export const RelatedProducts = z.object({
  fitsSameVehicle: z.array(Tool),
  boughtTogether: z.array(Tool),
});
export type RelatedProducts = z.infer<typeof RelatedProducts>;
