import type { ModuleDescriptor } from '../../kernel/jobs';

/** Store credit (decision 100): the only writer of customers' balances and their entries. */
export const creditModule: ModuleDescriptor = {
  name: 'modules/credit',
  tables: ['store_credit_accounts', 'store_credit_entries'],
};

export {
  balanceOf,
  type CreditMove,
  CreditShort,
  moveCredit,
  spendUpTo,
  storeCreditOf,
} from './store-credit';
