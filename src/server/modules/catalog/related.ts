import { inArray, sql } from 'drizzle-orm';
import type { Vehicle } from '../../../contract/catalog';
import type { RelatedProducts } from '../../../contract/catalog-admin';
import type { Db } from '../../kernel/db';
import { products, rowsOf } from '../../kernel/db';
import { notFound } from '../../kernel/errors';

import { fitsVehicle } from './catalog-query';
import { toProducts } from './tool-wire';

/** How many of each a product page shows. */
const RELATED_MAX = 8;

/**
 * GET /purchase/:id/related: live parts that fit a vehicle this one fits (the buyer's vehicle when
 * named; otherwise any of its fitment rows' vehicles, most shared first), and the parts most often
 * in the same paid orders.
 */
export async function relatedProducts(db: Db, id: string, vehicle?: Vehicle): Promise<RelatedProducts> {
  const [exists] = rowsOf<{ id: string }>(
    await db.execute(sql`select id::text from products where id = ${id}::uuid and retired_at is null`),
  );
  if (!exists) throw notFound('Tool');
  const [fitting, bought] = await Promise.all([
    db.execute(
      vehicle
        ? sql`
          select t.id::text as id from products t
          where t.retired_at is null and t.id <> ${id}::uuid and not t.universal_fit and ${fitsVehicle(vehicle)}
          order by t.created_at desc, t.id limit ${RELATED_MAX}`
        : sql`
          select f2.product_id::text as id from fitments f1
          join fitments f2 on f2.make = f1.make and f2.model = f1.model
            and f2.year_from <= f1.year_to and f2.year_to >= f1.year_from and f2.product_id <> f1.product_id
          join products t on t.id = f2.product_id and t.retired_at is null
          where f1.product_id = ${id}::uuid
          group by f2.product_id order by count(*) desc, f2.product_id limit ${RELATED_MAX}`,
    ),
    db.execute(sql`
      select l2.product_id::text as id from order_lines l1
      join orders o on o.id = l1.order_id and o.paid_at is not null
      join order_lines l2 on l2.order_id = l1.order_id and l2.product_id <> l1.product_id
      join products t on t.id = l2.product_id and t.retired_at is null
      where l1.product_id = ${id}::uuid
      group by l2.product_id order by count(*) desc, l2.product_id limit ${RELATED_MAX}`),
  ]);
  const fitIds = rowsOf<{ id: string }>(fitting).map((r) => r.id);
  const boughtIds = rowsOf<{ id: string }>(bought).map((r) => r.id);
  const all = [...new Set([...fitIds, ...boughtIds])];
  const rows = all.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, all));
  const byId = new Map((await toProducts(db, rows)).map((t) => [t._id, t]));
  const pick = (ids: string[]) => ids.map((i) => byId.get(i)).filter((t) => t !== undefined);
  return { fitsSameVehicle: pick(fitIds), boughtTogether: pick(boughtIds) };
}
