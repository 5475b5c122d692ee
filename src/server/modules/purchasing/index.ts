import type { ModuleDescriptor } from '../../kernel/jobs';

/**
 * Buying stock (decision 097): suppliers, what each sells of the catalog, purchase orders and the
 * deliveries received against them. Receiving moves stock through the inventory's face and sets
 * the product's cost through the catalog's; sending is mailed by edge/mail from the outbox.
 */
export const purchasingModule: ModuleDescriptor = {
  name: 'modules/purchasing',
  tables: [
    'suppliers',
    'supplier_products',
    'purchase_orders',
    'purchase_order_lines',
    'purchase_receipts',
    'purchase_receipt_lines',
  ],
  // The product's name, SKU and cost beside a supplier's lines, who counted a delivery in, and
  // what each product sold (paid, less refunded) for the reorder suggestions.
  reads: ['order_lines', 'orders', 'products', 'user'],
};

export { purchaseOrderCsv, purchaseOrderPdf } from './purchase-order-files';
export {
  createPurchaseOrder,
  endPurchaseOrder,
  getPurchaseOrder,
  listPurchaseOrders,
  PURCHASE_ORDER_COLUMNS,
  purchaseOrderRows,
  sendPurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders';
export { receivePurchaseOrder } from './receiving';
export { reorderSuggestions } from './reorder';
export {
  createSupplier,
  getSupplier,
  listSuppliers,
  removeSupplierProduct,
  setSupplierImportMapping,
  setSupplierProduct,
  supplierForImport,
  updateSupplier,
  writeSupplierFileRow,
} from './suppliers';
