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
import { stockOf } from '../inventory';
import type { AnswerCache, AvailabilityUpdates, CachedAnswer } from './answer-cache';
import { getProductDetails, listTools } from './catalog.service';
import { listCategories, productFacets, suggest } from './catalog-query';
import { relatedProducts } from './related';
import { listBrands } from './taxonomy.service';

/** The tables every catalog answer is made from: a committed change to any of them forgets them all. */
export const CATALOG_TABLES = [
  'products',
  'categories',
  'part_numbers',
  'fitments',
  'product_images',
  'brands',
  'search_synonyms',
] as const;

/**
 * The tables whose changes alter products' availability and nothing else (decision 094): the
 * stock levels, once they leave the products table. Their announcements update the figures in the
 * cached answers instead of forgetting them all.
 */
export const AVAILABILITY_TABLES = ['stock_levels'] as const;

const IN_STOCK_PARAM = TOOL_LIST_PARAMS.indexOf('inStock');

/**
 * How the catalog's cached answers follow availability: the figures of the products they show are
 * read again, one statement for all of them; a list filtered by stock and the facets (which count
 * what is in stock) depend on more than the figures they show, and are built again.
 */
export function catalogAvailability(db: Db): AvailabilityUpdates {
  return {
    tables: AVAILABILITY_TABLES,
    async read(ids) {
      const wanted = ids.filter(isUuid);
      if (wanted.length === 0) return new Map();
      // The same figure the answers show as available_quantity, read by the inventory's face.
      const stock = await stockOf(db, wanted);
      return new Map([...stock].map(([id, figures]) => [id, figures.available]));
    },
    dependsOnAvailability(key) {
      if (key.startsWith('facets:')) return true;
      if (!key.startsWith('list:')) return false;
      const params = JSON.parse(key.slice('list:'.length)) as unknown[];
      return params[IN_STOCK_PARAM] !== '' && params[IN_STOCK_PARAM] !== undefined;
    },
  };
}

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
 * catalog's tables, whose changes the cache hears of and forgets them on; a change of availability
 * alone updates the figures in them (catalogAvailability).
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
        body: JSON.stringify(await productFacets(db, query)),
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
        body: JSON.stringify(await getProductDetails(db, id, vehicle)),
      }));
    },
  };
}
