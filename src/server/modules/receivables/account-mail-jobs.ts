import { sql } from 'drizzle-orm';
import type { Db } from '../../kernel/db';
import {
  accountBalances,
  accountInvoices,
  accountPayments,
  accountStatements,
  rowsOf,
} from '../../kernel/db';
import { type Outbox, publish } from '../../kernel/outbox';
import { monthBefore, monthBounds } from './days';

/**
 * The two mails accounts get without anyone asking (decision 102), each claimed by the statement
 * that marks it, so that whichever instance runs the job, a reminder or a statement goes once.
 */

/** Days between two reminders of one overdue invoice. */
export const REMIND_EVERY_DAYS = 7;

/**
 * Overdue invoices not reminded this week are marked reminded and their mail published, in one
 * transaction; rows another instance holds are skipped (it is reminding them).
 */
export async function remindOverdueInvoices(db: Db, outbox: Outbox, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update ${accountInvoices} set reminded_at = ${now.toISOString()}::timestamptz
        where id in (
          select id from ${accountInvoices}
          where credited_cents + paid_cents < amount_cents
            and due_on < (${now.toISOString()}::timestamptz at time zone 'UTC')::date
            and (reminded_at is null or reminded_at < ${now.toISOString()}::timestamptz - make_interval(days => ${REMIND_EVERY_DAYS}))
          order by due_on limit 100
          for update skip locked)
        returning id`),
    );
    for (const { id } of claimed)
      await publish(
        tx,
        outbox,
        'invoice.overdue',
        `invoice-overdue:${id}:${now.toISOString().slice(0, 10)}`,
        {
          invoiceId: id,
        },
      );
    return claimed.length;
  });
}

/**
 * Once the month has ended, each account that owes on an invoice of that month or before, or that
 * moved in it, gets its statement:
 * the claim row (account, month) is written once, and its mail published with it.
 */
export async function mailMonthlyStatements(db: Db, outbox: Outbox, now = new Date()): Promise<number> {
  const month = monthBefore(now);
  const { start, end } = monthBounds(month);
  return db.transaction(async (tx) => {
    const claimed = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        insert into ${accountStatements} (user_id, month)
        select user_id, ${month} from (
          select b.user_id from ${accountBalances} b
          where b.balance_cents > 0
            and exists (select 1 from ${accountInvoices} i where i.user_id = b.user_id and i.issued_at < ${end}::date)
          union
          select user_id from ${accountInvoices} where issued_at >= ${start}::date and issued_at < ${end}::date
          union
          select user_id from ${accountPayments} where received_on >= ${start}::date and received_on < ${end}::date
        ) active
        on conflict do nothing
        returning user_id`),
    );
    for (const { user_id } of claimed)
      await publish(tx, outbox, 'statement.ready', `statement:${user_id}:${month}`, {
        userId: user_id,
        month,
      });
    return claimed.length;
  });
}
