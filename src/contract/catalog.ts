import { z } from 'zod';
import { TOOL_PAGE_SIZE_DEFAULT, TOOL_PAGE_SIZE_MAX } from './catalog.constants';

export * from './catalog.constants';

/** A tool as the spec puts it on the wire: `_id` and snake_case quantities, price in dollars. */
export const Tool = z.object({
  _id: z.string(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  description: z.array(z.string()),
  available_quantity: z.number().int(),
  minimum_order_quantity: z.number().int(),
});
export type Tool = z.infer<typeof Tool>;

export const toolSorts = ['price', '-price', 'name', 'newest'] as const;
export type ToolSort = (typeof toolSorts)[number];

export const ToolListQuery = z.object({
  search: z.string().trim().max(100, 'Search must be 100 characters or fewer').optional(),
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
});
export type ToolListQuery = z.infer<typeof ToolListQuery>;

/**
 * The list the /tools page shows for the address's query string: what it says, where valid, one
 * page of the default size, page 1 unless another is named. The page and the server's preload
 * hint read the address the same way.
 */
export function toolListFromAddress(params: Record<string, string>): ToolListQuery {
  const parsed = ToolListQuery.safeParse(params);
  const query = parsed.success ? parsed.data : {};
  return { ...query, limit: TOOL_PAGE_SIZE_DEFAULT, page: query.page ?? 1 };
}

export const PRODUCT_LIMITS = {
  priceMin: 1,
  priceMax: 1_000_000,
  availableMin: 20,
  availableMax: 1_000_000,
  minimumOrderMin: 1,
  minimumOrderMax: 20,
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
const imagePath = z
  .string({ error: 'Product image is required' })
  .min(1, 'Product image is required')
  .max(500)
  .regex(/^\/(uploads|images)\/(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'Upload the image first');

/** POST /tool, the spec's payload (description already split into a list). */
export const NewToolInput = z.object({ ...productFields, description: descriptionList, image: imagePath });
export type NewToolInput = z.infer<typeof NewToolInput>;

/**
 * PATCH /tool/:id (admin edit): any of price, stock and description. With `available_quantity_was`
 * (the number the form showed) the stock moves by the difference, so units ordered while the form
 * was open stay reserved; without it the stock is set to the number given.
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
