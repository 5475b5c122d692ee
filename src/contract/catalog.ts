import { z } from 'zod';
import { PRODUCT_LIMITS_PRICE_MAX, TOOL_PAGE_SIZE_MAX, toolSorts } from './catalog.constants';

export * from './catalog.constants';

/**
 * Where a product stands with the owner: a draft is being prepared, an active product is listed and
 * sold, an archived one is kept (for its orders and history) but neither listed nor sold.
 */
export const productStatuses = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];

/** Whether a part fits the chosen vehicle: by its fitment rows, because it fits any, or not. */
export const fitVerdicts = ['fits', 'universal', 'no'] as const;
export type FitVerdict = (typeof fitVerdicts)[number];

/**
 * A tool as docs/requirements.md §3 puts it on the wire: `_id` and snake_case quantities, price in dollars. The
 * parts-catalog fields come after the spec's, which stay as they were; `fits` is there only when
 * the request named a vehicle.
 */
export const Tool = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  description: z.array(z.string()),
  available_quantity: z.number().int(),
  minimum_order_quantity: z.number().int(),
  brand: z.string().optional(),
  sku: z.string().nullable().optional(),
  part_number: z.string().nullable().optional(),
  category: z.string().nullable().optional(),
  universal_fit: z.boolean().optional(),
  fits: z.enum(fitVerdicts).optional(),
});
export type Tool = z.infer<typeof Tool>;

/** Every number a product is found by; `upc` is the barcode (GTIN) on the box. */
export const partNumberKinds = ['sku', 'maker', 'oem', 'interchange', 'upc'] as const;

/**
 * A part number as searched: lower case, letters and digits only, so `BR-320V`, `br320v` and
 * `BR 320 V` are one number.
 */
export const partNumberKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const vehicleText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);
const modelYear = z.coerce
  .number({ error: 'Year must be a whole number' })
  .int('Year must be a whole number')
  .min(1950, 'Year must be 1950 or later')
  .max(2100, 'Year must be 2100 or earlier');

/** A cross-reference an admin types: the vehicle maker's (OEM) number or another brand's equivalent. */
export const CrossReference = z.object({
  number: vehicleText('Part number', 40).refine(
    (n) => partNumberKey(n).length > 0,
    'Part number needs a letter or digit',
  ),
  kind: z.enum(['oem', 'interchange'], { error: 'Kind must be oem or interchange' }),
  brand: z.string().trim().max(60, 'Brand must be 60 characters or fewer').default(''),
});
export type CrossReference = z.infer<typeof CrossReference>;

const optionalFitmentText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * One fitment row: a model over a span of model years; no engine means every engine. Submodel
 * (trim), position (Front, Rear Left...), quantity per vehicle and a note are for the buyer to read;
 * the vehicle filter matches make, model, years and engine.
 */
