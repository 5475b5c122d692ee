import type {
  PurchaseOrder,
  PurchaseOrderSummary,
  ReorderAnswer,
  Supplier,
  SupplierDetails,
} from '@contract/purchasing';

/** The purchasing pages' test data: one supplier that sells brake pads, and its orders. */
export const SUPPLIER_ID = '0b5d7a3e-6f1c-4c2a-9e8b-1a2b3c4d5e6f';
export const OTHER_SUPPLIER_ID = '1c6e8b4f-7a2d-4d3b-8f9c-2b3c4d5e6f70';
export const PADS_ID = '2d7f9c5a-8b3e-4e4c-9a0d-3c4d5e6f7081';
export const FILTER_ID = '3e8a0d6b-9c4f-4f5d-8b1e-4d5e6f708192';
export const ORDER_ID = '4f9b1e7c-0d5a-4a6e-9c2f-5e6f708192a3';

export const supplier: Supplier = {
  id: SUPPLIER_ID,
  name: 'Apex Parts Co.',
  contactName: 'Ada Apex',
  email: 'orders@apex.example',
  phone: null,
  leadTimeDays: 5,
  minimumOrderCents: 25000,
  note: null,
  importMapping: {},
  productCount: 1,
  openOrders: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};

export const otherSupplier: Supplier = {
  ...supplier,
  id: OTHER_SUPPLIER_ID,
  name: 'Brake World',
  email: 'po@brakeworld.example',
  leadTimeDays: 1,
  productCount: 0,
  openOrders: 0,
};

export const details: SupplierDetails = {
  supplier,
  products: [
    {
      supplierId: SUPPLIER_ID,
      productId: PADS_ID,
      productName: 'Brake pad set',
      sku: 'BP-1',
      supplierPartNumber: 'APX-778',
      packSize: 4,
      costCents: 1250,
    },
  ],
};

export const summary: PurchaseOrderSummary = {
  id: ORDER_ID,
  number: '1042',
  supplier: { id: SUPPLIER_ID, name: supplier.name, email: supplier.email },
  status: 'partly_received',
  totalCents: 17490,
  createdAt: '2026-11-20T09:00:00.000Z',
  sentAt: '2026-11-20T10:00:00.000Z',
  lineCount: 2,
  unitsOrdered: 12,
  unitsReceived: 4,
};

export const order: PurchaseOrder = {
  id: ORDER_ID,
  number: '1042',
  supplier: { id: SUPPLIER_ID, name: supplier.name, email: supplier.email },
  status: 'partly_received',
  lines: [
    {
      lineNo: 1,
      productId: PADS_ID,
      productName: 'Brake pad set',
      sku: 'BP-1',
      supplierPartNumber: 'APX-778',
      quantity: 10,
      receivedQuantity: 4,
      unitCostCents: 1250,
      lineTotalCents: 12500,
    },
    {
      lineNo: 2,
      productId: FILTER_ID,
      productName: 'Oil filter',
      sku: 'OF-2',
      supplierPartNumber: null,
      quantity: 2,
      receivedQuantity: 0,
      unitCostCents: 2495,
      lineTotalCents: 4990,
    },
  ],
  totalCents: 17490,
  note: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  sentAt: '2026-11-20T10:00:00.000Z',
  closedAt: null,
  receipts: [
    {
      id: 'r-1',
      receivedAt: '2026-11-22T15:30:00.000Z',
      note: 'First pallet',
      locationId: null,
      receivedBy: 'Molly Manager',
      lines: [
        { lineNo: 1, quantity: 4 },
        { lineNo: 2, quantity: 0 },
      ],
    },
  ],
  offers: ['receive', 'close'],
};

export const draft: PurchaseOrder = {
  ...order,
  status: 'draft',
  sentAt: null,
  receipts: [],
  lines: order.lines.map((l) => ({ ...l, receivedQuantity: 0 })),
  offers: ['edit', 'send', 'cancel'],
};

/**
 * What to reorder: brake pads from Apex (packs of 4, $12.50; under its $250.00 minimum), and a
 * product no supplier sells.
 */
export const ROTOR_ID = '5a0c2f8d-1e6b-4b7f-8d3a-6f708192a3b4';
export const reorder: ReorderAnswer = {
  days: 30,
  coverDays: 30,
  suggestions: [
    {
      supplier: { id: SUPPLIER_ID, name: supplier.name, leadTimeDays: 5, minimumOrderCents: 25000 },
      lines: [
        {
          productId: PADS_ID,
          productName: 'Brake pad set',
          sku: 'BP-1',
          supplierPartNumber: 'APX-778',
          packSize: 4,
          unitCostCents: 1250,
          available: 3,
          onOrder: 0,
          sold: 30,
          reorderPoint: 5,
          suggestedQuantity: 36,
        },
        {
          productId: FILTER_ID,
          productName: 'Oil filter',
          sku: 'OF-2',
          supplierPartNumber: null,
          packSize: 1,
          unitCostCents: 2495,
          available: 1,
          onOrder: 2,
          sold: 6,
          reorderPoint: 3,
          suggestedQuantity: 4,
        },
      ],
      // 36 × $12.50 + 4 × $24.95 = $450.00 + $99.80
      totalCents: 54980,
      underMinimum: false,
    },
    {
      supplier: null,
      lines: [
        {
          productId: ROTOR_ID,
          productName: 'Vented rotor',
          sku: 'VR-9',
          supplierPartNumber: null,
          packSize: 1,
          unitCostCents: null,
          available: 0,
          onOrder: 0,
          sold: 2,
          reorderPoint: 2,
          suggestedQuantity: 3,
        },
      ],
      totalCents: 0,
      underMinimum: false,
    },
  ],
};
