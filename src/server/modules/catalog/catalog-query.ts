import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  type Category,
  PRICE_BANDS,
  partNumberKey,
  queryVehicle,
  type Suggestion,
  type Tool,
  type ToolFacets,
  type ToolListQuery,
  type ToolSort,
  type Vehicle,
} from '../../../contract/catalog';
import type { Db } from '../../db/database';
import { tools } from '../../db/schema';
import { toTool } from './tool-wire';

/** `%` and `_` typed by a customer are searched for literally, not as wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Rows of a raw query, the same on PGlite and node-postgres. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A number typed in the search box is looked up from this many letters and digits on. */
const PART_KEY_MIN = 3;

/**
 * How close a word must be to count as a misspelling of a catalog word, in pg_trgm similarity
 * (0 to 1): `wrnch` is 0.44 from `wrench`, `torqe` 0.5 from `torque`.
 */
const TYPO_SIMILARITY = 0.35;

/**
 * The term with each word the catalog's names do not have replaced by the closest one they do
 * (trigram similarity over `search_words`; `%` reads its trigram index, at pg_trgm's default
 * threshold of 0.3, below ours), or undefined when nothing changed:
 * `wrnch` becomes `wrench`, `jak stnds` becomes `jack stands`. Words of under three letters, and
 * numbers, stay as typed (docs/decisions/017-catalog-search-and-filters.md).
 */
export async function correctedTerm(db: Db, term: string): Promise<string | undefined> {
  const words = term
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let changed = false;
  const corrected = await Promise.all(
    words.map(async (word) => {
      if (word.length < 3 || /^\d+$/.test(word)) return word;
      const [best] = rowsOf<{ word: string; exact: boolean }>(
        await db.execute(sql`
          select word, word = ${word} as exact from search_words
          where word = ${word} or (word % ${word} and similarity(word, ${word}) >= ${TYPO_SIMILARITY})
          order by word = ${word} desc, similarity(word, ${word}) desc, word limit 1`),
      );
      if (!best || best.exact) return word;
      changed = true;
      return best.word;
    }),
  );
  return changed ? corrected.join(' ') : undefined;
}

/** The filters a list, its counts and its facets share; `except` leaves one out (for its own facet). */
type Facet = 'category' | 'brand' | 'price' | 'inStock';

/** The fitment test for one vehicle, as a condition on `t` (a tools row): universal parts fit all. */
export function fitsVehicle(v: Vehicle): SQL {
  // `in (select ...)` is hashed once per query; an array (`= any(array(...))`) would be searched
  // row by row, 600 ms for a list at 100,000 products.
  return sql`(t.universal_fit or t.id in (
    select f.tool_id from fitments f
    where f.make = ${v.make} and f.model = ${v.model} and f.year_from <= ${v.year} and f.year_to >= ${v.year}
      and (f.engine is null or ${v.engine ?? null}::text is null or f.engine = ${v.engine ?? null}::text)))`;
}

/**
 * An exact search: the term in the name, description or brand, or the start of a part number.
 * The part numbers' matches go in as an array (`= any(array(...))`, computed once), so PostgreSQL
 * ORs four index scans into one bitmap (three trigram indexes and the primary key); a subquery
 * OR-ed in (`or t.id in (select ...)`) would make it test every product instead.
 */
function searchCondition(term: string): SQL {
  const pattern = `%${escapeLike(term)}%`;
  const key = partNumberKey(term);
  // Part numbers and SKUs nearly always carry a digit; a plain word (`wrench`) skips that lookup.
  const byNumber =
    key.length >= PART_KEY_MIN && /\d/.test(key)
      ? sql` or t.id = any(array(select p.tool_id from part_numbers p where p.key like ${`${key}%`}))`
      : sql``;
  return sql`(t.name ilike ${pattern} or t.description_text ilike ${pattern} or t.brand ilike ${pattern}${byNumber})`;
}

/** The category and every category under it. */
const inCategory = (slug: string) => sql`t.category_slug in (
  with recursive tree as (
    select slug from categories where slug = ${slug}
    union all select c.slug from categories c join tree on c.parent_slug = tree.slug
  ) select slug from tree)`;

const IN_STOCK = sql`(t.available_quantity > 0 and t.available_quantity >= t.minimum_order_quantity)`;

function conditions(query: ToolListQuery, except?: Facet): SQL {
  const parts: SQL[] = [sql`t.retired_at is null`];
  const term = query.search?.trim();
  if (term) parts.push(searchCondition(term));
  if (query.category && except !== 'category') parts.push(inCategory(query.category));
  if (query.brand && except !== 'brand') parts.push(sql`t.brand = ${query.brand}`);
  if (except !== 'price') {
    if (query.minPrice !== undefined) parts.push(sql`t.price_cents >= ${Math.round(query.minPrice * 100)}`);
    if (query.maxPrice !== undefined) parts.push(sql`t.price_cents <= ${Math.round(query.maxPrice * 100)}`);
  }
  if (query.inStock && except !== 'inStock') parts.push(IN_STOCK);
  const vehicle = queryVehicle(query);
  if (vehicle && query.fit !== 'all') parts.push(fitsVehicle(vehicle));
  return sql.join(parts, sql` and `);
}

