import { desc, eq, sql } from 'drizzle-orm';
import {
  CUSTOMERS_PAGE_SIZE,
  type CustomerDetail,
  type CustomerOrder,
  type CustomerSummary,
  type CustomersPage,
  type CustomersQuery,
} from '../../../contract/customers';
import { orderNumber, toWireStatus } from '../../../contract/orders';
import type { Db } from '../../kernel/db';
import { orders, roleFromColumn, rowsOf, user } from '../../kernel/db';
import { notFound } from '../../kernel/errors';
import { listAddresses } from '../addresses';

/**
 * The customers list and one customer's page. Read only: the figures come from the orders as the
 * orders module keeps them. An order counts once it was paid; what was spent is what the paid
 * orders charged less what was refunded of them (summed in the database, as the owner's numbers
 * are, in 64-bit cents).
 */

interface SummaryRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: string | null;
  created_at: string | Date;
  orders_count: string;
  spent_cents: string;
}

const toSummary = (r: SummaryRow): CustomerSummary => ({
  id: r.id,
  displayName: r.name,
  email: r.email,
  photoURL: r.image,
  role: roleFromColumn(r.role),
  joinedAt: new Date(r.created_at).toISOString(),
  ordersCount: Number(r.orders_count),
  spentCents: Number(r.spent_cents),
});

/** `%term%` for ILIKE, with the term's own wildcards taken literally. */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const summaries = (where: ReturnType<typeof sql>, page: { limit: number; offset: number }) => sql`
  select u.id, u.name, u.email, u.image, u.role, u.created_at,
    coalesce(o.orders_count, 0)::text as orders_count, coalesce(o.spent_cents, 0)::text as spent_cents
  from ${user} u
  left join (
    select user_id, count(*) as orders_count, sum(total_cents - refunded_cents) as spent_cents
    from ${orders} where paid_at is not null group by user_id
  ) o on o.user_id = u.id
  where ${where}
  order by u.created_at, u.email
  limit ${page.limit} offset ${page.offset}`;

export async function listCustomers(db: Db, query: CustomersQuery): Promise<CustomersPage> {
  const where = query.search
    ? sql`(u.email ilike ${containing(query.search.toLowerCase())} or u.name ilike ${containing(query.search)})`
    : sql`true`;
  const [rows, [counted]] = await Promise.all([
    db.execute(
      summaries(where, { limit: CUSTOMERS_PAGE_SIZE, offset: (query.page - 1) * CUSTOMERS_PAGE_SIZE }),
    ),
    db
      .execute(sql`select count(*)::int as total from ${user} u where ${where}`)
      .then((r) => rowsOf<{ total: number }>(r)),
  ]);
  return {
    customers: rowsOf<SummaryRow>(rows).map(toSummary),
    page: query.page,
    total: Number(counted?.total ?? 0),
    pageSize: CUSTOMERS_PAGE_SIZE,
  };
}

/** The most recent orders shown on a customer's page. */
const RECENT_ORDERS = 100;

export async function getCustomer(db: Db, id: string): Promise<CustomerDetail> {
  const [found] = rowsOf<SummaryRow>(await db.execute(summaries(sql`u.id = ${id}`, { limit: 1, offset: 0 })));
  if (!found) throw notFound('User');
  const [placed, addresses] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        createdAt: orders.createdAt,
        status: orders.status,
        totalCents: orders.totalCents,
        refundedCents: orders.refundedCents,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .where(eq(orders.userId, id))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(RECENT_ORDERS),
    listAddresses(db, id),
  ]);
  const customerOrders: CustomerOrder[] = placed.map((o) => ({
    _id: o.id,
    number: orderNumber(o.number),
    createdAt: o.createdAt.toISOString(),
    status: toWireStatus(o.status),
    totalCents: o.totalCents,
    refundedCents: o.refundedCents,
    paid: o.paidAt !== null,
  }));
  return { customer: toSummary(found), orders: customerOrders, addresses };
}
