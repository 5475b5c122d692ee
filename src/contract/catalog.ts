import { z } from 'zod';

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

export const TOOL_PAGE_SIZE_DEFAULT = 24;
export const TOOL_PAGE_SIZE_MAX = 100;
/** Without `limit`, GET /tool answers up to this many tools, so the spec's "all tools" call stays bounded. */
export const TOOL_LIST_DEFAULT_LIMIT = 100;

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

/** Name of the response header that carries the number of tools matching a list query. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
