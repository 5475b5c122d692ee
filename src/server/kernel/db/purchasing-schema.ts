import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImportMapping } from '../../../contract/catalog-import';
import { type PurchaseOrderStatus, purchaseOrderStatuses } from '../../../contract/purchasing';
import { user } from './auth-schema';
import { products } from './catalog-core-schema';
import { stockLocations } from './inventory-schema';

/**
 * Buying stock (decision 097), written by the purchasing module only: the suppliers, what each
 * sells of the catalog, purchase orders with their lines, and each delivery received against one.
 * A line's `received_quantity` is the sum of its receipt lines, kept in the same statement under
 * the order's row lock, as an order line's counters are.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    leadTimeDays: integer('lead_time_days').notNull().default(7),
    minimumOrderCents: bigint('minimum_order_cents', { mode: 'number' }).notNull().default(0),
    note: text('note'),
    /** The supplier's own file headers mapped to the store's columns, kept for its next file. */
    importMapping: jsonb('import_mapping').$type<ImportMapping>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Two suppliers of one name would be one supplier typed twice.
    uniqueIndex('suppliers_name_unique').on(sql`lower(${t.name})`),
    check('suppliers_lead_time_range', sql`${t.leadTimeDays} between 0 and 365`),
    check('suppliers_minimum_not_negative', sql`${t.minimumOrderCents} >= 0`),
  ],
);

export const supplierProducts = pgTable(
  'supplier_products',
  {
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplierPartNumber: text('supplier_part_number').notNull(),
    packSize: integer('pack_size').notNull().default(1),
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.supplierId, t.productId] }),
    index('supplier_products_product_idx').on(t.productId),
    check('supplier_products_pack_positive', sql`${t.packSize} >= 1`),
    check('supplier_products_cost_not_negative', sql`${t.costCents} >= 0`),
  ],
);

/** Purchase orders are shown as PO-<number>, from 10001, without gaps a person would notice. */
export const purchaseOrderNumberSeq = pgSequence('purchase_order_number_seq', { startWith: 10001 });

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull().default(sql`nextval('purchase_order_number_seq')`),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status').$type<PurchaseOrderStatus>().notNull().default('draft'),
    note: text('note'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_unique').on(t.number),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.createdAt),
    check(
      'purchase_orders_status_known',
      sql.raw(`status in (${purchaseOrderStatuses.map((s) => `'${s}'`).join(', ')})`),
    ),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** The supplier's number for the part when the line was written, as the supplier reads the order. */
    supplierPartNumber: text('supplier_part_number'),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    unitCostCents: bigint('unit_cost_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.purchaseOrderId, t.lineNo] }),
    index('purchase_order_lines_product_idx').on(t.productId),
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check('purchase_order_lines_received_not_negative', sql`${t.receivedQuantity} >= 0`),
    check('purchase_order_lines_cost_not_negative', sql`${t.unitCostCents} >= 0`),
  ],
);

export const purchaseReceipts = pgTable(
  'purchase_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    note: text('note'),
    /** The place the delivery was counted into (decision 099); null for receipts from before places. */
    locationId: text('location_id').references(() => stockLocations.id),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('purchase_receipts_order_idx').on(t.purchaseOrderId, t.receivedAt)],
);

export const purchaseReceiptLines = pgTable(
  'purchase_receipt_lines',
  {
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => purchaseReceipts.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.receiptId, t.lineNo] }),
    check('purchase_receipt_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
