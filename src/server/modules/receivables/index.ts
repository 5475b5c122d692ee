import type { Db } from '../../kernel/db';
import type { ModuleDescriptor } from '../../kernel/jobs';
import type { Outbox } from '../../kernel/outbox';
import { mailMonthlyStatements, remindOverdueInvoices } from './account-mail-jobs';

/**
 * Orders on account (decision 102): what trade accounts owe, their invoices, the payments recorded
 * against them and the monthly statements. The only writer of those tables; the credit limit and
 * terms are the accounts room's (`trade_accounts`), read here in share mode when an order is charged.
 */
export const receivablesModule: ModuleDescriptor<{
  db: Db;
  outbox: Outbox;
  log: { info(details: object, message: string): void };
}> = {
  name: 'modules/receivables',
  tables: ['account_balances', 'account_invoices', 'account_payments', 'account_payment_lines', 'account_statements'],
  // The terms charged against, invoices' numbers from their orders, credits from refunds, names.
  reads: ['trade_accounts', 'orders', 'refunds', 'user'],
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

export { mailMonthlyStatements, REMIND_EVERY_DAYS, remindOverdueInvoices } from './account-mail-jobs';
export { type ChargedInvoice, chargeAccount, creditInvoice, invoiceOpenOf } from './account-balance';
export { invoiceForMail, invoicesOf, openInvoices, standingOf } from './invoices';
export { recordPayment } from './payments';
export { type Statement, statementOf, statementPdf } from './statement';
