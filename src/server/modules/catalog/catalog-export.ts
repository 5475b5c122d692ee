import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { FITMENT_CSV_COLUMNS, type ImportKind, PRODUCT_CSV_COLUMNS } from '../../../contract/catalog-import';
import { centsToDecimal } from '../../../contract/money';
import type { Db } from '../../kernel/db';
import { rowsOf } from '../../kernel/db';
import { csvDownload } from '../../kernel/http';
import { binAt, onHandAt, openPlace } from '../inventory';

/**
 * GET /catalog/export/:kind: the whole catalog in the import's layouts, streamed: rows are read a
 * page at a time (by id, so a page costs the same at the end as at the start) and written as CSV
 * while the next page is read, never all in memory. What an export writes, an import reads back
 * (a cell a spreadsheet would run is written with a leading quote, which the import takes off).
 * A product's `on_hand` and `bin` are those at one place, named in its `location` column.
 */

const PAGE = 1000;

async function* productRows(db: Db, place: string): AsyncGenerator<Record<string, string>> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<Record<string, string | null>>(
      await db.execute(sql`
        select t.id::text as id, t.sku, t.name, array_to_string(t.description, ' ') as description,
          t.price_cents::text as price_cents, t.minimum_order_quantity::text as minimum_order_quantity,
          t.status, coalesce(c.name, '') as category, t.brand, coalesce(t.part_number, '') as part_number,
          coalesce(t.upc, '') as upc,
          coalesce((select string_agg(case when p.brand <> '' then p.brand || ':' else '' end || p.number, '|' order by p.id)
            from part_numbers p where p.product_id = t.id and p.kind = 'oem'), '') as oem_numbers,
          coalesce((select string_agg(case when p.brand <> '' then p.brand || ':' else '' end || p.number, '|' order by p.id)
            from part_numbers p where p.product_id = t.id and p.kind = 'interchange'), '') as interchange_numbers,
          coalesce(r.sku, '') as superseded_by,
          coalesce(t.weight_lb::text, '') as weight_lb, coalesce(t.length_in::text, '') as length_in,
          coalesce(t.width_in::text, '') as width_in, coalesce(t.height_in::text, '') as height_in,
          case when t.ground_only then 'yes' else 'no' end as ground_only,
          t.core_charge_cents::text as core_charge_cents, t.cost_cents::text as cost_cents,
          coalesce(t.low_stock_threshold::text, '') as low_stock_threshold,
          case when t.universal_fit then 'yes' else 'no' end as universal_fit,
          coalesce((select string_agg(i.url, '|' order by i.position) from product_images i where i.product_id = t.id), t.image) as images,
          ${onHandAt(sql`t.id`, place)}::text as on_hand, ${place}::text as location,
          ${binAt(sql`t.id`, place)} as bin
        from products t
        left join categories c on c.slug = t.category_slug
        left join products r on r.id = t.superseded_by_id
        where t.id > ${after}::uuid and t.sku is not null
        order by t.id limit ${PAGE}`),
    );
    if (rows.length === 0) return;
    for (const { price_cents, core_charge_cents, cost_cents, ...row } of rows)
      yield {
        ...(row as Record<string, string>),
        // Cents as plain decimals ("55.99"), the same on both engines: PostgreSQL's numeric division
        // would write "55.9900000000000000".
        price: centsToDecimal(Number(price_cents)),
        core_charge: centsToDecimal(Number(core_charge_cents)),
        cost: cost_cents === null || cost_cents === undefined ? '' : centsToDecimal(Number(cost_cents)),
      };
    after = rows[rows.length - 1]?.id ?? after;
  }
}

async function* fitmentRows(db: Db): AsyncGenerator<Record<string, string>> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<Record<string, string | null>>(
      await db.execute(sql`
        select f.id::text as id, coalesce(t.sku, t.part_number) as part_number, f.year_from::text as year_from,
          f.year_to::text as year_to, f.make, f.model, coalesce(f.submodel, '') as submodel,
          coalesce(f.engine, '') as engine, coalesce(f.position, '') as position,
          coalesce(f.quantity::text, '') as quantity, coalesce(f.note, '') as note
        from fitments f join products t on t.id = f.product_id
        where f.id > ${after}::uuid and coalesce(t.sku, t.part_number) is not null
        order by f.id limit ${PAGE}`),
    );
    if (rows.length === 0) return;
    for (const row of rows) yield row as Record<string, string>;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** The catalog as a CSV stream in the layout of `kind`. */
export async function exportCatalog(db: Db, kind: ImportKind, location?: string): Promise<Readable> {
  // The count and bin at one place, named in the file so the import reads them back there: the
  // place asked for (refused before the file starts if there is none), else the first open place.
  return kind === 'products'
    ? csvDownload(productRows(db, await openPlace(db, location)), PRODUCT_CSV_COLUMNS)
    : csvDownload(fitmentRows(db), FITMENT_CSV_COLUMNS);
}
