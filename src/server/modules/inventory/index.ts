import type { ModuleDescriptor } from '../../kernel/jobs';

/**
 * The only writer of stock: the ledger and each product's levels (decisions 037, 089). Other rooms
 * read stock through `stockOf` and the SQL of `availableAtLeast`, `availableAtMost`,
 * `availableOf` and `onHandOf` (the `product_stock` view).
 */
export const inventoryModule: ModuleDescriptor = {
  name: 'modules/inventory',
  tables: ['stock_movements', 'stock_levels', 'stock_locations', 'location_stock', 'stock_transfers'],
  // For one release only: the figures on the catalog's `products` row, moved in the same statement as
  // the level, for instances of the release before during a rolling restart (decision 089). The
  // release after, the columns go and so does the shared write; the check that a product is still
  // as the order read it (name, price: the catalog's columns) then needs a declared read instead.
  alsoWrites: ['products'],
};

export { productStock } from '../../kernel/db';
export {
  adjustStock,
  assertWithinStockMax,
  countStockIn,
  lockProductsInOrder,
  moveStock,
  OutOfStock,
  readForSale,
  type StockMove,
  stockLedger,
} from './inventory.service';
export {
  createLocation,
  type HeldAt,
  heldByOrder,
  listLocations,
  openPlace,
  setBin,
  setBinIn,
  stockAtPlaces,
  updateLocation,
} from './locations';
export { NoSuchPlace, NotEnoughAt } from './stock-places';
export {
  availableAtLeast,
  availableAtMost,
  availableOf,
  binAt,
  onHandAt,
  onHandOf,
  type StockFigures,
  stockOf,
  stockOfOne,
} from './stock-read';
export { closeTransfer, listTransfers, sendTransfer } from './transfers';
