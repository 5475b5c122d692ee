/**
 * Catalog values the web app needs on every page. Kept apart from the zod schemas so importing
 * them does not put the validation library into the home page's first load.
 */
export const TOOL_PAGE_SIZE_DEFAULT = 24;
export const TOOL_PAGE_SIZE_MAX = 100;
/** Without `limit`, GET /tool answers up to this many tools, so the spec's "all tools" call stays bounded. */
export const TOOL_LIST_DEFAULT_LIMIT = 100;
/** Name of the response header that carries the number of tools matching a list query. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
