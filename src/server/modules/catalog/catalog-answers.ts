import {
  DID_YOU_MEAN_HEADER,
  queryVehicle,
  SEARCH_UNDERSTOOD_HEADER,
  TOOL_LIST_DEFAULT_LIMIT,
  TOOL_LIST_PARAMS,
  TOTAL_COUNT_HEADER,
  type ToolListQuery,
  type VehicleQuery,
} from '../../../contract/catalog';
import { isUuid } from '../../../contract/ids';
import type { Db } from '../../kernel/db';
import { notFound } from '../../kernel/errors';
import type { AnswerCache, CachedAnswer } from './answer-cache';
import { getToolDetails, listTools } from './catalog.service';
import { listCategories, suggest, toolFacets } from './catalog-query';
import { relatedProducts } from './related';
import { listBrands } from './taxonomy.service';

/** The tables every catalog answer is made from: a committed change to any of them forgets them all. */
export const CATALOG_TABLES = [
  'tools',
  'categories',
  'part_numbers',
  'fitments',
  'product_images',
  'brands',
  'search_synonyms',
] as const;

/**
 * A validated list query as a key: every parameter in a fixed order, so `?page=01` and `?page=1`
 * share an answer. JSON keeps a value holding a separator from running into the next.
 */
const listKey = (query: ToolListQuery) =>
  JSON.stringify(
    TOOL_LIST_PARAMS.map((name) => {
      if (name === 'limit') return query.limit ?? TOOL_LIST_DEFAULT_LIMIT;
      if (name === 'page') return query.page ?? 1;
      return query[name] ?? '';
    }),
  );

/**
 * The public catalog reads, as serialized answers kept in `cache`. Everything they show is in the
 * catalog's tables, whose changes (stock included) the cache hears of and forgets them on.
 */
export function catalogAnswers(db: Db, cache: AnswerCache) {
  return {
    /** GET /tool. */
    list(query: ToolListQuery): CachedAnswer | Promise<CachedAnswer> {
      return cache.answer(`list:${listKey(query)}`, async () => {
        const { tools, total, notes } = await listTools(db, query);
        return {
          body: JSON.stringify(tools),
          headers: {
            [TOTAL_COUNT_HEADER]: String(total),
            // Header values travel as ASCII: the words are URI-encoded.
            ...(notes.understood ? { [SEARCH_UNDERSTOOD_HEADER]: encodeURIComponent(notes.understood) } : {}),
            ...(notes.didYouMean ? { [DID_YOU_MEAN_HEADER]: encodeURIComponent(notes.didYouMean) } : {}),
          },
        };
      });
    },
    /** GET /tool/facets. */
    facets(query: ToolListQuery): CachedAnswer | Promise<CachedAnswer> {
      return cache.answer(`facets:${listKey(query)}`, async () => ({
        body: JSON.stringify(await toolFacets(db, query)),
      }));
    },
    /** GET /tool/suggest. */
    suggest(term: string): CachedAnswer | Promise<CachedAnswer> {
      return cache.answer(`suggest:${term.toLowerCase()}`, async () => ({
        body: JSON.stringify(await suggest(db, term)),
      }));
    },
    /** GET /categories. */
    categories(): CachedAnswer | Promise<CachedAnswer> {
      return cache.answer('categories', async () => ({ body: JSON.stringify(await listCategories(db)) }));
    },
    /** GET /brands. */
    brands(): CachedAnswer | Promise<CachedAnswer> {
      return cache.answer('brands', async () => ({ body: JSON.stringify(await listBrands(db)) }));
    },
    /** GET /purchase/:id/related. */
    related(id: string, query: VehicleQuery = {}): CachedAnswer | Promise<CachedAnswer> {
      const vehicle = queryVehicle(query);
      const key = `related:${id.toLowerCase()}:${vehicle ? JSON.stringify([vehicle.year, vehicle.make, vehicle.model, vehicle.engine ?? '']) : ''}`;
      return cache.answer(key, async () => {
        if (!isUuid(id)) throw notFound('Tool');
        return { body: JSON.stringify(await relatedProducts(db, id, vehicle)) };
      });
    },
    /** GET /purchase/:id; an unknown tool is a 404, which is not kept. */
    tool(id: string, query: VehicleQuery = {}): CachedAnswer | Promise<CachedAnswer> {
      const vehicle = queryVehicle(query);
      const key = `tool:${id.toLowerCase()}:${vehicle ? JSON.stringify([vehicle.year, vehicle.make, vehicle.model, vehicle.engine ?? '']) : ''}`;
      return cache.answer(key, async () => ({
        body: JSON.stringify(await getToolDetails(db, id, vehicle)),
      }));
    },
  };
}