/** The sorts of GET /tool, tie-breaker last. */
function orderFor(sort: ToolSort | 'catalog'): SQL {
  const orders: Record<ToolSort | 'catalog', SQL> = {
    catalog: sql`t.created_at, t.id`,
    newest: sql`t.created_at desc, t.id desc`,
    price: sql`t.price_cents, t.id`,
    '-price': sql`t.price_cents desc, t.id desc`,
    name: sql`lower(t.name), t.id`,
  };
  return orders[sort];
}

async function countTools(db: Db, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from tools t where ${where}`),
  );
  return Number(row?.n ?? 0);
}

/**
 * The query to answer: as asked, or, when its search term finds nothing under the other filters and
 * a corrected spelling of it exists, with the corrected term.
 */
async function answerableQuery(
  db: Db,
  query: ToolListQuery,
  found: (query: ToolListQuery) => Promise<number>,
): Promise<ToolListQuery> {
  const term = query.search?.trim();
  if (!term || (await found(query)) > 0) return query;
  const corrected = await correctedTerm(db, term);
  return corrected ? { ...query, search: corrected } : query;
}

/** Whether each of `ids` fits the vehicle: 'universal', 'fits' or 'no'. */
async function verdicts(db: Db, ids: string[], vehicle: Vehicle): Promise<Map<string, Tool['fits']>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; fits: boolean; universal: boolean }>(
    await db.execute(sql`
      select t.id::text as id, t.universal_fit as universal, ${fitsVehicle(vehicle)} as fits
      from tools t where t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.id, r.universal ? 'universal' : r.fits ? 'fits' : 'no']));
}

/**
 * GET /tool: one page of the live catalog under the query's filters, search and sort, and how many
 * there are in all. Matches are collected once (a materialized CTE) and both counted and paged from
 * there when a search is given: a term's matches may cluster anywhere in a sort's order. Without a
 * search each sort reads its index in order and stops after a page.
 */
export async function findTools(
  db: Db,
  query: ToolListQuery,
  limit: number,
  offset: number,
): Promise<{ tools: Tool[]; total: number }> {
  const asked = await pageOfTools(db, query, limit, offset);
  if (asked.total > 0 || !query.search?.trim()) return asked;
  // Nothing for the term as typed: try it spelt as the catalog spells it.
  const corrected = await correctedTerm(db, query.search);
  return corrected ? pageOfTools(db, { ...query, search: corrected }, limit, offset) : asked;
}

async function pageOfTools(
  db: Db,
  query: ToolListQuery,
  limit: number,
  offset: number,
): Promise<{ tools: Tool[]; total: number }> {
  const sort = query.sort ?? 'catalog';
  const term = query.search?.trim() ?? '';
  const where = conditions(query);
  const order = orderFor(sort);
  let ids: string[];
  let total: number;
  if (term) {
    const [found] = rowsOf<{ total: number; ids: string[] }>(
      await db.execute(sql`
        with matches as materialized (
          select t.id, t.created_at, t.price_cents, t.name from tools t where ${where}
        )
        select (select count(*) from matches)::int as total,
          array(select t.id::text from matches t order by ${order} limit ${limit} offset ${offset}) as ids`),
    );
    ids = found?.ids ?? [];
    total = Number(found?.total ?? 0);
  } else {
    const [page, counted] = await Promise.all([
      db.execute(
        sql`select t.id::text as id from tools t where ${where} order by ${order} limit ${limit} offset ${offset}`,
      ),
      countTools(db, where),
    ]);
    ids = rowsOf<{ id: string }>(page).map((r) => r.id);
    total = counted;
  }
  if (ids.length === 0) return { tools: [], total };
  const vehicle = queryVehicle(query);
  const [rows, fits] = await Promise.all([
    db.select().from(tools).where(inArray(tools.id, ids)),
    vehicle ? verdicts(db, ids, vehicle) : Promise.resolve(undefined),
  ]);
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return {
    tools: rows.map((row) => {
      const tool = toTool(row);
      const verdict = fits?.get(row.id);
      return verdict ? { ...tool, fits: verdict } : tool;
    }),
    total,
  };
}

/** Every category with its parent and how many live tools are filed in it or under it. */
export async function listCategories(db: Db): Promise<Category[]> {
  const rows = rowsOf<{
    slug: string;
    name: string;
    parent: string | null;
    description: string;
    image: string;
    own: number;
  }>(
    await db.execute(sql`
      select c.slug, c.name, c.parent_slug as parent, c.description, c.image,
        (select count(*) from tools t where t.category_slug = c.slug and t.retired_at is null)::int as own
      from categories c order by c.position, c.name`),
  );
  return rows.map((c) => ({
    slug: c.slug,
    name: c.name,
    parent: c.parent,
    description: c.description,
    image: c.image,
    count:
      Number(c.own) +
      rows.filter((child) => child.parent === c.slug).reduce((n, child) => n + Number(child.own), 0),
  }));
}

