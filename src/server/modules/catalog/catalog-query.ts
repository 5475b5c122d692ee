import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  type Category,
  PRICE_BANDS,
  queryVehicle,
  type Suggestion,
  type Tool,
  type ToolFacets,
  type ToolListQuery,
  type ToolSort,
  type Vehicle,
} from '../../../contract/catalog';
import { dollarsToCents } from '../../../contract/money';
import type { Db } from '../../kernel/db';
import { products, rowsOf } from '../../kernel/db';
import { availableAtLeast, stockOf } from '../inventory';
import {
  planLoosely,
  planSearch,
  type SearchPlan,
  searchCondition,
  searchRank,
  searchWords,
} from './search-plan';
import { toProduct } from './tool-wire';

/** The filters a list, its counts and its facets share; `except` leaves one out (for its own facet). */
type Facet = 'category' | 'brand' | 'price' | 'inStock';

/** Whether `t` (a products row) has a fitment row for the vehicle. */
function fittedTo(v: Vehicle): SQL {
  // `in (select ...)` is hashed once per query; an array (`= any(array(...))`) would be searched
  // row by row, 600 ms for a list at 100,000 products.
  return sql`t.id in (
    select f.product_id from fitments f
    where f.make = ${v.make} and f.model = ${v.model} and f.year_from <= ${v.year} and f.year_to >= ${v.year}
      and (f.engine is null or ${v.engine ?? null}::text is null or f.engine = ${v.engine ?? null}::text))`;
}

/** The fitment test for one vehicle, as a condition on `t` (a products row): universal parts fit all. */
export function fitsVehicle(v: Vehicle): SQL {
  return sql`(t.universal_fit or ${fittedTo(v)})`;
}

/**
 * Where a product stands in a list for a vehicle, first to last: the parts fitted to it, then
 * universal parts and tools, then (when the buyer shows every product) the parts that do not fit.
 * Only the parts that fit: `universal_fit` alone orders them, which `products_fit_order_idx` reads
 * in order (drizzle/0033).
 */
function fitClass(query: ToolListQuery): SQL | null {
  const vehicle = queryVehicle(query);
  if (!vehicle) return null;
  if (query.fit !== 'all') return sql`t.universal_fit`;
  return sql`(case when t.universal_fit then 1 when ${fittedTo(vehicle)} then 0 else 2 end)`;
}

/** The category and every category under it. */
const inCategory = (slug: string) => sql`t.category_slug in (
  with recursive tree as (
    select slug from categories where slug = ${slug}
    union all select c.slug from categories c join tree on c.parent_slug = tree.slug
  ) select slug from tree)`;

/** Enough left for the product's minimum order (at least one: a CHECK keeps the minimum positive), as the inventory has it. */
const IN_STOCK = availableAtLeast(sql`t.id`, sql`t.minimum_order_quantity`);

/** A list query and how its search term was read (none without a term). */
interface Planned {
  query: ToolListQuery;
  plan?: SearchPlan;
}

function conditions({ query, plan }: Planned, except?: Facet): SQL {
  const parts: SQL[] = [sql`t.retired_at is null`];
  if (plan) parts.push(searchCondition(plan));
  if (query.category && except !== 'category') parts.push(inCategory(query.category));
  if (query.brand && except !== 'brand') parts.push(sql`t.brand = ${query.brand}`);
  if (except !== 'price') {
    if (query.minPrice !== undefined) parts.push(sql`t.price_cents >= ${dollarsToCents(query.minPrice)}`);
    if (query.maxPrice !== undefined) parts.push(sql`t.price_cents <= ${dollarsToCents(query.maxPrice)}`);
  }
  if (query.inStock && except !== 'inStock') parts.push(IN_STOCK);
  const vehicle = queryVehicle(query);
  if (vehicle && query.fit !== 'all') parts.push(fitsVehicle(vehicle));
  return sql.join(parts, sql` and `);
}

/**
 * The sorts of GET /tool, tie-breaker last; a search without a sort is ordered by how well each
 * matches. The store's own orders (featured, relevance) put the parts fitted to the buyer's vehicle
 * first (`fit`, from fitClass); a sort the buyer chose is theirs.
 */
