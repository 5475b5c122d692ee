import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../kernel/db';
import { cartActivity, cartLines, cartReminders, rowsOf, user } from '../../kernel/db';
import type { Outbox } from '../../kernel/outbox';
import { publish } from '../../kernel/outbox';

/**
 * Cart reminders (decision 060): a signed-in customer's cart untouched for a day gets one mail.
 * When a cart last changed is `cart_activity` (kept by a trigger on every change of its lines);
 * `cart_reminders` keeps, per customer, the change the last reminder was about and the
 * unsubscribe. A cart reminded of is reminded of again only after it changed and then sat
 * another day; an emptied cart (checked out, or cleared) has no lines and gets none.
 */

/** How long a cart sits untouched before its reminder. */
export const CART_IDLE_MS = 24 * 60 * 60 * 1000;
/** Reminders queued per run at most; the next run takes the rest. */
const BATCH = 500;

/** A reminder's time as text, the same on every instance and engine (the message's key). */
const stamp = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Queues the due reminders: one statement records, per due cart, the change it is about, and only
 * where no reminder was recorded for that change (or a later one) and the customer did not
 * unsubscribe; each recorded row publishes its mail in the same transaction. Two instances
 * running it at once record each cart once: the second's insert waits on the first's row and
 * then finds its condition false. The outbox's key (customer and change) is a second lock.
 */
export async function queueCartReminders(db: Db, outbox: Outbox, now: SQL = sql`now()`): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const due = rowsOf<{ user_id: string; reminded_for: string }>(
      await tx.execute(sql`
        insert into ${cartReminders} (user_id, reminded_for, reminded_at)
        select a.user_id, a.changed_at, ${now}
        from ${cartActivity} a
        join ${user} u on u.id = a.user_id
        where a.changed_at <= ${now} - ${`${CART_IDLE_MS} milliseconds`}::interval
          and exists (select 1 from ${cartLines} l where l.user_id = a.user_id)
          and not exists (
            select 1 from ${cartReminders} r
            where r.user_id = a.user_id
              and (r.unsubscribed_at is not null or r.reminded_for >= a.changed_at))
        order by a.changed_at
        limit ${BATCH}
        on conflict (user_id) do update
          set reminded_for = excluded.reminded_for, reminded_at = excluded.reminded_at
          where ${cartReminders}.unsubscribed_at is null
            and (${cartReminders}.reminded_for is null or ${cartReminders}.reminded_for < excluded.reminded_for)
        returning user_id, ${stamp(sql`reminded_for`)} as reminded_for`),
    );
    for (const row of due) {
      await publish(tx, outbox, 'cart.reminder_due', `cart-reminder:${row.user_id}:${row.reminded_for}`, {
        userId: row.user_id,
        remindedFor: row.reminded_for,
      });
    }
    return due.length;
  });
}

/**
 * Whether a queued reminder is still to be sent when its mail is written: the customer has not
 * unsubscribed since, and the cart is the one it was about (not changed since, not emptied).
 */
export async function reminderStillDue(db: Db, userId: string, remindedFor: string): Promise<boolean> {
  const [row] = rowsOf<{ due: boolean }>(
    await db.execute(sql`
      select true as due
      from ${cartReminders} r
      join ${cartActivity} a on a.user_id = r.user_id
      where r.user_id = ${userId} and r.unsubscribed_at is null
        and ${stamp(sql`r.reminded_for`)} = ${remindedFor}
        and a.changed_at <= r.reminded_for
        and exists (select 1 from ${cartLines} l where l.user_id = r.user_id)`),
  );
  return row?.due === true;
}

/** No more cart reminders for this account, for good; saying it again changes nothing. */
export async function unsubscribe(db: Db, userId: string): Promise<void> {
  await db.execute(sql`
    insert into ${cartReminders} (user_id, unsubscribed_at)
    select id, now() from ${user} where id = ${userId}
    on conflict (user_id) do update set unsubscribed_at = coalesce(${cartReminders}.unsubscribed_at, now())`);
}
