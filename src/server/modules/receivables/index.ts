import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Outbox } from '../../kernel/outbox';
import { mailMonthlyStatements, remindOverdueInvoices } from './account-mail-jobs';

/**
 * Orders on account (decision 102): what trade accounts owe, their invoices, the payments recorded
 * against them and the monthly statements. The only writer of those tables. The credit limit and
 * terms are the accounts room's: callers read them (in share mode when an order is charged) and
 * hand them in, so this room stands below both accounts and orders.
 */
export const receivablesModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  log: { info(details: object, message: string): void };
}> = {
  name: 'modules/receivables',
  tables: [
    'account_balances',
    'account_invoices',
    'account_credits',
    'account_payments',
    'account_payment_lines',
    'account_statements',
  ],
  // The customers' names and addresses, for the lists, the statements and the reminders.
  reads: ['user'],
  jobs: ({ db, outbox, log }) => [
    {
      name: 'remind-overdue-invoices',
      everyMs: 60 * 60_000,
      run: async () => {
        const count = await remindOverdueInvoices(db, outbox);
        if (count > 0) log.info({ count }, 'reminded overdue invoices');
      },
    },
    {
      name: 'mail-monthly-statements',
      everyMs: 60 * 60_000,
      run: async () => {
        const count = await mailMonthlyStatements(db, outbox);
        if (count > 0) log.info({ count }, 'mailed monthly statements');
      },
    },
  ],
};

export {
  type ChargedInvoice,
  chargeAccount,
  creditInvoice,
  extendInvoice,
  invoiceOpenOf,
  owedOnAccount,
} from './account-balance';
export { mailMonthlyStatements, REMIND_EVERY_DAYS, remindOverdueInvoices } from './account-mail-jobs';
export { invoiceForMail, invoicesOf, openInvoices, standingOf } from './invoices';
export { recordPayment } from './payments';
export { type Statement, statementOf, statementPdf } from './statement';
