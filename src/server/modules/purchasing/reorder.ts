import { sql } from 'drizzle-orm';
import { sum } from '../../../contract/money';
import {
  type ReorderAnswer,
  type ReorderLine,
  type ReorderSuggestion,
  reorderOf,
} from '../../../contract/purchasing';
import type { Db } from '../../kernel/db';
import {
  orderLines,
  orders,
  purchaseOrderLines,
  purchaseOrders,
  rowsOf,
  supplierProducts,
  suppliers,
} from '../../kernel/db';
import { lowStockAt } from '../catalog';
import { availableOf } from '../inventory';

/** Without a supplier there is no lead time to read: a week, the store's guess. */
const LEAD_TIME_WITHOUT_SUPPLIER = 7;

interface Candidate {
  id: string;
  name: string;
  sku: string | null;
  available: number;
  low_at: number;
  sold: number;
  on_order: number;
  supplier_id: string | null;
  supplier_name: string | null;
  lead_time_days: number | null;
  minimum_order_cents: string | null;
  part_number: string | null;
  pack_size: number | null;
  cost_cents: string | null;
}

/**
 * What to order and from whom (decision 097): each live product's sales over the last `days`
 * (units paid for, less those refunded), what is available and on order, and its cheapest supplier
 * (then the shortest lead time); the rule is the contract's `reorderOf`. Only products that sold or
 * are at their low-stock threshold are weighed, so a large catalog is read in one pass.
 */
export async function reorderSuggestions(
  db: Db,
  query: { days: number; coverDays: number },
  lowStockFactor: number,
): Promise<ReorderAnswer> {
  const rows = rowsOf<Candidate>(
    await db.execute(sql`
      with sold as (
        select l.product_id, sum(l.quantity - l.refunded_quantity)::int as units
        from ${orderLines} l join ${orders} o on o.id = l.order_id
        where o.paid_at >= now() - make_interval(days => ${query.days})
        group by l.product_id
      ), on_order as (
        select l.product_id, sum(greatest(l.quantity - l.received_quantity, 0))::int as units
        from ${purchaseOrderLines} l join ${purchaseOrders} po on po.id = l.purchase_order_id
        where po.status in ('sent', 'partly_received')
        group by l.product_id
      ), best as (
        select distinct on (sp.product_id) sp.product_id, sp.supplier_id, sp.supplier_part_number, sp.pack_size,
          sp.cost_cents, s.name, s.lead_time_days, s.minimum_order_cents
        from ${supplierProducts} sp join ${suppliers} s on s.id = sp.supplier_id
        order by sp.product_id, sp.cost_cents, s.lead_time_days, lower(s.name)
      )
      select t.id::text as id, t.name, t.sku, ${availableOf(sql`t.id`)} as available, ${lowStockAt(lowStockFactor)} as low_at,
        coalesce(sold.units, 0) as sold, coalesce(on_order.units, 0) as on_order,
        best.supplier_id::text as supplier_id, best.name as supplier_name, best.lead_time_days,
        best.minimum_order_cents::text as minimum_order_cents, best.supplier_part_number as part_number,
        best.pack_size, best.cost_cents::text as cost_cents
      from products t
      left join sold on sold.product_id = t.id
      left join on_order on on_order.product_id = t.id
      left join best on best.product_id = t.id
      where t.retired_at is null
        and (coalesce(sold.units, 0) > 0
          or ${availableOf(sql`t.id`)} + coalesce(on_order.units, 0) <= ${lowStockAt(lowStockFactor)})
      order by lower(t.name), t.id`),
  );

  const bySupplier = new Map<string, { supplier: ReorderSuggestion['supplier']; lines: ReorderLine[] }>();
  for (const r of rows) {
    const packSize = Number(r.pack_size ?? 1);
    const { reorderPoint, suggestedQuantity } = reorderOf({
      sold: Math.max(Number(r.sold), 0),
      days: query.days,
      leadTimeDays: Number(r.lead_time_days ?? LEAD_TIME_WITHOUT_SUPPLIER),
      coverDays: query.coverDays,
      lowStockAt: Number(r.low_at),
      available: Number(r.available),
      onOrder: Number(r.on_order),
      packSize,
    });
    if (suggestedQuantity === 0) continue;
    const key = r.supplier_id ?? '';
    const group = bySupplier.get(key) ?? {
      supplier: r.supplier_id
        ? {
            id: r.supplier_id,
            name: r.supplier_name ?? '',
            leadTimeDays: Number(r.lead_time_days),
            minimumOrderCents: Number(r.minimum_order_cents ?? 0),
          }
        : null,
      lines: [],
    };
    group.lines.push({
      productId: r.id,
      productName: r.name,
      sku: r.sku,
      supplierPartNumber: r.part_number,
      packSize,
      unitCostCents: r.cost_cents === null ? null : Number(r.cost_cents),
      available: Number(r.available),
      onOrder: Number(r.on_order),
      sold: Number(r.sold),
      reorderPoint,
      suggestedQuantity,
    });
    bySupplier.set(key, group);
  }

  const suggestions = [...bySupplier.values()]
    .map(({ supplier, lines }) => {
      const totalCents = sum(lines.map((l) => (l.unitCostCents ?? 0) * l.suggestedQuantity));
      return {
        supplier,
        lines,
        totalCents,
        underMinimum: supplier !== null && totalCents < supplier.minimumOrderCents,
      };
    })
    // Suppliers by name, and the products no supplier sells last.
    .sort((a, b) =>
      a.supplier === null ? 1 : b.supplier === null ? -1 : a.supplier.name.localeCompare(b.supplier.name),
    );
  return { days: query.days, coverDays: query.coverDays, suggestions };
}