/**
 * GET /tool/facets: beside each choice of a filter, how many tools it would show with the other
 * filters as they are (a chosen brand does not hide the other brands' counts).
 */
export async function toolFacets(db: Db, query: ToolListQuery): Promise<ToolFacets> {
  const answered = await answerableQuery(db, query, (q) => countTools(db, conditions(q)));
  return facetsOf(db, answered);
}

async function facetsOf(db: Db, query: ToolListQuery): Promise<ToolFacets> {
  const bands = PRICE_BANDS.map(
    ([min, max]) =>
      sql`(count(*) filter (where t.price_cents >= ${min * 100}${max === null ? sql`` : sql` and t.price_cents < ${max * 100}`}))::int`,
  );
  const [total, byCategory, byBrand, byPrice, inStock, categories] = await Promise.all([
    countTools(db, conditions(query)),
    db.execute(
      sql`select t.category_slug as slug, count(*)::int as n from tools t where ${conditions(query, 'category')} group by 1`,
    ),
    db.execute(
      sql`select t.brand as name, count(*)::int as n from tools t where ${conditions(query, 'brand')} and t.brand <> '' group by 1 order by 2 desc, 1 limit 30`,
    ),
    db.execute(
      sql`select array[${sql.join(bands, sql`, `)}] as counts from tools t where ${conditions(query, 'price')}`,
    ),
    countTools(db, sql`${conditions(query, 'inStock')} and ${IN_STOCK}`),
    listCategories(db),
  ]);
  const own = new Map(
    rowsOf<{ slug: string | null; n: number }>(byCategory).map((r) => [r.slug, Number(r.n)]),
  );
  const counts = rowsOf<{ counts: number[] }>(byPrice)[0]?.counts ?? [];
  return {
    total,
    categories: categories
      .map((c) => ({
        slug: c.slug,
        name: c.name,
        parent: c.parent,
        count:
          (own.get(c.slug) ?? 0) +
          categories
            .filter((child) => child.parent === c.slug)
            .reduce((n, child) => n + (own.get(child.slug) ?? 0), 0),
      }))
      .filter((c) => c.count > 0 || c.slug === query.category),
    brands: rowsOf<{ name: string; n: number }>(byBrand).map((b) => ({ name: b.name, count: Number(b.n) })),
    prices: PRICE_BANDS.map(([min, max], i) => ({ min, max, count: Number(counts[i] ?? 0) })),
    in_stock: inStock,
  };
}

/** What the search box offers while typing: part numbers first (the surest match), then names, brands, categories. */
export async function suggest(db: Db, term: string): Promise<Suggestion[]> {
  const key = partNumberKey(term);
  const pattern = `%${escapeLike(term)}%`;
  const [parts, named, brands, categories] = await Promise.all([
    key.length >= PART_KEY_MIN
      ? db.execute(sql`
          select t.id::text as id, t.name, p.number from part_numbers p join tools t on t.id = p.tool_id
          where p.key like ${`${key}%`} and t.retired_at is null order by length(p.key), p.number limit 4`)
      : Promise.resolve({ rows: [] }),
    db.execute(sql`
      select t.id::text as id, t.name from tools t
      where t.retired_at is null and t.name ilike ${pattern} order by lower(t.name) limit 6`),
    db.execute(sql`
      select distinct t.brand as name from tools t
      where t.retired_at is null and t.brand ilike ${pattern} order by 1 limit 3`),
    db.execute(sql`select slug, name from categories where name ilike ${pattern} order by position limit 3`),
  ]);
  let products = rowsOf<{ id: string; name: string }>(named);
  const corrected = products.length === 0 && term.length >= 3 ? await correctedTerm(db, term) : undefined;
  if (corrected) {
    products = rowsOf<{ id: string; name: string }>(
      await db.execute(sql`
        select t.id::text as id, t.name from tools t
        where t.retired_at is null and t.name ilike ${`%${escapeLike(corrected)}%`} order by lower(t.name) limit 6`),
    );
  }
  const partRows = rowsOf<{ id: string; name: string; number: string }>(parts);
  const shown = new Set(partRows.map((p) => p.id));
  return [
    ...partRows.map((p) => ({ kind: 'part' as const, label: p.name, value: p.id, detail: p.number })),
    ...products
      .filter((p) => !shown.has(p.id))
      .map((p) => ({ kind: 'product' as const, label: p.name, value: p.id })),
    ...rowsOf<{ name: string }>(brands).map((b) => ({
      kind: 'brand' as const,
      label: b.name,
      value: b.name,
    })),
    ...rowsOf<{ slug: string; name: string }>(categories).map((c) => ({
      kind: 'category' as const,
      label: c.name,
      value: c.slug,
    })),
  ].slice(0, 10);
}
