import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';

/** The only writer of stock: a product's figures on `tools` and the ledger (decision 037). */
export const inventoryModule: ModuleDescriptor = {
  name: 'modules/inventory',
  tables: ['tools', 'stock_movements'],
};
