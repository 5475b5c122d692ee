import { desc, eq, sql } from 'drizzle-orm';
import {
  type StoreCredit,
  type StoreCreditReason,
  storeCreditMessages,
} from '../../../contract/store-credit';
import type { Db, Tx } from '../../kernel/db';
import { preparedStatement, storeCreditAccounts, storeCreditEntries } from '../../kernel/db';
import { AppError } from '../../kernel/errors';

/**
 * The only code that moves store credit (decision 100). A move is one statement: the balance
 * changed by a conditional update (never below zero: two orders spending the same credit at once
 * queue on the account's row, and the second finds what the first left) and its entry written
 * with the balance it left, only if the balance moved.
 */

export interface CreditMove {
  userId: string;
  /** Positive: credit given; negative: credit spent. */
  cents: number;
  reason: StoreCreditReason;
  orderId?: string | null;
  refundId?: string | null;
}

/** Thrown when a customer has less credit than a move spends. */
export class CreditShort extends AppError {
  constructor(readonly balanceCents: number) {
    super('CONFLICT', storeCreditMessages.none);
  }
}

interface MoveValues extends Record<string, unknown> {
  userId: string;
  cents: number;
  reason: StoreCreditReason;
  orderId: string | null;
  refundId: string | null;
}
const v = (name: Extract<keyof MoveValues, string>) => sql.placeholder(name);

/** Credit given: the account is opened with it or grows by it. */
const give = preparedStatement<MoveValues, { balance: number }>(
  'give store credit',
  () => sql`
  with moved as (
    insert into ${storeCreditAccounts} (user_id, balance_cents) values (${v('userId')}, ${v('cents')}::int)
    on conflict (user_id) do update set balance_cents = store_credit_accounts.balance_cents + excluded.balance_cents
    returning user_id, balance_cents
  ), logged as (
    insert into ${storeCreditEntries} (user_id, delta_cents, balance_after_cents, reason, order_id, refund_id)
    select user_id, ${v('cents')}::int, balance_cents, ${v('reason')}, ${v('orderId')}::uuid, ${v('refundId')}::uuid
    from moved
  )
  select balance_cents as balance from moved`,
  (r) => ({ balance: Number(r.balance) }),
);

/** Credit spent: only if the balance covers it (`cents` is negative). */
const spend = preparedStatement<MoveValues, { balance: number }>(
  'spend store credit',
  () => sql`
  with moved as (
    update ${storeCreditAccounts} set balance_cents = balance_cents + ${v('cents')}::int
    where user_id = ${v('userId')} and balance_cents + ${v('cents')}::int >= 0
    returning user_id, balance_cents
  ), logged as (
    insert into ${storeCreditEntries} (user_id, delta_cents, balance_after_cents, reason, order_id, refund_id)
    select user_id, ${v('cents')}::int, balance_cents, ${v('reason')}, ${v('orderId')}::uuid, ${v('refundId')}::uuid
    from moved
  )
  select balance_cents as balance from moved`,
  (r) => ({ balance: Number(r.balance) }),
);

/** Moves a customer's credit inside the caller's transaction; answers the balance it left. */
export async function moveCredit(tx: Tx, move: CreditMove): Promise<number> {
  if (!Number.isInteger(move.cents) || move.cents === 0) throw new Error(`a credit move of ${move.cents}`);
  const values: MoveValues = {
    userId: move.userId,
    cents: move.cents,
    reason: move.reason,
    orderId: move.orderId ?? null,
    refundId: move.refundId ?? null,
  };
  const [row] = move.cents > 0 ? await give(tx, values) : await spend(tx, values);
  if (row) return row.balance;
  throw new CreditShort(await balanceOf(tx, move.userId));
}

/**
 * Spends as much of a customer's credit as there is, up to `maxCents`, inside the caller's
 * transaction; answers what it spent (0: none left). The account's row is locked and read in the
 * same statement, so two orders asking at once each take what the other left.
 */
export async function spendUpTo(
  tx: Tx,
  move: { userId: string; maxCents: number; orderId: string },
): Promise<number> {
  if (move.maxCents <= 0) return 0;
  const [row] = await spendSome(tx, { userId: move.userId, max: move.maxCents, orderId: move.orderId });
  return row?.spent ?? 0;
}
const spendSome = preparedStatement<{ userId: string; max: number; orderId: string }, { spent: number }>(
  'spend store credit up to',
  () => sql`
  with held as (
    select user_id, least(balance_cents, ${sql.placeholder('max')}::int) as spent
    from ${storeCreditAccounts} where user_id = ${sql.placeholder('userId')} and balance_cents > 0
    for update
  ), moved as (
    update ${storeCreditAccounts} s set balance_cents = s.balance_cents - h.spent
    from held h where s.user_id = h.user_id
    returning s.user_id, s.balance_cents, h.spent
  ), logged as (
    insert into ${storeCreditEntries} (user_id, delta_cents, balance_after_cents, reason, order_id)
    select user_id, -spent, balance_cents, 'order', ${sql.placeholder('orderId')}::uuid from moved
  )
  select spent from moved`,
  (r) => ({ spent: Number(r.spent) }),
);

/** A customer's balance (0 without an account of credit). */
export async function balanceOf(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: storeCreditAccounts.balanceCents })
    .from(storeCreditAccounts)
    .where(eq(storeCreditAccounts.userId, userId));
  return Number(row?.balance ?? 0);
}

/**
 * A customer's balance and latest entries, newest first; `numberOf` names each entry's order (the
 * orders' room knows their numbers).
 */
export async function storeCreditOf(
  db: Db,
  userId: string,
  numberOf: (orderIds: string[]) => Promise<Map<string, string>>,
  limit = 50,
): Promise<StoreCredit> {
  const entries = await db
    .select({
      deltaCents: storeCreditEntries.deltaCents,
      balanceAfterCents: storeCreditEntries.balanceAfterCents,
      reason: storeCreditEntries.reason,
      orderId: storeCreditEntries.orderId,
      at: storeCreditEntries.createdAt,
    })
    .from(storeCreditEntries)
    .where(eq(storeCreditEntries.userId, userId))
    .orderBy(desc(storeCreditEntries.id))
    .limit(limit);
  const numbers = await numberOf([...new Set(entries.flatMap((e) => (e.orderId ? [e.orderId] : [])))]);
  return {
    balanceCents: await balanceOf(db, userId),
    entries: entries.map((e) => ({
      deltaCents: e.deltaCents,
      balanceAfterCents: e.balanceAfterCents,
      reason: e.reason,
      orderId: e.orderId,
      orderNumber: e.orderId ? (numbers.get(e.orderId) ?? null) : null,
      at: e.at.toISOString(),
    })),
  };
}
