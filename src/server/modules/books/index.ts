import type { ModuleDescriptor } from '../../kernel/jobs';

/**
 * The books (docs/books.md, decision 091): the finance figures, the tax report and the accountant's
 * files. It writes nothing; every figure is a sum of the orders', refunds' and payments' own rows,
 * read with the definitions of books-sql.ts.
 */
export const booksModule: ModuleDescriptor = {
  name: 'modules/books',
  reads: [
    'account_payments',
    'categories',
    'order_balance_payments',
    'order_lines',
    'orders',
    'payment_intents',
    'products',
    'refunds',
    'returns',
  ],
};

export { bookFile } from './books-files';
export { booksReport, figuresOf, salesFigures, taxesByJurisdiction } from './books-report';
export { ordersBehind, periodBounds } from './books-sql';