function orderFor(sort: ToolSort | 'catalog' | 'relevance', fit: SQL | null): SQL {
  const first = fit ? sql`${fit}, ` : sql``;
  const orders: Record<ToolSort | 'catalog' | 'relevance', SQL> = {
    // Equally good matches keep the catalog's own order.
    relevance: sql`${first}t.rank desc, t.created_at, t.id`,
    catalog: sql`${first}t.created_at, t.id`,
    newest: sql`t.created_at desc, t.id desc`,
    price: sql`t.price_cents, t.id`,
    '-price': sql`t.price_cents desc, t.id desc`,
    name: sql`lower(t.name), t.id`,
  };
  return orders[sort];
}

async function countProducts(db: Db, where: SQL): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from products t where ${where}`),
  );
  return Number(row?.n ?? 0);
}

/** Reads the query's search term, if it has one. */
export async function planned(db: Db, query: ToolListQuery): Promise<Planned> {
  const term = query.search?.trim();
  return term ? { query, plan: await planSearch(db, term) } : { query };
}

/** Whether each of `ids` fits the vehicle: 'universal', 'fits' or 'no'. */
async function verdicts(db: Db, ids: string[], vehicle: Vehicle): Promise<Map<string, Tool['fits']>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: string; fits: boolean; universal: boolean }>(
    await db.execute(sql`
      select t.id::text as id, t.universal_fit as universal, ${fitsVehicle(vehicle)} as fits
      from products t where t.id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.id, r.universal ? 'universal' : r.fits ? 'fits' : 'no']));
}

/** What a search answer says beside its tools: how the term was read, and a way out of nothing found. */
export interface SearchNotes {
  understood?: string;
  didYouMean?: string;
}

/**
 * GET /tool: one page of the live catalog under the query's filters, search and sort, and how many
 * there are in all. Matches are collected once (a materialized CTE) and both counted and paged from
 * there when a search is given: a term's matches may cluster anywhere in a sort's order. Without a
 * search each sort reads its index in order and stops after a page.
 */
export async function findProducts(
  db: Db,
  query: ToolListQuery,
  limit: number,
  offset: number,
): Promise<{ tools: Tool[]; total: number; notes: SearchNotes }> {
  const asked = await planned(db, query);
  const page = await pageOfProducts(db, asked, limit, offset);
  const notes: SearchNotes = {};
  if (asked.plan?.changed && asked.plan.understood) notes.understood = asked.plan.understood;
  if (page.total === 0 && asked.plan) {
    const better = await didYouMean(db, asked);
    if (better) notes.didYouMean = better;
  }
  return { ...page, notes };
}

/**
 * When a search finds nothing: the term read with looser corrections, or without one of its words,
 * whichever first finds something under the same filters.
 */
async function didYouMean(db: Db, { query }: Planned): Promise<string | undefined> {
  const term = query.search?.trim() ?? '';
  const words = searchWords(term);
  const loose = await planLoosely(db, term);
  const tries: Planned[] = [];
  if (loose.changed && loose.understood) tries.push({ query, plan: loose });
  if (words.length > 1) {
    for (let i = words.length - 1; i >= 0; i -= 1) {
      const shorter = words.filter((_, j) => j !== i).join(' ');
      tries.push({ query, plan: await planSearch(db, shorter) });
    }
  }
  for (const attempt of tries) {
    if (!attempt.plan) continue;
    if ((await countProducts(db, conditions(attempt))) > 0) {
      return attempt.plan.understood || undefined;
    }
  }
  return undefined;
}

