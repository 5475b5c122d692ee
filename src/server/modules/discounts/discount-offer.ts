import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type CodeMiss,
  type DiscountKind,
  type DiscountScope,
  dayOf,
  discountMessages,
  normalizeCode,
} from '../../../contract/discounts';
import { emailIdentity } from '../../../contract/email-identity';
import { isUuid } from '../../../contract/ids';
import type { Db, Tx } from '../../kernel/db';
import { categories, discounts, discountUses, products } from '../../kernel/db';

/** A discount as the arithmetic of pricing sees it (modules/pricing/discounts.ts). */
export interface DiscountRule {
  id: string;
  code: string | null;
  name: string;
  kind: DiscountKind;
  value: number;
  appliesTo: DiscountScope;
  categorySlugs: string[];
  brandNames: string[];
  minSubtotalCents: number;
  freeShipping: boolean;
  /** Counted when the order is placed (discounts module); not part of the arithmetic. */
  perCustomerLimit: number | null;
}

/** What a line is, for a discount: its product's category (and that category's parent) and brand. */
export interface LineFacts {
  categories: string[];
  brand: string;
}

export interface DiscountOffer {
  /** The code the buyer asked for, when the database found it usable. */
  code: DiscountRule | null;
  /** Why the code asked for cannot be used, as the database sees it (dates, uses, unknown). */
  codeMiss: { code: string; reason: CodeMiss; message: string } | null;
  automatic: DiscountRule[];
  facts: Map<string, LineFacts>;
}

type DiscountRow = typeof discounts.$inferSelect;

export const ruleOf = (row: DiscountRow): DiscountRule => ({
  id: row.id,
  code: row.code,
  name: row.name,
  kind: row.kind,
  value: row.value,
  appliesTo: row.appliesTo,
  categorySlugs: row.categorySlugs,
  brandNames: row.brandNames,
  minSubtotalCents: row.minSubtotalCents,
  freeShipping: row.freeShipping,
  perCustomerLimit: row.perCustomerLimit,
});

/** Why a discount cannot be had now, as far as the database knows (dates and uses). */
function unavailable(row: DiscountRow, now: Date, usedByCustomer: number): CodeMiss | null {
  if (row.startsAt > now) return 'not_started';
  if (row.endsAt && row.endsAt <= now) return 'expired';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'used_up';
  if (row.perCustomerLimit !== null && usedByCustomer >= row.perCustomerLimit) return 'used_by_you';
  return null;
}

function missMessage(reason: CodeMiss, row: DiscountRow | undefined, code: string): string {
  switch (reason) {
    case 'not_started':
      return discountMessages.notStarted(code, dayOf(row?.startsAt ?? new Date()));
    case 'expired':
      return discountMessages.expired(code);
    case 'used_up':
      return discountMessages.usedUp(code);
    case 'used_by_you':
      return discountMessages.usedByYou(code);
    default:
      return discountMessages.unknown(code);
  }
}

/**
 * Whose use a discount's limit per customer counts: the mailbox, however it is spelled (case,
 * `+tags`, Gmail's dots and googlemail.com), for an account and a guest alike, so ordering as a
 * guest with the account's address, or from a second account with a `+tag`, is the same customer
 * (decision 073). drizzle/0030 rewrote the earlier uses so.
 */
export const discountBuyer = (email: string) => `email:${emailIdentity(email)}`;

/** Uses of these discounts by one customer that still count (not given back). */
async function usesBy(db: Db | Tx, buyer: string, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: discountUses.discountId, n: sql<number>`count(*)::int` })
    .from(discountUses)
    .where(
      and(
        eq(discountUses.buyer, buyer),
        inArray(discountUses.discountId, ids),
        isNull(discountUses.releasedAt),
      ),
    )
    .groupBy(discountUses.discountId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Each product's category, that category's parent, and brand: what category and brand discounts match. */
async function lineFacts(db: Db | Tx, productIds: string[]): Promise<Map<string, LineFacts>> {
  const ids = [...new Set(productIds.filter(isUuid))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      category: products.categorySlug,
      parent: categories.parentSlug,
      brand: products.brand,
    })
    .from(products)
    .leftJoin(categories, eq(categories.slug, products.categorySlug))
    .where(inArray(products.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { categories: [r.category, r.parent].filter((c): c is string => Boolean(c)), brand: r.brand },
    ]),
  );
}

/**
 * The discounts a cart or an order may have, for the pricing module to choose from: every automatic
 * discount running now and not used up (nor used up by this customer), and the code asked for, or
 * why it cannot be used. No read when no code is asked and the store is known to have no automatic
 * discount; else one read when no code is asked and none runs.
 */
export async function discountOffer(
  db: Db | Tx,
  ask: {
    code?: string | null | undefined;
    buyer?: string | null;
    productIds: string[];
    now?: Date;
    /** False when the store is known to have no automatic discount (AutomaticDiscountsWatch). */
    automatic?: boolean;
  },
): Promise<DiscountOffer> {
  const now = ask.now ?? new Date();
  const code = ask.code ? normalizeCode(ask.code) : '';
  if (!code && ask.automatic === false)
    return { code: null, codeMiss: null, automatic: [], facts: new Map() };
  const rows = await db
    .select()
    .from(discounts)
    .where(
      or(
        and(
          eq(discounts.automatic, true),
          sql`${discounts.startsAt} <= ${now.toISOString()}::timestamptz`,
          sql`(${discounts.endsAt} is null or ${discounts.endsAt} > ${now.toISOString()}::timestamptz)`,
          sql`(${discounts.usageLimit} is null or ${discounts.usedCount} < ${discounts.usageLimit})`,
        ),
        code ? eq(discounts.code, code) : sql`false`,
      ),
    )
    .orderBy(discounts.createdAt, discounts.id);
  const coded = code ? rows.find((r) => r.code === code) : undefined;
  const limited = rows.filter((r) => r.perCustomerLimit !== null).map((r) => r.id);
  const used =
    ask.buyer && limited.length > 0 ? await usesBy(db, ask.buyer, limited) : new Map<string, number>();
  const automatic = rows.filter((r) => r.automatic && !unavailable(r, now, used.get(r.id) ?? 0));
  let codeMiss: DiscountOffer['codeMiss'] = null;
  if (code && !coded) codeMiss = { code, reason: 'unknown', message: discountMessages.unknown(code) };
  const reason = coded ? unavailable(coded, now, used.get(coded.id) ?? 0) : null;
  if (coded && reason) codeMiss = { code, reason, message: missMessage(reason, coded, code) };
  const usable = coded && !reason ? coded : null;
  const scoped = [...automatic, ...(usable ? [usable] : [])].some((r) => r.appliesTo !== 'order');
  return {
    code: usable ? ruleOf(usable) : null,
    codeMiss,
    automatic: automatic.map(ruleOf),
    facts: scoped ? await lineFacts(db, ask.productIds) : new Map(),
  };
}
