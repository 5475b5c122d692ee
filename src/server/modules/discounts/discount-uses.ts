import { and, eq, isNull, sql } from 'drizzle-orm';
import { discountMessages } from '../../../contract/discounts';
import type { Tx } from '../../kernel/db';
import { discounts, discountUses, rowsOf } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

import type { DiscountRule } from './discount-offer';

/**
 * Taking and giving back uses of a discount, inside the order's transaction (docs/decisions/058).
 *
 * The total is one counter on the discount's row, taken by a conditional update: on PostgreSQL a
 * second checkout waits for the first's row lock, then sees its new count, so with one use left
 * and twenty buyers at once exactly one update takes it and the others find nothing to take. Uses
 * per customer are counted under a lock of that customer and discount, so two orders of the same
 * customer sent at once count each other.
 */

/** The refusal of a checkout whose discount went while the buyer was paying. */
export class DiscountGone extends AppError {
  constructor(message: string) {
    super('CONFLICT', message);
  }
}

export async function redeemDiscount(
  tx: Tx,
  rule: DiscountRule,
  use: { orderId: string; buyer: string; userId: string | null; now: Date },
): Promise<void> {
  const label = rule.code ?? rule.name;
  if (rule.perCustomerLimit) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`discount-use:${rule.id}:${use.buyer}`}, 0))`,
    );
    const [mine] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(discountUses)
      .where(
        and(
          eq(discountUses.discountId, rule.id),
          eq(discountUses.buyer, use.buyer),
          isNull(discountUses.releasedAt),
        ),
      );
    if (Number(mine?.n ?? 0) >= rule.perCustomerLimit)
      throw new DiscountGone(discountMessages.usedByYou(label));
  }
  const at = use.now.toISOString();
  const taken = rowsOf<{ discount_id: string }>(
    await tx.execute(sql`
      with taken as (
        update ${discounts} set used_count = used_count + 1
        where id = ${rule.id}
          and (usage_limit is null or used_count < usage_limit)
          and starts_at <= ${at}::timestamptz and (ends_at is null or ends_at > ${at}::timestamptz)
        returning id)
      insert into ${discountUses} (order_id, discount_id, user_id, buyer)
      select ${use.orderId}, id, ${use.userId}, ${use.buyer} from taken
      returning discount_id`),
  );
  if (taken.length > 0) return;
  const [row] = await tx
    .select({ endsAt: discounts.endsAt })
    .from(discounts)
    .where(eq(discounts.id, rule.id));
  const ended = row?.endsAt && row.endsAt <= use.now;
  throw new DiscountGone(ended ? discountMessages.expired(label) : discountMessages.usedUp(label));
}

/** An unpaid order that ended (cancelled, expired) gives its use back. */
export async function releaseDiscountUse(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    with released as (
      update ${discountUses} set released_at = now()
      where order_id = ${orderId} and released_at is null
      returning discount_id)
    update ${discounts} d set used_count = d.used_count - 1
    from released where d.id = released.discount_id`);
}

/**
 * A payment that revives an expired or cancelled order takes its use again: the buyer paid the
 * discounted price, so the use counts even if the limit was reached meanwhile.
 */
export async function retakeDiscountUse(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`
    with retaken as (
      update ${discountUses} set released_at = null
      where order_id = ${orderId} and released_at is not null
      returning discount_id)
    update ${discounts} d set used_count = d.used_count + 1
    from retaken where d.id = retaken.discount_id`);
}
