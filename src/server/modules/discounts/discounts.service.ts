import { desc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Discount,
  type DiscountRequest,
  discountMessages,
  discountSummary,
} from '../../../contract/discounts';
import { isUuid } from '../../../contract/ids';
import { recordAudit } from '../../kernel/audit';
import type { Db, Tx } from '../../kernel/db';
import { brands, categories, discounts, isUniqueViolation } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

/**
 * Managers' side of discounts: list, create, edit and end. Each change is one transaction that
 * reads the discount before and after it, so the audit row can be written beside the change.
 */

type DiscountRow = typeof discounts.$inferSelect;

export function toDiscount(row: DiscountRow, now = new Date()): Discount {
  const state =
    row.endsAt && row.endsAt <= now
      ? 'ended'
      : row.startsAt > now
        ? 'scheduled'
        : row.usageLimit !== null && row.usedCount >= row.usageLimit
          ? 'used_up'
          : 'active';
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    automatic: row.automatic,
    kind: row.kind,
    value: row.value,
    appliesTo: row.appliesTo,
    categorySlugs: row.categorySlugs,
    brandNames: row.brandNames,
    minSubtotalCents: row.minSubtotalCents,
    freeShipping: row.freeShipping,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
    state,
    summary: discountSummary(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', discountMessages.notFound);
const issue = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, [{ path, message }]);

export async function listDiscounts(db: Db): Promise<Discount[]> {
  const rows = await db.select().from(discounts).orderBy(desc(discounts.createdAt), desc(discounts.id));
  const now = new Date();
  return rows.map((r) => toDiscount(r, now));
}

async function lockDiscount(tx: Tx, id: string): Promise<DiscountRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(discounts).where(eq(discounts.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function getDiscount(db: Db, id: string): Promise<Discount> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!row) throw notFound();
  return toDiscount(row);
}

/** The categories and brands a discount names must exist (a typo would match nothing, silently). */
async function checkTargets(tx: Tx, input: DiscountRequest) {
  const slugs = input.appliesTo === 'categories' ? [...new Set(input.categorySlugs)] : [];
  const names = input.appliesTo === 'brands' ? [...new Set(input.brandNames)] : [];
  if (slugs.length > 0) {
    const found = await tx
      .select({ slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, slugs));
    const missing = slugs.filter((s) => !found.some((f) => f.slug === s));
    if (missing.length > 0) throw issue('categorySlugs', `There is no category ${missing.join(', ')}`);
  }
  if (names.length > 0) {
    const found = await tx.select({ name: brands.name }).from(brands).where(inArray(brands.name, names));
    const missing = names.filter((n) => !found.some((f) => f.name === n));
    if (missing.length > 0) throw issue('brandNames', `There is no brand ${missing.join(', ')}`);
  }
  return { categorySlugs: slugs, brandNames: names };
}

function columnsOf(input: DiscountRequest, targets: { categorySlugs: string[]; brandNames: string[] }) {
  return {
    code: input.code,
    name: input.name,
    automatic: input.code === null,
    kind: input.kind,
    value: input.value,
    appliesTo: input.appliesTo,
    ...targets,
    minSubtotalCents: input.minSubtotalCents,
    freeShipping: input.freeShipping,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
  };
}

async function written<T>(code: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (code && isUniqueViolation(error)) throw issue('code', discountMessages.codeTaken(code));
    throw error;
  }
}

export function createDiscount(db: Db, input: DiscountRequest): Promise<Discount> {
  return written(input.code, () =>
    db.transaction(async (tx) => {
      const targets = await checkTargets(tx, input);
      const startsAt = input.startsAt ? new Date(input.startsAt) : new Date();
      const columns = columnsOf(input, targets);
      if (columns.endsAt && columns.endsAt <= startsAt)
        throw issue('endsAt', 'The end comes after the start');
      const [after] = await tx
        .insert(discounts)
        .values({ ...columns, startsAt })
        .returning();
      if (!after) throw new Error('insert returned no row');
      await recordAudit(tx, {
        action: 'discount.created',
        subjectType: 'discount',
        subjectId: after.id,
        before: null,
        after,
      });
      return toDiscount(after);
    }),
  );
}

/**
 * Every field as the form sends it. The uses already taken stay counted; a limit set below them
 * simply leaves the discount used up.
 */
export function updateDiscount(db: Db, id: string, input: DiscountRequest): Promise<Discount> {
  return written(input.code, () =>
    db.transaction(async (tx) => {
      const before = await lockDiscount(tx, id);
      const targets = await checkTargets(tx, input);
      const startsAt = input.startsAt ? new Date(input.startsAt) : before.startsAt;
      const endsAt = input.endsAt ? new Date(input.endsAt) : null;
      if (endsAt && endsAt <= startsAt) throw issue('endsAt', 'The end comes after the start');
      const [after] = await tx
        .update(discounts)
        .set({ ...columnsOf(input, targets), startsAt, updatedAt: sql`now()` })
        .where(eq(discounts.id, id))
        .returning();
      if (!after) throw notFound();
      await recordAudit(tx, {
        action: 'discount.updated',
        subjectType: 'discount',
        subjectId: id,
        before,
        after,
      });
      return toDiscount(after);
    }),
  );
}

/**
 * Ends a discount now: no new order takes it; orders that took it keep it. A discount that had not
 * started yet ends at its start (it never runs).
 */
export function endDiscount(db: Db, id: string): Promise<Discount> {
  return db.transaction(async (tx) => {
    const before = await lockDiscount(tx, id);
    const now = new Date();
    if (before.endsAt && before.endsAt <= now) throw new AppError('CONFLICT', discountMessages.alreadyEnded);
    const startsLater = before.startsAt >= now;
    const [after] = await tx
      .update(discounts)
      .set(
        startsLater
          ? { startsAt: new Date(now.getTime() - 1), endsAt: now, updatedAt: now }
          : { endsAt: now, updatedAt: now },
      )
      .where(eq(discounts.id, id))
      .returning();
    if (!after) throw notFound();
    await recordAudit(tx, {
      action: 'discount.ended',
      subjectType: 'discount',
      subjectId: id,
      before,
      after,
    });
    return toDiscount(after);
  });
}
