import type { ModuleDescriptor } from '../../kernel/jobs';

/** The only writer of stock: a product's figures on `tools` and the ledger (decision 037). */
export const inventoryModule: ModuleDescriptor = {
  name: 'modules/inventory',
  tables: ['tools', 'stock_movements'],
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
