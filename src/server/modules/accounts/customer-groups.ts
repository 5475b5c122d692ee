import { eq, sql } from 'drizzle-orm';
import {
  type CategoryPercent,
  type CustomerGroup,
  type CustomerGroupInput,
  customerGroupMessages,
  type NetPrice,
  type PriceList,
  type QuantityBreak,
} from '../../../contract/trade';
import { recordAudit } from '../../kernel/audit';
import type { Db } from '../../kernel/db';
import { customerGroups, isUniqueViolation, tradeAccounts } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

/**
 * Customer groups (decision 102): trade tiers the owner names ("Trade", "Fleet"), each with a price
 * list. A trade account in a group buys at the group's list, so changing a tier's prices changes
 * them for every shop in it; retail is no group. Staff with `trade.write` keep them, audited.
 */

/** A price list as a trade account's or a group's row keeps it. */
export function listOf(row: {
  percentOffBasisPoints: number;
  categoryPercents: CategoryPercent[];
  netPrices: NetPrice[];
  quantityBreaks: QuantityBreak[];
  discountRule: 'stack' | 'best';
}): PriceList {
  return {
    percentOffBasisPoints: row.percentOffBasisPoints,
    categories: row.categoryPercents,
    netPrices: row.netPrices,
    ...(row.quantityBreaks.length > 0 ? { quantityBreaks: row.quantityBreaks } : {}),
    ...(row.discountRule === 'best' ? { discountRule: 'best' as const } : {}),
  };
}

const duplicate = (what: string, key: string) =>
  new AppError('VALIDATION_FAILED', `${what} is listed twice.`, [
    { path: key, message: `${what} is listed twice.` },
  ]);

/** A list naming one category, product or product's quantity twice is refused, with where. */
export function checkPriceList(list: PriceList, path: string): void {
  if (new Set(list.categories.map((c) => c.categorySlug)).size !== list.categories.length)
    throw duplicate('A category', `${path}.categories`);
  if (new Set(list.netPrices.map((n) => n.productId)).size !== list.netPrices.length)
    throw duplicate('A product', `${path}.netPrices`);
  const breaks = list.quantityBreaks ?? [];
  if (new Set(breaks.map((b) => `${b.productId}:${b.minQuantity}`)).size !== breaks.length)
    throw duplicate('A quantity of a product', `${path}.quantityBreaks`);
}

const columnsOf = (list: PriceList) => ({
  percentOffBasisPoints: list.percentOffBasisPoints,
  categoryPercents: list.categories,
  netPrices: list.netPrices,
  quantityBreaks: list.quantityBreaks ?? [],
  discountRule: list.discountRule ?? 'stack',
});

type GroupRow = typeof customerGroups.$inferSelect;
const toGroup = (row: GroupRow, members: number): CustomerGroup => ({
  id: row.id,
  name: row.name,
  priceList: listOf(row),
  members,
  updatedAt: row.updatedAt.toISOString(),
});

/** GET /customer-groups: every group by name, with how many accounts it holds. */
export async function listCustomerGroups(db: Db): Promise<CustomerGroup[]> {
  const rows = await db
    .select({
      group: customerGroups,
      members: sql<number>`(select count(*)::int from ${tradeAccounts} t where t.group_id = ${customerGroups.id})`,
    })
    .from(customerGroups)
    .orderBy(sql`lower(${customerGroups.name})`);
  return rows.map((r) => toGroup(r.group, Number(r.members)));
}

const nameTaken = (name: string) =>
  new AppError('CONFLICT', customerGroupMessages.nameTaken(name), [
    { path: 'name', message: customerGroupMessages.nameTaken(name) },
  ]);

/** POST /customer-groups (no id) or PUT /customer-groups/:id. */
export async function saveCustomerGroup(
  db: Db,
  id: string | null,
  input: CustomerGroupInput,
): Promise<CustomerGroup> {
  checkPriceList(input.priceList, 'priceList');
  try {
    return await db.transaction(async (tx) => {
      const [before] = id
        ? await tx.select().from(customerGroups).where(eq(customerGroups.id, id)).for('update')
        : [];
      if (id && !before) throw new AppError('NOT_FOUND', customerGroupMessages.notFound);
      const values = { name: input.name, ...columnsOf(input.priceList), updatedAt: new Date() };
      const [row] = id
        ? await tx.update(customerGroups).set(values).where(eq(customerGroups.id, id)).returning()
        : await tx.insert(customerGroups).values(values).returning();
      if (!row) throw new Error('group not written');
      await recordAudit(tx, {
        action: before ? 'customer_group.changed' : 'customer_group.created',
        subjectType: 'customer_group',
        subjectId: row.id,
        before: before ? { name: before.name, priceList: listOf(before) } : {},
        after: { name: row.name, priceList: listOf(row) },
      });
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(tradeAccounts)
        .where(eq(tradeAccounts.groupId, row.id));
      return toGroup(row, Number(count?.n ?? 0));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

/** DELETE /customer-groups/:id: only a group no account is in. */
export async function deleteCustomerGroup(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(customerGroups).where(eq(customerGroups.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', customerGroupMessages.notFound);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tradeAccounts)
      .where(eq(tradeAccounts.groupId, id));
    const members = Number(count?.n ?? 0);
    if (members > 0) throw new AppError('CONFLICT', customerGroupMessages.hasMembers(members));
    await tx.delete(customerGroups).where(eq(customerGroups.id, id));
    await recordAudit(tx, {
      action: 'customer_group.deleted',
      subjectType: 'customer_group',
      subjectId: id,
      before: { name: row.name, priceList: listOf(row) },
      after: {},
    });
  });
}
