import type { ModuleDescriptor } from '../../kernel/jobs';

/**
 * The only writer of stock: the ledger, and a product's figures on the catalog's `tools` row
 * (decision 037), a shared write until the figures move to a table of their own (decision 089).
 */
export const inventoryModule: ModuleDescriptor = {
  name: 'modules/inventory',
  tables: ['stock_movements'],
  alsoWrites: ['tools'],
};

export {
  adjustStock,
  assertWithinStockMax,
  lockToolsInOrder,
  moveStock,
  OutOfStock,
  readForSale,
  type StockMove,
  stockLedger,
} from './inventory.service';