export const Fitment = z
  .object({
    make: vehicleText('Make', 40),
    model: vehicleText('Model', 60),
    year_from: modelYear,
    year_to: modelYear,
    engine: z.string().trim().max(60, 'Engine must be 60 characters or fewer').nullable().default(null),
    submodel: optionalFitmentText('Submodel', 60).optional(),
    position: optionalFitmentText('Position', 40).optional(),
    quantity: z.coerce
      .number({ error: 'Quantity must be a whole number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be 1 or more')
      .max(99, 'Quantity must be 99 or less')
      .nullish(),
    note: optionalFitmentText('Note', 200).optional(),
  })
  .refine((f) => f.year_from <= f.year_to, {
    message: 'The first year must not be after the last',
    path: ['year_to'],
  });
export type Fitment = z.infer<typeof Fitment>;

/** A fitment row as answers carry it (the input schema above checks and trims; this one only describes). */
export const FitmentRow = z.object({
  make: z.string(),
  model: z.string(),
  year_from: z.number().int(),
  year_to: z.number().int(),
  engine: z.string().nullable(),
  submodel: z.string().nullable().optional(),
  position: z.string().nullable().optional(),
  quantity: z.number().int().nullable().optional(),
  note: z.string().nullable().optional(),
});
export type FitmentRow = z.infer<typeof FitmentRow>;

/** The chosen vehicle: year, make and model, and the engine when the buyer named it. */
export const Vehicle = z.object({
  year: modelYear,
  make: vehicleText('Make', 40),
  model: vehicleText('Model', 60),
  engine: z.string().trim().max(60, 'Engine must be 60 characters or fewer').optional(),
});
export type Vehicle = z.infer<typeof Vehicle>;

/**
 * Whether a part fits a vehicle: universal parts fit all; otherwise a row of the same make and
 * model whose years hold the vehicle's year, for every engine or the vehicle's (a vehicle whose
 * engine is not known is taken to fit an engine-specific row: the purchase page lists the rows).
 */
export function fitVerdict(
  part: { universal_fit?: boolean; fitment: Fitment[] },
  vehicle: Vehicle,
): FitVerdict {
  if (part.universal_fit) return 'universal';
  // Exactly as the database compares them: the picker's names come from the same vehicles table.
  const same = (a: string, b: string) => a === b;
  const fits = part.fitment.some(
    (f) =>
      same(f.make, vehicle.make) &&
      same(f.model, vehicle.model) &&
      f.year_from <= vehicle.year &&
      vehicle.year <= f.year_to &&
      (!f.engine || !vehicle.engine || same(f.engine, vehicle.engine)),
  );
  return fits ? 'fits' : 'no';
}

/** One of a product's pictures, in the order shown; the first is the spec's `image`. */
export const ProductImage = z.object({
  url: z.string(),
  alt: z.string(),
});
export type ProductImage = z.infer<typeof ProductImage>;

/** A product named from another one's page: the replacement of a superseded part. */
export const ProductLink = z.object({
  _id: z.string(),
  name: z.string(),
  part_number: z.string().nullable(),
  sku: z.string().nullable(),
});
export type ProductLink = z.infer<typeof ProductLink>;

/**
 * GET /purchase/:id: the tool with everything its page shows about the part: every number it is
 * known by (maker's, OEM and interchange, UPC), the vehicles it fits, its pictures, what replaces
 * it when it is superseded, its core charge (refunded when the old part comes back) and whether
 * it may only ship by ground.
 */
export const ToolDetails = Tool.extend({
  category_name: z.string().nullable().optional(),
  part_numbers: z
    .array(z.object({ number: z.string(), kind: z.enum(partNumberKinds), brand: z.string() }))
    .optional(),
  fitment: z.array(FitmentRow).optional(),
  images: z.array(ProductImage).optional(),
  upc: z.string().nullable().optional(),
  replaced_by: ProductLink.nullable().optional(),
  core_charge: z.number().optional(),
  ground_only: z.boolean().optional(),
  weight_lb: z.number().nullable().optional(),
  length_in: z.number().nullable().optional(),
  width_in: z.number().nullable().optional(),
  height_in: z.number().nullable().optional(),
});
export type ToolDetails = z.infer<typeof ToolDetails>;

const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be ${max} characters or fewer`).optional();
const dollars = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(PRODUCT_LIMITS_PRICE_MAX, `${label} must be ${PRODUCT_LIMITS_PRICE_MAX} or less`)
    .optional();

/**
 * The vehicle part of a query: year, make and model together, or none of them. A vehicle narrows
 * the list to the parts that fit it (and universal ones) unless `fit=all`, and every tool then
 * says whether it fits.
 */
export const VehicleQuery = z.object({
  year: modelYear.optional(),
  make: optionalText('Make', 40),
  model: optionalText('Model', 60),
  engine: optionalText('Engine', 60),
});

export type VehicleQuery = z.infer<typeof VehicleQuery>;

export const ToolListQuery = z
  .object({
    search: z.string().trim().max(100, 'Search must be 100 characters or fewer').optional(),
    category: z
      .string()
      .max(60, 'Category must be 60 characters or fewer')
      .regex(/^[a-z0-9-]*$/, 'Category is a lower-case name such as brakes')
      .optional(),
    brand: optionalText('Brand', 60),
    minPrice: dollars('Lowest price'),
    maxPrice: dollars('Highest price'),
    inStock: z.enum(['1', 'true'], { error: 'inStock must be 1' }).optional(),
    ...VehicleQuery.shape,
    fit: z.enum(['only', 'all'], { error: 'fit must be only or all' }).optional(),
    sort: z.enum(toolSorts, { error: `Sort must be one of ${toolSorts.join(', ')}` }).optional(),
    page: z.coerce
      .number({ error: 'Page must be a whole number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .max(100_000, 'Page must be 100000 or less')
      .optional(),
    limit: z.coerce
      .number({ error: 'Limit must be a whole number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(TOOL_PAGE_SIZE_MAX, `Limit must be ${TOOL_PAGE_SIZE_MAX} or less`)
      .optional(),
  })
  .superRefine((q, ctx) => {
    const named = [q.year, q.make, q.model].filter((v) => v !== undefined && v !== '').length;
    if (named > 0 && named < 3) {
      ctx.addIssue({ code: 'custom', path: ['model'], message: 'Choose the year, make and model together' });
    }
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      ctx.addIssue({
        code: 'custom',
        path: ['maxPrice'],
        message: 'The highest price must not be below the lowest',
      });
    }
  });
export type ToolListQuery = z.infer<typeof ToolListQuery>;

/** GET /tool/facets: how many tools each choice of each filter would show, with the others applied. */
export const ToolFacets = z.object({
  total: z.number().int(),
  categories: z.array(
    z.object({ slug: z.string(), name: z.string(), parent: z.string().nullable(), count: z.number().int() }),
  ),
  brands: z.array(z.object({ name: z.string(), count: z.number().int() })),
  prices: z.array(z.object({ min: z.number(), max: z.number().nullable(), count: z.number().int() })),
  in_stock: z.number().int(),
});
export type ToolFacets = z.infer<typeof ToolFacets>;

/** The price bands the price filter offers, in dollars; the last one has no top. */
export const PRICE_BANDS: ReadonlyArray<readonly [number, number | null]> = [
  [0, 25],
  [25, 50],
  [50, 100],
  [100, 250],
  [250, null],
];

export const SuggestQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'Type something to search for')
    .max(100, 'Search must be 100 characters or fewer'),
});
/** What the search box offers while typing: products by name or number, brands and categories. */
export const Suggestion = z.object({
  kind: z.enum(['product', 'part', 'brand', 'category']),
  label: z.string(),
  /** The product's id, the brand's name or the category's slug. */
  value: z.string(),
  /** For a part number: the number matched. */
  detail: z.string().optional(),
});
export type Suggestion = z.infer<typeof Suggestion>;

export const Category = z.object({
  slug: z.string(),
  name: z.string(),
  parent: z.string().nullable(),
  description: z.string(),
  image: z.string(),
  count: z.number().int(),
});
export type Category = z.infer<typeof Category>;

export const VehicleOptionsQuery = VehicleQuery.pick({ year: true, make: true, model: true });
/**
 * The picker's choices: years always, makes once a year is chosen, models once a make, engines
 * (and trims, where vPIC names them) once a model.
 */
export const VehicleOptions = z.object({
  years: z.array(z.number().int()),
  makes: z.array(z.string()),
  models: z.array(z.string()),
  engines: z.array(z.string()),
  trims: z.array(z.string()).optional(),
});
export type VehicleOptions = z.infer<typeof VehicleOptions>;

/**
 * What a VIN says offline (vPIC's patterns): its model year and make, and where vPIC knows them its
 * model, trim, body, engine, drive and fuel; `models` are the make's models of that year, for the
 * buyer to confirm or choose.
 */
export const VinDecoded = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  models: z.array(z.string()),
  model: z.string().optional(),
  trim: z.string().optional(),
  series: z.string().optional(),
  body: z.string().optional(),
  engine: z.string().optional(),
  drive: z.string().optional(),
  fuel: z.string().optional(),
});
export type VinDecoded = z.infer<typeof VinDecoded>;

export const GarageVehicle = z.object({
  id: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  engine: z.string(),
  active: z.boolean(),
});
export type GarageVehicle = z.infer<typeof GarageVehicle>;

export const PRODUCT_LIMITS = {
  priceMin: 1,
  priceMax: 1_000_000,
  availableMin: 20,
  availableMax: 1_000_000,
  minimumOrderMin: 1,
  minimumOrderMax: 20,
} as const;

/** Limits of the product editor beyond the spec's Add Product. */
export const EDITOR_LIMITS = {
  minimumOrderMax: 1000,
  imagesMax: 12,
  fitmentMax: 1000,
  coreChargeMax: 10_000,
  costMax: 1_000_000,
  lowStockMax: 1_000_000,
} as const;

/** Numbers typed in a form arrive as text; an empty box is "missing", not zero. */
const number = (required: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: required }),
  );

/** Splits the add-product description on full stops into the spec's list of sentences. */
export function splitDescription(text: string): string[] {
  return text
    .split('.')
    .map((sentence) => sentence.trim())
    .filter(Boolean)
    .map((sentence) => `${sentence}.`);
}

const productFields = {
  name: z
    .string({ error: 'Product name is required' })
    .trim()
    .min(1, 'Product name is required')
    .max(120, 'Product name must be 120 characters or fewer'),
  price: number('Price is required').pipe(
    z
      .number()
      .min(PRODUCT_LIMITS.priceMin, 'Price must be greater than 0.')
      .max(PRODUCT_LIMITS.priceMax, 'Price must be 1000000 or less')
      .refine(
        (p) => Number.isInteger(Math.round(p * 100)) && Math.abs(p * 100 - Math.round(p * 100)) < 1e-6,
        'Price can have at most two decimals',
      ),
  ),
  available_quantity: number('Available quantity is required').pipe(
    z
      .number()
      .int('Available quantity must be a whole number')
      .min(PRODUCT_LIMITS.availableMin, 'Available quantity must be 20 or more')
      .max(PRODUCT_LIMITS.availableMax, 'Available quantity must be 1000000 or less'),
  ),
  minimum_order_quantity: number('Minimum order quantity is required').pipe(
    z
      .number()
      .int('Minimum order quantity must be a whole number')
      .min(PRODUCT_LIMITS.minimumOrderMin, 'Minimum order quantity must be between 1 and 20')
      .max(PRODUCT_LIMITS.minimumOrderMax, 'Minimum order quantity must be between 1 and 20'),
  ),
};

const descriptionList = z
  .array(z.string().trim().min(1).max(500, 'Each description sentence must be 500 characters or fewer'), {
    error: 'Description is required',
  })
  .min(1, 'Description is required')
  .max(20, 'Description can have at most 20 sentences');

/**
 * An image the store serves itself: an upload (/uploads/...) or a bundled picture (/images/...).
 * No `..` anywhere: `/images/../api/...` would make every shopper's browser fetch another URL.
 */
export const STORE_IMAGE = /^\/(uploads|images)\/(?!.*\.\.)[A-Za-z0-9._/-]+$/;
const imagePath = z
  .string({ error: 'Product image is required' })
  .min(1, 'Product image is required')
  .max(500)
  .regex(STORE_IMAGE, 'Upload the image first');

/**
 * The parts-catalog fields an admin edits on the product form; all optional, so the spec's
 * POST /tool payload stays valid without them.
 */
export const catalogFields = {
  category: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'Choose a category')
    .nullable()
    .optional(),
  brand: z.string().trim().max(60, 'Brand must be 60 characters or fewer').optional(),
  sku: z
    .string()
    .trim()
    .max(40, 'SKU must be 40 characters or fewer')
    .refine((n) => n === '' || partNumberKey(n).length > 0, 'SKU needs a letter or digit')
    .optional(),
  part_number: z
    .string()
    .trim()
    .max(40, 'Part number must be 40 characters or fewer')
    .refine((n) => n === '' || partNumberKey(n).length > 0, 'Part number needs a letter or digit')
    .optional(),
  cross_references: z.array(CrossReference).max(30, 'At most 30 cross-references').optional(),
  universal_fit: z.boolean().optional(),
  fitment: z
    .array(Fitment)
    .max(EDITOR_LIMITS.fitmentMax, `At most ${EDITOR_LIMITS.fitmentMax} fitment rows`)
    .optional(),
};
export type CatalogFields = z.infer<z.ZodObject<typeof catalogFields>>;

/** A UPC/EAN (GTIN-8, -12, -13 or -14) is right only if its last digit checks the others. */
export function isValidGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(digits)) return false;
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    // Weights 3,1,3,1... from the digit next to the check digit leftwards.
    const digit = Number(body[body.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

const decimalUnits = (label: string, unit: string, max: number, places: number) =>
  number(`${label} must be a number`)
    .pipe(
      z
        .number()
        .positive(`${label} must be more than 0`)
        .max(max, `${label} must be ${max} ${unit} or less`)
        .refine(
          (v) => Math.abs(v * 10 ** places - Math.round(v * 10 ** places)) < 1e-6,
          `${label} can have at most ${places} decimals`,
        ),
    )
    .nullable();

/**
 * The product editor's fields beyond the spec's Add Product (all optional on PATCH /tool/:id; a
 * field left out stays as it is). Money in dollars, weight in pounds, sizes in inches.
 */
export const editorFields = {
  name: z
    .string({ error: 'Product name is required' })
    .trim()
    .min(1, 'Product name is required')
    .max(120, 'Product name must be 120 characters or fewer'),
  minimum_order_quantity: number('Minimum order quantity is required').pipe(
    z
      .number()
      .int('Minimum order quantity must be a whole number')
      .min(1, `Minimum order quantity must be between 1 and ${EDITOR_LIMITS.minimumOrderMax}`)
      .max(
        EDITOR_LIMITS.minimumOrderMax,
        `Minimum order quantity must be between 1 and ${EDITOR_LIMITS.minimumOrderMax}`,
      ),
  ),
  status: z.enum(productStatuses, { error: 'Status must be draft, active or archived' }),
  upc: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine(
      (v) => v === '' || isValidGtin(v),
      'UPC must be 8, 12, 13 or 14 digits with a correct check digit',
    ),
  /** The replacing product's id; null: not superseded. */
  superseded_by: z.string().uuid('Choose the replacing product').nullable(),
  weight_lb: decimalUnits('Weight', 'lb', 10_000, 3),
  length_in: decimalUnits('Length', 'in', 1_000, 2),
  width_in: decimalUnits('Width', 'in', 1_000, 2),
  height_in: decimalUnits('Height', 'in', 1_000, 2),
  ground_only: z.boolean({ error: 'Ground only must be true or false' }),
  core_charge: number('Core charge must be a number').pipe(
    z
      .number()
      .min(0, 'Core charge cannot be negative')
      .max(EDITOR_LIMITS.coreChargeMax, `Core charge must be ${EDITOR_LIMITS.coreChargeMax} or less`)
      .refine(
        (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
        'Core charge can have at most two decimals',
      ),
  ),
  /** What one unit costs the store, in dollars; null: not known (the books count no margin for it). */
  cost: number('Cost must be a number')
    .pipe(
      z
        .number()
        .min(0, 'Cost cannot be negative')
        .max(EDITOR_LIMITS.costMax, `Cost must be ${EDITOR_LIMITS.costMax} or less`)
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'Cost can have at most two decimals'),
    )
    .nullable(),
  low_stock_threshold: number('Low stock threshold must be a whole number')
    .pipe(
      z
        .number()
        .int('Low stock threshold must be a whole number')
        .min(0, 'Low stock threshold cannot be negative')
        .max(EDITOR_LIMITS.lowStockMax),
    )
    .nullable(),
  images: z
    .array(
      z.object({
        url: z
          .string()
          .min(1)
          .max(500)
          .regex(STORE_IMAGE, 'Upload the image first, or add it by its address'),
        alt: z.string().trim().max(200, 'Alt text must be 200 characters or fewer').default(''),
      }),
    )
    .min(1, 'A product needs at least one image')
    .max(EDITOR_LIMITS.imagesMax, `At most ${EDITOR_LIMITS.imagesMax} images`),
};
export type EditorFields = z.infer<z.ZodObject<typeof editorFields>>;

/**
 * POST /tool, the spec's payload (description already split into a list), and the catalog fields;
 * `status: 'draft'` adds it unlisted, for the full editor to finish.
 */
export const NewToolInput = z.object({
  ...productFields,
  description: descriptionList,
  image: imagePath,
  ...catalogFields,
  status: editorFields.status.optional(),
});
export type NewToolInput = z.infer<typeof NewToolInput>;

/**
 * PATCH /tool/:id (the product editor, admin): any field of the product, each one left out stays as
 * it is. With `available_quantity_was` (the number the form showed) the stock moves by the
 * difference, so units ordered while the form was open stay reserved; without it the stock is set
 * to the number given. Lists (cross-references, fitment, images) are replaced whole. Every change
 * is kept in the product's history (GET /catalog/products/:id/history).
 */
export const ToolChanges = z
  .object({
    price: productFields.price.optional(),
    available_quantity_was: z.number().int().min(0).max(PRODUCT_LIMITS.availableMax).optional(),
    available_quantity: number('Available quantity is required')
      .pipe(
        z
          .number()
          .int('Available quantity must be a whole number')
          .min(0, 'Available quantity cannot be negative')
          .max(PRODUCT_LIMITS.availableMax),
      )
      .optional(),
    description: descriptionList.optional(),
    ...catalogFields,
    name: editorFields.name.optional(),
    minimum_order_quantity: editorFields.minimum_order_quantity.optional(),
    status: editorFields.status.optional(),
    upc: editorFields.upc.optional(),
    superseded_by: editorFields.superseded_by.optional(),
    weight_lb: editorFields.weight_lb.optional(),
    length_in: editorFields.length_in.optional(),
    width_in: editorFields.width_in.optional(),
    height_in: editorFields.height_in.optional(),
    ground_only: editorFields.ground_only.optional(),
    core_charge: editorFields.core_charge.optional(),
    cost: editorFields.cost.optional(),
    low_stock_threshold: editorFields.low_stock_threshold.optional(),
    images: editorFields.images.optional(),
  })
  .refine((c) => Object.values(c).some((v) => v !== undefined), 'Change at least one field');
export type ToolChanges = z.infer<typeof ToolChanges>;

/** The add-product form: the description as typed, the image as a file to upload first. */
export const ProductForm = z.object({
  ...productFields,
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(5000, 'Description must be 5000 characters or fewer')
    .refine((text) => splitDescription(text).length > 0, 'Description is required'),
});

export const InsertedId = z.object({ insertedId: z.string() });
export const ToolDeleted = z.object({ deletedCount: z.number().int(), retired: z.boolean() });