async function pageOfProducts(
  db: Db,
  asked: Planned,
  limit: number,
  offset: number,
): Promise<{ tools: Tool[]; total: number }> {
  const { query, plan } = asked;
  const sort = query.sort ?? (plan ? 'relevance' : 'catalog');
  const where = conditions(asked);
  const fit = fitClass(query);
  let ids: string[];
  let total: number;
  if (plan) {
    const rank = sort === 'relevance' ? searchRank(plan) : sql`0`;
    const order = orderFor(sort, fit ? sql`t.fit` : null);
    const [found] = rowsOf<{ total: number; ids: string[] }>(
      await db.execute(sql`
        with matches as materialized (
          select t.id, t.created_at, t.price_cents, t.name, ${rank} as rank, ${fit ?? sql`0`} as fit
          from products t where ${where}
        )
        select (select count(*) from matches)::int as total,
          array(select t.id::text from matches t order by ${order} limit ${limit} offset ${offset}) as ids`),
    );
    ids = found?.ids ?? [];
    total = Number(found?.total ?? 0);
  } else {
    const order = orderFor(sort, fit);
    const [page, counted] = await Promise.all([
      db.execute(
        sql`select t.id::text as id from products t where ${where} order by ${order} limit ${limit} offset ${offset}`,
      ),
      countProducts(db, where),
    ]);
    ids = rowsOf<{ id: string }>(page).map((r) => r.id);
    total = counted;
  }
  if (ids.length === 0) return { tools: [], total };
  const vehicle = queryVehicle(query);
  const [rows, fits, stock] = await Promise.all([
    db.select().from(products).where(inArray(products.id, ids)),
    vehicle ? verdicts(db, ids, vehicle) : Promise.resolve(undefined),
    stockOf(db, ids),
  ]);
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return {
    tools: rows.map((row) => {
      const product = toProduct(row, stock.get(row.id)?.available ?? 0);
      const verdict = fits?.get(row.id);
      return verdict ? { ...product, fits: verdict } : product;
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
        (select count(*) from products t where t.category_slug = c.slug and t.retired_at is null)::int as own
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
export async function productFacets(db: Db, query: ToolListQuery): Promise<ToolFacets> {
  return facetsOf(db, await planned(db, query));
}

async function facetsOf(db: Db, asked: Planned): Promise<ToolFacets> {
  const { query } = asked;
  const bands = PRICE_BANDS.map(
    ([min, max]) =>
      sql`(count(*) filter (where t.price_cents >= ${dollarsToCents(min)}${max === null ? sql`` : sql` and t.price_cents < ${dollarsToCents(max)}`}))::int`,
  );
  const [total, byCategory, byBrand, byPrice, inStock, categories] = await Promise.all([
    countProducts(db, conditions(asked)),
    db.execute(
      sql`select t.category_slug as slug, count(*)::int as n from products t where ${conditions(asked, 'category')} group by 1`,
    ),
    db.execute(
      sql`select t.brand as name, count(*)::int as n from products t where ${conditions(asked, 'brand')} and t.brand <> '' group by 1 order by 2 desc, 1 limit 30`,
    ),
    db.execute(
      sql`select array[${sql.join(bands, sql`, `)}] as counts from products t where ${conditions(asked, 'price')}`,
    ),
    countProducts(db, sql`${conditions(asked, 'inStock')} and ${IN_STOCK}`),
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

/**
 * What the search box offers while typing, from the second letter: part numbers first (the surest
 * match, a superseded number showing its replacement), then products read like a search with the
 * last word as a prefix (`break p` offers brake pads), brands and categories.
 */
export async function suggest(db: Db, term: string): Promise<Suggestion[]> {
  if (term.trim().length < 2) return [];
  const plan = await planSearch(db, term, { typing: true });
  const prefix = `${escapeLike(term.trim().toLowerCase())}%`;
  const words = sql`${`% ${escapeLike(term.trim().toLowerCase())}%`}`;
  const [parts, named, brands, categories] = await Promise.all([
    plan.partKey
      ? db.execute(sql`
          select coalesce(r.id, t.id)::text as id, coalesce(r.name, t.name) as name, p.number
          from part_numbers p join products t on t.id = p.product_id
          left join products r on r.id = t.superseded_by_id and r.retired_at is null
          where p.key like ${`${plan.partKey}%`} and (t.retired_at is null or r.id is not null)
          order by length(p.key), p.number limit 4`)
      : Promise.resolve({ rows: [] }),
    plan.tsquery || plan.vehicles.length > 0
      ? db.execute(sql`
          select t.id::text as id, t.name from products t
          where t.retired_at is null and ${searchCondition({ ...plan, partKey: null })}
          order by ${searchRank(plan)} desc, lower(t.name), t.id limit 6`)
      : Promise.resolve({ rows: [] }),
    db.execute(sql`
      select b.name from brands b
      where lower(b.name) like ${prefix} or lower(b.name) like ${words}
      order by b.position, b.name limit 3`),
    db.execute(sql`
      select slug, name from categories
      where lower(name) like ${prefix} or lower(name) like ${words}
      order by position limit 3`),
  ]);
  const partRows = rowsOf<{ id: string; name: string; number: string }>(parts);
  const shown = new Set(partRows.map((p) => p.id));
  return [
    ...partRows.map((p) => ({ kind: 'part' as const, label: p.name, value: p.id, detail: p.number })),
    ...rowsOf<{ id: string; name: string }>(named)
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

/** `%` and `_` typed by a customer are matched literally, not as wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
